% msort, sort, length, nth0 and nth1 over the colours of the cars.
eastbound(Train) :-
    findall(Colour, (has_car(Train, Car), car_color(Car, Colour)), Colours),
    msort(Colours, Sorted),
    sort(Colours, Distinct),
    length(Distinct, K),
    nth1(1, Sorted, Smallest),
    nth0(0, Colours, Front),
    (   Smallest == Front -> K >= 2
    ;   K =:= 3
    ).
