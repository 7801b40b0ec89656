// The part of the library written in Prolog: list utilities (SWI-Prolog's library(lists) and
// friends) and the reducers behind aggregate_all/3. Users' files may redefine any of these.
#include "logic/prolog/machine.h"

namespace railyard::prolog {

const char* const kLibraryText = R"PL(
append([], L, L).
append([H|T], L, [H|R]) :- append(T, L, R).

append(ListOfLists, List) :- '$append_all'(ListOfLists, List).
'$append_all'([], []).
'$append_all'([L|Ls], As) :- append(L, Ws, As), '$append_all'(Ls, Ws).

nth0(I, L, E) :- integer(I), !, '$nth'(I, L, E).
nth0(I, L, E) :- var(I), !, '$nth_gen'(L, E, 0, I).
nth0(I, _, _) :- throw(type_error(integer, I)).
nth1(I, L, E) :- integer(I), !, I0 is I - 1, '$nth'(I0, L, E).
nth1(I, L, E) :- var(I), !, '$nth_gen'(L, E, 1, I).
nth1(I, _, _) :- throw(type_error(integer, I)).
'$nth_gen'([H|_], H, B, B).
'$nth_gen'([_|T], E, B0, I) :- B1 is B0 + 1, '$nth_gen'(T, E, B1, I).

last([X|Xs], Last) :- '$last'(Xs, X, Last).
'$last'([], Last, Last).
'$last'([X|Xs], _, Last) :- '$last'(Xs, X, Last).

reverse(Xs, Ys) :- '$reverse'(Xs, [], Ys).
'$reverse'([], Ys, Ys).
'$reverse'([X|Xs], Rs, Ys) :- '$reverse'(Xs, [X|Rs], Ys).

sum_list(Xs, Sum) :- '$sum_list'(Xs, 0, Sum).
'$sum_list'([], Sum, Sum).
'$sum_list'([X|Xs], Sum0, Sum) :- Sum1 is Sum0 + X, '$sum_list'(Xs, Sum1, Sum).
sumlist(Xs, Sum) :- sum_list(Xs, Sum).

max_list([X|Xs], Max) :- '$max_list'(Xs, X, Max).
'$max_list'([], Max, Max).
'$max_list'([X|Xs], Max0, Max) :- Max1 is max(Max0, X), '$max_list'(Xs, Max1, Max).
min_list([X|Xs], Min) :- '$min_list'(Xs, X, Min).
'$min_list'([], Min, Min).
'$min_list'([X|Xs], Min0, Min) :- Min1 is min(Min0, X), '$min_list'(Xs, Min1, Min).

max_member(Max, [X|Xs]) :- '$max_member'(Xs, X, Max).
'$max_member'([], Max, Max).
'$max_member'([X|Xs], Max0, Max) :- ( X @> Max0 -> '$max_member'(Xs, X, Max) ; '$max_member'(Xs, Max0, Max) ).
min_member(Min, [X|Xs]) :- '$min_member'(Xs, X, Min).
'$min_member'([], Min, Min).
'$min_member'([X|Xs], Min0, Min) :- ( X @< Min0 -> '$min_member'(Xs, X, Min) ; '$min_member'(Xs, Min0, Min) ).

numlist(L, H, R) :- L =< H -> '$numlist'(L, H, R) ; R = [].
'$numlist'(H, H, [H]) :- !.
'$numlist'(L, H, [L|T]) :- L1 is L + 1, '$numlist'(L1, H, T).

select(X, [X|T], T).
select(X, [H|T], [H|R]) :- select(X, T, R).
selectchk(X, L, R) :- select(X, L, R), !.
select(X, Xs, Y, Ys) :- '$select4'(Xs, X, Y, Ys).
'$select4'([X|T], X, Y, [Y|T]).
'$select4'([H|T], X, Y, [H|T2]) :- '$select4'(T, X, Y, T2).

exclude(_, [], []).
exclude(P, [X|Xs], R) :- ( call(P, X) -> R = R1 ; R = [X|R1] ), exclude(P, Xs, R1).
include(_, [], []).
include(P, [X|Xs], R) :- ( call(P, X) -> R = [X|R1] ; R = R1 ), include(P, Xs, R1).
partition(_, [], [], []).
partition(P, [X|Xs], I, E) :-
    ( call(P, X) -> I = [X|I1], E = E1 ; I = I1, E = [X|E1] ), partition(P, Xs, I1, E1).

maplist(_, []).
maplist(G, [A|As]) :- call(G, A), maplist(G, As).
maplist(_, [], []).
maplist(G, [A|As], [B|Bs]) :- call(G, A, B), maplist(G, As, Bs).
maplist(_, [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs]) :- call(G, A, B, C), maplist(G, As, Bs, Cs).
maplist(_, [], [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs], [D|Ds]) :- call(G, A, B, C, D), maplist(G, As, Bs, Cs, Ds).

foldl(G, L, V0, V) :- '$foldl'(L, G, V0, V).
'$foldl'([], _, V, V).
'$foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$foldl'(Xs, G, V1, V).
foldl(G, L1, L2, V0, V) :- '$foldl'(L1, L2, G, V0, V).
'$foldl'([], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], G, V0, V) :- call(G, X, Y, V0, V1), '$foldl'(Xs, Ys, G, V1, V).

delete([], _, []).
delete([H|T], X, R) :- ( H \= X -> R = [H|R1] ; R = R1 ), delete(T, X, R1).
subtract([], _, []).
subtract([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), subtract(T, L, R1).
intersection([], _, []).
intersection([H|T], L, R) :- ( memberchk(H, L) -> R = [H|R1] ; R = R1 ), intersection(T, L, R1).
union([], L, L).
union([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), union(T, L, R1).
list_to_set(L, S) :- '$list_to_set'(L, [], S).
'$list_to_set'([], _, []).
'$list_to_set'([H|T], Seen, R) :-
    ( '$memberchk_eq'(H, Seen) -> R = R1 ; R = [H|R1] ), '$list_to_set'(T, [H|Seen], R1).
'$memberchk_eq'(X, [Y|Ys]) :- ( X == Y -> true ; '$memberchk_eq'(X, Ys) ).
permutation([], []).
permutation(L, [H|T]) :- select(H, L, R), permutation(R, T).
flatten(List, Flat) :- '$flatten'(List, [], Flat0), !, Flat = Flat0.
'$flatten'(Var, Tl, [Var|Tl]) :- var(Var), !.
'$flatten'([], Tl, Tl) :- !.
'$flatten'([Hd|Tl], Tail, List) :- !, '$flatten'(Hd, FlatHeadTail, List), '$flatten'(Tl, Tail, FlatHeadTail).
'$flatten'(NonList, Tl, [NonList|Tl]).
pairs_keys_values([], [], []).
pairs_keys_values([K-V|T], [K|Ks], [V|Vs]) :- pairs_keys_values(T, Ks, Vs).
pairs_keys([], []).
pairs_keys([K-_|T], [K|Ks]) :- pairs_keys(T, Ks).
pairs_values([], []).
pairs_values([_-V|T], [V|Vs]) :- pairs_values(T, Vs).
predsort(P, L, Sorted) :- length(L, N), ( N < 2 -> Sorted = L ;
    Half is N // 2, length(Front, Half), append(Front, Back, L),
    predsort(P, Front, S1), predsort(P, Back, S2), '$predmerge'(P, S1, S2, Sorted) ).
'$predmerge'(_, [], L, L) :- !.
'$predmerge'(_, L, [], L) :- !.
'$predmerge'(P, [H1|T1], [H2|T2], R) :- call(P, O, H1, H2), '$predmerge_'(O, P, H1, H2, T1, T2, R).
'$predmerge_'(<, P, H1, H2, T1, T2, [H1|R]) :- '$predmerge'(P, T1, [H2|T2], R).
'$predmerge_'(=, P, H1, _, T1, T2, [H1|R]) :- '$predmerge'(P, T1, T2, R).
'$predmerge_'(>, P, H1, H2, T1, T2, [H2|R]) :- '$predmerge'(P, [H1|T1], T2, R).

'$aggr_sum'(L, S) :- '$aggr_sum'(L, 0, S).
'$aggr_sum'([], S, S).
'$aggr_sum'([X|Xs], S0, S) :- S1 is S0 + X, '$aggr_sum'(Xs, S1, S).
'$aggr_max'([X|Xs], M) :- M0 is X, '$max_list'(Xs, M0, M).
'$aggr_min'([X|Xs], M) :- M0 is X, '$min_list'(Xs, M0, M).
'$aggr_max_witness'([V-W|T], max(M, Wm)) :- V0 is V, '$aggr_max_w'(T, V0, W, M, Wm).
'$aggr_max_w'([], M, W, M, W).
'$aggr_max_w'([V-W|T], M0, W0, M, Wm) :- V1 is V, ( V1 > M0 -> '$aggr_max_w'(T, V1, W, M, Wm) ; '$aggr_max_w'(T, M0, W0, M, Wm) ).
'$aggr_min_witness'([V-W|T], min(M, Wm)) :- V0 is V, '$aggr_min_w'(T, V0, W, M, Wm).
'$aggr_min_w'([], M, W, M, W).
'$aggr_min_w'([V-W|T], M0, W0, M, Wm) :- V1 is V, ( V1 < M0 -> '$aggr_min_w'(T, V1, W, M, Wm) ; '$aggr_min_w'(T, M0, W0, M, Wm) ).
)PL";

}  // namespace railyard::prolog
