% =.., functor/3 and arg/3 on the car terms, with a cut.
eastbound(Train) :-
    has_car(Train, Car),
    Car =.. [c|Args],
    nth1(5, Args, Roof),
    Roof \== none,
    functor(Car, _, Arity),
    Arity =:= 7,
    arg(7, Car, l(_, Count)),
    Count >= 2,
    !.
