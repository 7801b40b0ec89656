% Choicepoints, compiled call/N goals and sorting buffers count against the term space.
choices :- between(1, 2, _), choices.
calls(N) :- G = true, call(G), N1 is N + 1, calls(N1).
eastbound(T) :- T = [_], choices.
eastbound(T) :- T = [_, _], calls(0).
eastbound(_) :- numlist(1, 300000, L), msort(L, _).
