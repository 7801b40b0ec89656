% numerical (logic/rules/numerical.pl) over the exported relational facts: some car has
% position = load count = axle count.
eastbound(T) :-
    has_car(T, C),
    car_num(C, N),
    load_num(C, N),
    has_wheel0(C, N).
