% Cyclic terms (rational trees) built from the train: unification, ==, compare/3, copy_term,
% findall and sorting terminate and answer as in SWI-Prolog. East when the first car is short
% and some closed car follows it.
eastbound([First|Rest]) :-
    Ring = [First|Ring],                      % the first car, repeated for ever
    Ring = [_, Again|_], Again == First,
    copy_term(Ring, Copy), Copy == Ring,
    Other = [First, First|Other], Other = Ring, compare(=, Other, Ring),
    findall(R, R = loop(R, First), [Loop]), Loop = loop(Inner, _), Inner == Loop,
    msort([Loop, Ring, Loop], [_, _, _]),
    short(First),
    member(Car, Rest),
    closed(Car),
    Tie = t(Car, Tie), Tie \= t(_, t(First, _)).
