% theoryx: eastbound if some car is short and closed, or some car carrying a triangle
% (golden vase) load has, somewhere behind it, a car carrying a circle (barrel) load.
% Written recursively over the list, as in the original.
eastbound([Car|Cars]) :-
    (   short(Car), closed(Car)
    ;   has_load0(Car, triangle), has_load1(Cars, circle)
    ;   eastbound(Cars)
    ).
