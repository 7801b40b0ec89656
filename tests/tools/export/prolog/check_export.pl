% Checks the facts of a Popper export against the canonical train terms they were made from:
%   swipl check_export.pl -- VOCABULARY BACKGROUND BK TRAINS
% VOCABULARY is relational or michalski; BACKGROUND is logic/rules/background.pl; TRAINS holds
% railyard_train(Id, Term) facts. For every predicate of the vocabulary the exported facts must
% be exactly the answers of its canonical definition (background.pl's, or michalski_style.pl's
% built on it) for every train, car and load, enumerated with the object bound and the other
% arguments free; no other predicate may be exported.
% Prints one line per failure and a summary; exits 0 when everything agrees.
:- initialization(main, main).

:- dynamic failures/1, railyard_train/2.
failures(0).

here(Dir) :- source_file(here(_), File), file_directory_name(File, Dir).

main :-
    current_prolog_flag(argv, [Vocabulary, Background, Bk, Trains]),
    load_files(canon:Background, []),
    (   Vocabulary == michalski
    ->  here(Dir), directory_file_path(Dir, 'michalski_style.pl', Style),
        use_module(Style, [])
    ;   true
    ),
    load_files(exported:Bk, []),
    load_files(Trains, []),
    findall(Id-Term, railyard_train(Id, Term), Objects),
    check_vocabulary(Vocabulary, Objects),
    check_nothing_else(Vocabulary),
    failures(N),
    length(Objects, Count),
    format("checked ~w trains, ~w failures~n", [Count, N]),
    (   N =:= 0 -> halt(0) ; halt(1) ).

fail_with(Format, Args) :-
    format(Format, Args), nl,
    retract(failures(N)), N1 is N + 1, assertz(failures(N1)).

% --- The vocabularies: predicate and argument kinds; the first argument is the object -------
spec(relational, has_car, [train, car]).
spec(relational, infront, [train, car, car]).
spec(relational, has_load1, [train, value]).
spec(relational, P, [car, value]) :-
    member(P, [car_num, has_roof0, has_wheel0, has_load, has_load0, load_num, car_color,
               has_payload, has_roof2]).
spec(relational, P, [car]) :-
    member(P, [rectangle, bucket, ellipse, hexagon, u_shaped, long, short, double, open, closed,
               yellow, green, grey, red, blue, box, golden_vase, barrel, diamond, metal_pot,
               oval_vase, roof_open, roof_foundation, solid_roof, braced_roof, peaked_roof,
               solid_wall, braced_wall]).
spec(relational, less_than, [number, number]).
spec(michalski, has_car, [train, car]).
spec(michalski, infront, [car, car]).
spec(michalski, has_load, [car, load]).
spec(michalski, P, [car]) :-
    member(P, [short, long, closed, open_car, roof_arc, roof_flat, roof_jagged, roof_peaked,
               double, not_double, rectangle, bucket, ellipse, hexagon, u_shaped, two_wheels,
               three_wheels, no_load]).
spec(michalski, P, [load]) :-
    member(P, [load_rectangle, load_triangle, load_circle, load_diamond, load_hexagon,
               load_utriangle, one_load, two_load, three_load]).

canonical_module(relational, canon).
canonical_module(michalski, michalski_style).

% object(Vocabulary, Train, Kind, Object): the objects of a train as the canonical definitions
% see them.
object(_, T, train, T).
object(relational, T, car, C) :- member(C, T).
object(michalski, T, car, in(T, C)) :- member(C, T).
object(michalski, T, load, l(in(T, C), J)) :-
    member(C, T), C = c(_, _, _, _, _, _, l(_, N)), between(1, N, J).

% The exported constant of a canonical object or value.
constant(Id, X, Id) :- is_list(X), !.
constant(Id, in(_, C), Y) :- !, constant(Id, C, Y).
constant(Id, c(N, _, _, _, _, _, _), Y) :- !, atomic_list_concat([Id, '_c', N], Y).
constant(Id, l(Car, J), Y) :- !, constant(Id, Car, C), atomic_list_concat([C, '_l', J], Y).
constant(_, X, X) :- atomic(X).

check_vocabulary(Vocabulary, Objects) :-
    forall(spec(Vocabulary, P, Kinds), check_predicate(Vocabulary, P, Kinds, Objects)).

check_predicate(Vocabulary, P, Kinds, Objects) :-
    length(Kinds, Arity),
    canonical_facts(Vocabulary, P, Kinds, Objects, Canonical),
    exported_facts(P, Arity, Exported),
    ord_subtract(Canonical, Exported, Missing),
    ord_subtract(Exported, Canonical, Extra),
    report(P/Arity, missing, Missing),
    report(P/Arity, unexpected, Extra),
    (   Canonical == [] -> fail_with("~w: no facts at all in the sample", [P/Arity]) ; true ).

canonical_facts(_, less_than, _, Objects, Facts) :- !,
    aggregate_all(max(L), (member(_-T, Objects), length(T, L)), Longest),
    Max is max(3, Longest),
    findall(less_than(A, B), (between(0, Max, A), between(A, Max, B), A < B), Unsorted),
    sort(Unsorted, Facts).
canonical_facts(Vocabulary, P, [Kind|Rest], Objects, Facts) :-
    canonical_module(Vocabulary, Module),
    length(Rest, N), length(Values, N),
    findall(Fact,
            ( member(Id-T, Objects),
              object(Vocabulary, T, Kind, Object),
              Goal =.. [P, Object|Values],
              call(Module:Goal),
              maplist(constant(Id), [Object|Values], Constants),
              Fact =.. [P|Constants] ),
            Unsorted),
    sort(Unsorted, Facts).

exported_facts(P, Arity, Facts) :-
    functor(Goal, P, Arity),
    (   current_predicate(exported:P/Arity) -> findall(Goal, exported:Goal, Unsorted) ; Unsorted = [] ),
    sort(Unsorted, Facts).

report(_, _, []) :- !.
report(PI, What, Facts) :-
    length(Facts, N),
    (   length(Shown, 3), append(Shown, _, Facts) -> true ; Shown = Facts ),
    fail_with("~w: ~w ~w facts, e.g. ~q", [PI, N, What, Shown]).

check_nothing_else(Vocabulary) :-
    forall(( current_predicate(exported:P/A),
             \+ ( spec(Vocabulary, P, Kinds), length(Kinds, A) ) ),
           fail_with("~w is exported but is not in the ~w vocabulary", [P/A, Vocabulary])).
