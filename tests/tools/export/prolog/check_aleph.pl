% Checks an Aleph export: swipl check_aleph.pl -- TRAIN_B TRAIN_F TRAIN_N RULE
% train.b is loaded with Aleph's declarations as the directives of aleph_stub.pl. Every body
% mode must name a predicate train.b defines, with a determination, and every fact of it must
% fit the mode's types (+car: car/1 holds for the value, #color: color/1, int: an integer); the
% examples of train.f and train.n must be trains; under RULE, a rule over the exported predicates,
% every example of train.f must be eastbound and none of train.n.
% Prints one line per failure and a summary; exits 0 when everything agrees.
:- initialization(main, main).

:- dynamic failures/1.
failures(0).

here(Dir) :- source_file(here(_), File), file_directory_name(File, Dir).

main :-
    current_prolog_flag(argv, [Background, Positives, Negatives, Rule]),
    here(Dir), directory_file_path(Dir, 'aleph_stub.pl', Stub),
    use_module(Stub),
    load_files(Background, []),
    dynamic([positives:eastbound/1, negatives:eastbound/1]),  % either file may be empty
    load_files(positives:Positives, []),
    load_files(negatives:Negatives, []),
    check_head,
    forall(aleph_stub:mode_body(Recall, Mode), check_mode(Recall, Mode)),
    check_examples(positives),
    check_examples(negatives),
    load_files(Rule, []),
    check_labels,
    failures(N),
    aggregate_all(count, aleph_stub:mode_body(_, _), Modes),
    format("checked ~w body modes, ~w failures~n", [Modes, N]),
    (   N =:= 0 -> halt(0) ; halt(1) ).

fail_with(Format, Args) :-
    format(Format, Args), nl,
    retract(failures(N)), N1 is N + 1, assertz(failures(N1)).

check_head :-
    (   aleph_stub:mode_head(1, eastbound(+train)) -> true
    ;   fail_with("no modeh(1, eastbound(+train))", []) ).

check_mode(Recall, Mode) :-
    functor(Mode, P, A),
    (   memberchk(Recall, [1, *]) -> true ; fail_with("~w: recall ~w", [P/A, Recall]) ),
    (   aleph_stub:determines(eastbound/1, P/A) -> true
    ;   fail_with("~w has a mode but no determination", [P/A]) ),
    (   current_predicate(P/A) -> check_types(Mode) ; fail_with("~w is not defined", [P/A]) ).

% Every fact of the predicate fits the types of its mode; one report per argument.
check_types(Mode) :-
    Mode =.. [P|Types],
    length(Types, A), length(Args, A),
    Goal =.. [P|Args],
    forall(nth1(I, Types, Type),
           ( nth1(I, Args, Value),
             aggregate_all(bag(Value), ( Goal, \+ of_type(Type, Value) ), Bad),
             (   Bad = [Example|_]
             ->  length(Bad, N),
                 fail_with("~w: ~w values not of type ~w, e.g. ~q", [P, N, Type, Example])
             ;   true ) )).

% Type is +Name, -Name or #Name; Name is int or a type with facts, such as car/1.
of_type(Type, Value) :-
    Type =.. [_, Name],
    (   Name == int -> integer(Value) ; Check =.. [Name, Value], catch(Check, _, fail) ).

check_examples(Module) :-
    forall(Module:eastbound(T),
           ( train(T) -> true ; fail_with("example ~w of ~w is not a train", [T, Module]) )).

check_labels :-
    forall(positives:eastbound(T),
           ( eastbound(T) -> true
           ; fail_with("positive example ~w is not eastbound under the rule", [T]) )),
    forall(negatives:eastbound(T),
           ( \+ eastbound(T) -> true
           ; fail_with("negative example ~w is eastbound under the rule", [T]) )),
    aggregate_all(count, positives:eastbound(_), Pos),
    aggregate_all(count, negatives:eastbound(_), Neg),
    format("labels: ~w positive, ~w negative examples agree with the rule~n", [Pos, Neg]).
