% color: eastbound if three cars have pairwise different colours.
eastbound(Train) :-
    has_car(Train, C1), has_car(Train, C2), has_car(Train, C3),
    car_color(C1, A), car_color(C2, B), car_color(C3, C),
    A \== B, A \== C, B \== C.
