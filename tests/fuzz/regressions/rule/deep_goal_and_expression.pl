% A goal and an expression nested deeper than kMaxNesting, built at run time.
left(0, G, G) :- !.
left(N, G0, G) :- N1 is N - 1, left(N1, (G0, true), G).
sum(0, E, E) :- !.
sum(N, E0, E) :- N1 is N - 1, sum(N1, E0 + 1, E).
eastbound(T) :- T = [_], left(30000, true, G), call(G).
eastbound(_) :- sum(30000, 0, E), _ is E.
