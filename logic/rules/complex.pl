% complex: eastbound if
%   some car has position < load count and position < axle count, or
%   a short car and a long car have the same colour and the short car's position is less than
%   the long car's axle count, or
%   three cars have pairwise different colours.
eastbound(Train) :-
    has_car(Train, Car),
    car_num(Car, P),
    load_num(Car, L),
    has_wheel0(Car, W),
    P < L,
    P < W.
eastbound(Train) :-
    has_car(Train, Short), short(Short),
    has_car(Train, Long), long(Long),
    car_color(Short, Colour), car_color(Long, Colour),
    car_num(Short, P),
    has_wheel0(Long, W),
    P < W.
eastbound(Train) :-
    has_car(Train, C1), has_car(Train, C2), has_car(Train, C3),
    car_color(C1, A), car_color(C2, B), car_color(C3, C),
    A \== B, A \== C, B \== C.
