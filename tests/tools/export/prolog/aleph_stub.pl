% Aleph's declarations as directives, and its operators # and *, for loading a train.b into plain SWI-Prolog: each records
% what it declares, so that check_aleph.pl can check the declarations against the facts.
:- module(aleph_stub, [modeh/2, modeb/2, determination/2, op(500, fy, #), op(500, fy, *)]).

:- dynamic mode_head/2, mode_body/2, determines/2.

modeh(Recall, Atom) :- assertz(mode_head(Recall, Atom)).
modeb(Recall, Atom) :- assertz(mode_body(Recall, Atom)).
determination(Head, Body) :- assertz(determines(Head, Body)).
