% Checks the sequence problem of a Popper or Aleph export of a sequence dataset:
%   swipl check_sequences.pl -- SHOWN popper BK EXS [RULE]
%   swipl check_sequences.pl -- SHOWN aleph TRAIN_B TRAIN_F TRAIN_N [RULE]
% SHOWN is what the split shows: label, predicates or states. The files must load without a
% warning (Aleph's declarations as the directives of aleph_stub.pl). Then:
% - every example is a sequence and every sequence one example, positive or negative;
% - each sequence's steps are the times 0..L-1, each showing a train with cars, with
%   first_step/2, next_step/3, last_step/2 and timestep/1 agreeing;
% - the automaton has one initial state, and its transitions join states;
% - from predicates on, running the automaton on the p_<atom> facts (one transition per step:
%   the one whose guard holds) ends in an accepting state exactly for the positive examples;
%   with states, every state of that run is the exported state_after/3;
% - Aleph: modeh(1,accepted(+sequence)), and every body mode has a determination, a definition
%   and facts of its types;
% - under RULE, a definition of accepted/1 over the exported predicates (the formula written as
%   a rule), every positive example is accepted and no negative one.
% Prints one line per failure and a summary; exits 0 when everything agrees.
:- initialization(main, main).

:- dynamic failures/1.
failures(0).

:- dynamic examples:pos/1, examples:neg/1, positives:accepted/1, negatives:accepted/1.

here(Dir) :- source_file(here(_), File), file_directory_name(File, Dir).

main :-
    current_prolog_flag(argv, [Shown, Format|Files]),
    load(Format, Files),
    check_examples,
    forall(sequence(S), check_steps(S)),
    check_automaton,
    (   Shown == label -> true ; forall(sequence(S), check_run(Shown, S)) ),
    check_rule,
    failures(N),
    aggregate_all(count, sequence(_), Sequences),
    aggregate_all(count, positive(_), Positive),
    format("checked ~w sequences (~w accepted), ~w failures~n", [Sequences, Positive, N]),
    (   N =:= 0 -> halt(0) ; halt(1) ).

fail_with(Format, Args) :-
    format(Format, Args), nl,
    retract(failures(N)), N1 is N + 1, assertz(failures(N1)).

:- dynamic rule_file/1.

load(popper, [Bk, Exs|Rule]) :-
    load_files(Bk, []),
    load_files(examples:Exs, []),
    load_rule(Rule).
load(aleph, [B, F, N|Rule]) :-
    here(Dir), directory_file_path(Dir, 'aleph_stub.pl', Stub),
    use_module(Stub),
    load_files(B, []),
    load_files(positives:F, []),
    load_files(negatives:N, []),
    check_modes,
    load_rule(Rule).

load_rule([]).
load_rule([Rule]) :- load_files(Rule, []), assertz(rule_file(Rule)).

check_rule :-
    (   rule_file(Rule)
    ->  forall(positive(S),
               ( accepted(S) -> true ; fail_with("~w: positive, not accepted by ~w", [S, Rule]) )),
        forall(negative(S),
               ( \+ accepted(S) -> true ; fail_with("~w: negative, accepted by ~w", [S, Rule]) ))
    ;   true ).

positive(S) :- examples:pos(accepted(S)).
positive(S) :- positives:accepted(S).
negative(S) :- examples:neg(accepted(S)).
negative(S) :- negatives:accepted(S).

check_examples :-
    forall(( positive(S) ; negative(S) ),
           ( sequence(S) -> true ; fail_with("example ~w is not a sequence", [S]) )),
    forall(sequence(S),
           (   positive(S), negative(S) -> fail_with("~w is positive and negative", [S])
           ;   positive(S) -> true
           ;   negative(S) -> true
           ;   fail_with("sequence ~w is no example", [S]) )).

check_steps(S) :-
    findall(T-X, step(S, T, X), Steps),
    msort(Steps, Sorted),
    pairs_keys_values(Sorted, Times, Trains),
    length(Sorted, L),
    Last is L - 1,
    (   L > 0, numlist(0, Last, Times) -> true
    ;   fail_with("~w: the times of its steps are ~w", [S, Times]) ),
    forall(member(X, Trains),
           ( has_car(X, _) -> true ; fail_with("~w: step train ~w has no cars", [S, X]) )),
    forall(member(T, Times),
           ( timestep(T) -> true ; fail_with("~w: time ~w is no timestep", [S, T]) )),
    (   findall(T, first_step(S, T), [0]) -> true ; fail_with("~w: first_step", [S]) ),
    (   findall(T, last_step(S, T), [Last]) -> true ; fail_with("~w: last_step", [S]) ),
    findall(T-T1, next_step(S, T, T1), Next),
    findall(T-T1, ( between(1, Last, T1), T is T1 - 1 ), Expected),
    (   msort(Next, Expected) -> true ; fail_with("~w: next_step ~w", [S, Next]) ).

check_automaton :-
    (   findall(Q, initial_state(Q), [_]) -> true ; fail_with("not one initial state", []) ),
    forall(( initial_state(Q) ; accepting_state(Q) ; sink_state(Q) ),
           ( state(Q) -> true ; fail_with("~w is no state", [Q]) )),
    forall(transition(Q, Q1, G),
           ( state(Q), state(Q1) -> true ; fail_with("transition ~w", [transition(Q, Q1, G)]) )).

% A guard: true, p_<atom>, neg(G), and(G1, G2), over the p_<atom> facts of train X (a predicate
% without a true value in the split has no facts).
guard_holds(true, _) :- !.
guard_holds(and(A, B), X) :- !, guard_holds(A, X), guard_holds(B, X).
guard_holds(neg(A), X) :- !, \+ guard_holds(A, X).
guard_holds(P, X) :- catch(call(P, X), error(existence_error(procedure, _), _), fail).

check_run(Shown, S) :-
    initial_state(Q0),
    findall(T-X, step(S, T, X), Steps),
    msort(Steps, Sorted),
    run(Shown, S, Sorted, Q0, Final),
    (   accepting_state(Final) -> Accepted = true ; Accepted = false ),
    (   Accepted == true, negative(S) -> fail_with("~w: negative, but its run accepts", [S])
    ;   Accepted == false, positive(S) -> fail_with("~w: positive, but its run rejects", [S])
    ;   true ).

run(_, _, [], Q, Q).
run(Shown, S, [T-X|Steps], Q, Final) :-
    findall(Q1, ( transition(Q, Q1, G), guard_holds(G, X) ), Next0),
    sort(Next0, Next),
    (   Next = [Q1] -> true
    ;   fail_with("~w at ~w: from ~w the guards lead to ~w", [S, T, Q, Next]), Q1 = Q ),
    (   Shown == states, \+ state_after(S, T, Q1)
    ->  fail_with("~w at ~w: the run is in ~w, state_after says otherwise", [S, T, Q1])
    ;   true ),
    run(Shown, S, Steps, Q1, Final).

% Aleph's declarations, as check_aleph.pl checks those of the trains' problem.
check_modes :-
    (   aleph_stub:mode_head(1, accepted(+sequence)) -> true
    ;   fail_with("no modeh(1, accepted(+sequence))", []) ),
    forall(aleph_stub:mode_body(Recall, Mode), check_mode(Recall, Mode)).

check_mode(Recall, Mode) :-
    functor(Mode, P, A),
    (   memberchk(Recall, [1, *]) -> true ; fail_with("~w: recall ~w", [P/A, Recall]) ),
    (   aleph_stub:determines(accepted/1, P/A) -> true
    ;   fail_with("~w has a mode but no determination", [P/A]) ),
    (   current_predicate(P/A) -> check_types(Mode) ; fail_with("~w is not defined", [P/A]) ).

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

of_type(Type, Value) :-
    Type =.. [_, Name],
    (   Name == int -> integer(Value) ; Check =.. [Name, Value], catch(Check, _, fail) ).
