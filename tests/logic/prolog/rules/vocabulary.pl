% The V-LoL vocabulary predicates and the remaining Michalski ones.
eastbound(Train) :-
    has_car(Train, Car),
    (   has_payload(Car, golden_vase), solid_roof(Car)
    ;   braced_wall(Car), has_roof2(Car, Roof), Roof \== none
    ;   has_roof(Car, R), peaked(R), red(Car)
    ;   u_shaped(Car), has_load(Car, 2)
    ;   green(Car), barrel(Car)
    ;   car_color(Car, C), grey(C), open(Car)
    ).
