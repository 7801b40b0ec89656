% If-then-else, negation, cut in a helper, between/3.
eastbound(Train) :-
    length(Train, N),
    (   N > 3
    ->  \+ ( has_car(Train, Car), double(Car) )
    ;   first_short_position(Train, P),
        between(2, 4, P)
    ).

first_short_position(Train, P) :-
    has_car(Train, Car),
    short(Car),
    !,
    car_num(Car, P).
