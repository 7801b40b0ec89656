% easy: eastbound if a short car and a long car have the same colour.
eastbound(Train) :-
    has_car(Train, Short), short(Short),
    has_car(Train, Long), long(Long),
    car_color(Short, Colour), car_color(Long, Colour).
