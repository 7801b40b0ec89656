% The Michalski-style vocabulary of the exports (tools/lib/export/logic_vocabulary.h), defined over
% the canonical train term with the background predicates of logic/rules/background.pl (loaded
% into module canon), so that exported facts can be compared with what it says. A car is the
% object in(Train, Car), the j-th load of a car the object l(in(Train, Car), J).
:- module(michalski_style, []).

has_car(T, in(T, C)) :- canon:has_car(T, C).
infront(in(T, C1), in(T, C2)) :- canon:infront(T, C1, C2).

short(in(_, C)) :- canon:short(C).
long(in(_, C)) :- canon:long(C).
closed(in(_, C)) :- canon:closed(C).
open_car(in(_, C)) :- canon:open(C).
roof_arc(in(_, C)) :- canon:has_roof0(C, arc).
roof_flat(in(_, C)) :- canon:has_roof0(C, flat).
roof_jagged(in(_, C)) :- canon:has_roof0(C, jagged).
roof_peaked(in(_, C)) :- canon:has_roof0(C, peaked).
double(in(_, C)) :- canon:double(C).
not_double(in(_, C)) :- \+ canon:double(C).
rectangle(in(_, C)) :- canon:rectangle(C).
bucket(in(_, C)) :- canon:bucket(C).
ellipse(in(_, C)) :- canon:ellipse(C).
hexagon(in(_, C)) :- canon:hexagon(C).
u_shaped(in(_, C)) :- canon:u_shaped(C).
two_wheels(in(_, C)) :- canon:has_wheel0(C, 2).
three_wheels(in(_, C)) :- canon:has_wheel0(C, 3).
no_load(in(_, C)) :- canon:load_num(C, 0).

% has_load/2 of the background numbers a car's loads 1..count: one load object each.
has_load(in(T, C), l(in(T, C), J)) :- canon:has_load(C, J).
load_rectangle(l(in(_, C), _)) :- canon:has_load0(C, rectangle).
load_triangle(l(in(_, C), _)) :- canon:has_load0(C, triangle).
load_circle(l(in(_, C), _)) :- canon:has_load0(C, circle).
load_diamond(l(in(_, C), _)) :- canon:has_load0(C, diamond).
load_hexagon(l(in(_, C), _)) :- canon:has_load0(C, hexagon).
load_utriangle(l(in(_, C), _)) :- canon:has_load0(C, utriangle).
one_load(l(in(_, C), _)) :- canon:load_num(C, 1).
two_load(l(in(_, C), _)) :- canon:load_num(C, 2).
three_load(l(in(_, C), _)) :- canon:load_num(C, 3).
