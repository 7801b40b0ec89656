% Atoms made at run time count against the term space and are forgotten after each train.
eastbound(_) :- between(1, inf, N), atom_number(A, N), atom_concat(A, x, B), atom_length(B, 0).
