% Arithmetic: //, mod, min, max, abs and a recursive accumulator.
eastbound(Train) :-
    weight(Train, 0, W),
    X is abs(W - 7) // 2 + max(W, 3) mod 4 - min(W, 2),
    X > 3.

weight([], W, W).
weight([c(P, _, Length, _, _, Wheels, l(_, N))|Cars], W0, W) :-
    ( Length == long -> K = 2 ; K = 1 ),
    W1 is W0 + K * N + Wheels - P,
    weight(Cars, W1, W).
