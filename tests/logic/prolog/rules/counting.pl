% findall, sum_list, aggregate_all(count) and mod: the total load count and the number of short
% cars agree modulo 3.
eastbound(Train) :-
    findall(N, (has_car(Train, Car), load_num(Car, N)), Counts),
    sum_list(Counts, Total),
    aggregate_all(count, (has_car(Train, Car2), short(Car2)), Shorts),
    Total mod 3 =:= Shorts mod 3.
