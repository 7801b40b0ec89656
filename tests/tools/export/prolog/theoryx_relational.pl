% theoryx (logic/rules/theoryx.pl) over the exported relational facts: some car is short and
% closed, or a car with a triangle load has a car with a circle load somewhere behind it.
eastbound(T) :-
    has_car(T, C),
    short(C),
    closed(C).
eastbound(T) :-
    has_car(T, C1), has_load0(C1, triangle), car_num(C1, P1),
    has_car(T, C2), has_load0(C2, circle), car_num(C2, P2),
    less_than(P1, P2).
