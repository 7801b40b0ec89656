% aggregate_all with max, set and bag, forall/2, last/2, has_car/3, infront/3 and a redefined
% background predicate (closed/1 here also excludes flat roofs).
closed(Car) :- has_roof0(Car, Roof), Roof \= none, Roof \= flat.

eastbound(Train) :-
    aggregate_all(max(N), (has_car(Train, Car), load_num(Car, N)), Max),
    aggregate_all(set(S), (has_car(Train, C2), car_color(C2, S)), Set),
    length(Set, K),
    forall(between(1, K, I), I =< Max + 1),
    aggregate_all(bag(P), has_car(Train, _, P), Positions),
    last(Positions, Last),
    Last >= K.
eastbound(Train) :-
    infront(Train, A, B),
    closed(A),
    \+ closed(B),
    has_wheel(B, w(_, 3)).
