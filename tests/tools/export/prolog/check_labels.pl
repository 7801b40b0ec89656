% Checks the labels of Popper exports of the same trains against rules written over their
% predicates:
%   swipl check_labels.pl -- BK EXS RULE [EXS RULE ...]
% BK is loaded once; each rule goes into a module of its own with its examples, so that every
% rule sees the same facts. Every pos/1 example must be eastbound under its rule and every
% neg/1 example not, and each rule must see both classes.
% Prints one line per rule and per failure; exits 0 when everything agrees.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Bk|Pairs]),
    load_files(Bk, []),
    check_rules(Pairs, 1, Failures),
    (   Failures =:= 0 -> halt(0) ; halt(1) ).

check_rules([], _, 0).
check_rules([Exs, Rule|Pairs], I, Failures) :-
    atom_concat(rule_, I, Module),
    load_files(Module:Exs, []),
    load_files(Module:Rule, []),
    findall(T, ( Module:pos(eastbound(T)), \+ Module:eastbound(T) ), NotEast),
    findall(T, ( Module:neg(eastbound(T)), Module:eastbound(T) ), NotWest),
    aggregate_all(count, Module:pos(_), Pos),
    aggregate_all(count, Module:neg(_), Neg),
    format("~w: ~w positive, ~w negative examples~n", [Rule, Pos, Neg]),
    report("positive examples not eastbound", NotEast, F1),
    report("negative examples eastbound", NotWest, F2),
    (   Pos > 0, Neg > 0 -> F3 = 0 ; format("only one class~n"), F3 = 1 ),
    I1 is I + 1,
    check_rules(Pairs, I1, Rest),
    Failures is F1 + F2 + F3 + Rest.

report(_, [], 0) :- !.
report(What, Ids, 1) :-
    length(Ids, N),
    (   length(Shown, 5), append(Shown, _, Ids) -> true ; Shown = Ids ),
    format("~w ~w, e.g. ~w~n", [N, What, Shown]).
