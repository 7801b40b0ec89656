% The Michalski train distribution written in Prolog, as the reference's generator is, so that
% `railyard bench logic` can measure SWI-Prolog's sampling rate on the same machine. The tables
% are those of logic/distribution.cpp (vlol.md section 2); draws use cumulative sums and take the
% last value when rounding leaves the draw above the total, as the original does.
%
%   swipl -q -g "bench(200000)" -t halt michalski_sampler.pl
% prints `trains N seconds S` (CPU seconds spent sampling, the trains kept in a list).

pick(Pairs, Value) :-
    R is random_float,
    pick(Pairs, R, 0.0, Value).

pick([Value-_], _, _, Value) :- !.
pick([V-P|Rest], R, Acc, Value) :-
    Acc1 is Acc + P,
    (   R < Acc1
    ->  Value = V
    ;   pick(Rest, R, Acc1, Value)
    ).

car(Position, c(Position, Shape, Length, Wall, Roof, Axles, l(LoadShape, LoadCount))) :-
    pick([short-0.7, long-0.3], Length),
    shape(Length, Shape),
    wall(Length, Shape, Wall),
    roof(Length, Shape, Roof),
    axles(Length, Axles),
    load(Length, LoadShape, LoadCount).

shape(long, rectangle).
shape(short, Shape) :-
    pick([ellipse-0.048, hexagon-0.048, rectangle-0.524, u_shaped-0.190, bucket-0.190], Shape).

wall(short, rectangle, Wall) :- !, pick([not_double-0.73, double-0.27], Wall).
wall(_, _, not_double).

roof(short, ellipse, arc) :- !.
roof(short, hexagon, flat) :- !.
roof(short, _, Roof) :- !, pick([none-0.842, flat-0.105, peaked-0.053], Roof).
roof(long, _, Roof) :- pick([none-0.333, flat-0.444, jagged-0.223], Roof).

axles(short, 2).
axles(long, Axles) :- pick([2-0.56, 3-0.44], Axles).

load(short, Shape, Count) :-
    pick([circle-0.381, diamond-0.048, rectangle-0.190, triangle-0.381], Shape0),
    pick([1-0.952, 2-0.048], Count),
    load_shape(Count, Shape0, Shape).
load(long, Shape, Count) :-
    pick([circle-0.125, hexagon-0.125, rectangle-0.625, utriangle-0.125], Shape0),
    pick([0-0.11, 1-0.55, 2-0.11, 3-0.23], Count),
    load_shape(Count, Shape0, Shape).

load_shape(0, _, none) :- !.
load_shape(_, Shape, Shape).

angle(Angle) :-
    random_between(-60, 60, A0),
    (   random_float < 0.5
    ->  Angle is A0 + 180
    ;   Angle = A0
    ).

train(MinCars, MaxCars, train(Angle, Cars)) :-
    random_between(MinCars, MaxCars, N),
    numlist(1, N, Positions),
    maplist(car, Positions, Cars),
    angle(Angle).

bench(N) :-
    set_random(seed(1)),
    statistics(cputime, T0),
    findall(T, (between(1, N, _), train(2, 4, T)), Trains),
    statistics(cputime, T1),
    length(Trains, Count),
    Seconds is T1 - T0,
    format("trains ~d seconds ~6f~n", [Count, Seconds]).
