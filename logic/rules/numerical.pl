% numerical: eastbound if some car has position = load count = axle count.
eastbound(Train) :-
    has_car(Train, Car),
    car_num(Car, N),
    load_num(Car, N),
    has_wheel0(Car, N).
