% custom: an example rule to copy and edit. Pass your copy with `--rule path/to/my_rule.pl`.
%
% A rule file defines eastbound(Train); a train is westbound when eastbound/1 fails. The train
% is the list of its cars, front to back, each c(Position, Shape, Length, Wall, Roof, Wheels,
% l(LoadShape, LoadCount)) in the Michalski vocabulary:
%   Shape      rectangle bucket ellipse hexagon u_shaped
%   Length     short long            Wall  not_double double
%   Roof       none arc flat jagged peaked
%   Wheels     2 3                   LoadShape  rectangle triangle circle diamond hexagon utriangle
%   LoadCount  0..3 (LoadShape is none when the count is 0)
% background.pl is loaded first, so has_car/2, short/1, car_color/2, load_num/2 and the other
% background predicates are available; you may define helpers of your own, and a predicate you
% define replaces a background predicate of the same name. Standard Prolog works: if-then-else,
% negation (\+), cut, findall/3, aggregate_all/3, between/3, nth1/3, sort/2, arithmetic.
%
% This example: eastbound if the train has at most three cars and carries at least four loads
% in total, or its first car is a closed, long car.

eastbound(Train) :-
    length(Train, Cars),
    Cars =< 3,
    total_loads(Train, Loads),
    Loads >= 4.
eastbound([First|_]) :-
    long(First),
    closed(First).

% total_loads(Train, N): the number of loads on all cars.
total_loads(Train, N) :-
    aggregate_all(sum(Count), (has_car(Train, Car), load_num(Car, Count)), N).
