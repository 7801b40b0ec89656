% Terms far deeper than the reader allows, built at run time: written, compared, copied.
wrap(0, T, T) :- !.
wrap(N, T0, T) :- N1 is N - 1, wrap(N1, f(T0, x), T).
eastbound(T) :- wrap(4000, T, W), write(W), copy_term(W, C), C == W, msort([W, C], _),
    atom_length(W, _).
