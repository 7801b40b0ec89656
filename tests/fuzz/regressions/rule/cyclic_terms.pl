% Rational trees: unify, ==, compare, copy_term, findall, sorting and writing terminate.
eastbound(T) :-
    X = f(X, T), Y = f(Y, T), X == Y, X = Y, compare(=, X, Y),
    copy_term(X, C), C == X, findall(X, member(_, T), L), msort([X, Y|L], _),
    write(X), print(L), term_to_atom(X, A), atom_length(A, _),
    Z = [a|Z], \+ is_list(Z),
    has_car(T, Car), short(Car).
