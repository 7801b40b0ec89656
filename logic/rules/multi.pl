% multi: eastbound if
%   a car has braced walls and a car carries 2 loads, or
%   a car carries 3 loads and a car is blue, or
%   a short car and a long car share a has_load value.
eastbound(Train) :-
    has_car(Train, C1), braced_wall(C1),
    has_car(Train, C2), load_num(C2, 2).
eastbound(Train) :-
    has_car(Train, C1), load_num(C1, 3),
    has_car(Train, C2), blue(C2).
eastbound(Train) :-
    has_car(Train, Short), short(Short),
    has_car(Train, Long), long(Long),
    has_load(Short, X), has_load(Long, X).
