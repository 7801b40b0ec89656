% The formula G(east -> X roofed) as a rule over a sequence export's facts (check_sequences.pl
% loads it after the background): a sequence is accepted unless some step shows east without a
% next step that shows roofed. A step predicate true nowhere in a split has no facts there.
accepted(S) :- sequence(S), \+ violated(S).

violated(S) :- step(S, T, X), holds(p_east, X), \+ roofed_next(S, T).

roofed_next(S, T) :- next_step(S, T, T1), step(S, T1, Y), holds(p_roofed, Y).

holds(P, X) :- catch(call(P, X), error(existence_error(procedure, _), _), fail).
