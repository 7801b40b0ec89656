% Builtins given cyclic terms raise errors instead of looping.
eastbound(T) :- T = [_, _|_], X = [a|X], length(X, _).
eastbound(T) :- T = [_, _, _|_], X = [0'a|X], atom_codes(_, X).
eastbound(T) :- T = [_|_], X = X + 1, _ is X.
eastbound(_) :- G = (true, G), call(G).
eastbound(_) :- X = f(X), atom_length(X, _).
