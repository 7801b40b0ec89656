% complex (logic/rules/complex.pl) over the exported relational facts.
eastbound(T) :-
    has_car(T, C), car_num(C, P), load_num(C, L), has_wheel0(C, W),
    less_than(P, L), less_than(P, W).
eastbound(T) :-
    has_car(T, Short), short(Short),
    has_car(T, Long), long(Long),
    car_color(Short, Colour), car_color(Long, Colour),
    car_num(Short, P), has_wheel0(Long, W),
    less_than(P, W).
eastbound(T) :-
    has_car(T, C1), has_car(T, C2), has_car(T, C3),
    car_color(C1, A), car_color(C2, B), car_color(C3, C),
    A \== B, A \== C, B \== C.
