% Builtins asked for huge output or too many arguments.
eastbound(T) :- T = [_], format("~99999999999999999999n").
eastbound(T) :- T = [_, _], tab(100000000000000).
eastbound(T) :- T = [_, _, _], length(L, 255), G =.. [foo|L], call(G, x, y).
eastbound(_) :- X is 1 >> -70, Y is 1 << -3, X =:= Y, char_code(_, -1).
