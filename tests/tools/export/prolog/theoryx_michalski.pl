% theoryx (logic/rules/theoryx.pl) over the exported Michalski-style facts; "somewhere behind"
% follows infront/2 from car to car.
eastbound(T) :-
    has_car(T, C),
    short(C),
    closed(C).
eastbound(T) :-
    has_car(T, C1), has_load(C1, L1), load_triangle(L1),
    behind(C1, C2), has_load(C2, L2), load_circle(L2).

behind(C1, C2) :- infront(C1, C2).
behind(C1, C3) :- infront(C1, C2), behind(C2, C3).
