% Background knowledge for Michalski-style trains (the V-LoL predicates, same names and meaning).
%
% A train is the list of its cars, front to back; each car is the term
%   c(Position, Shape, Length, Wall, Roof, Wheels, l(LoadShape, LoadCount))
% in the Michalski vocabulary, e.g.
%   [c(1,rectangle,short,not_double,none,2,l(circle,1)),
%    c(2,rectangle,long,not_double,flat,3,l(rectangle,3))]
% A car with LoadCount 0 has LoadShape none. Loaded before every rule file; a rule file may
% define helpers of its own, and a predicate it defines replaces one of the same name here.

% --- Cars of a train -------------------------------------------------------------------------
has_car(Train, Car) :- member(Car, Train).
has_car(Train, Car, N) :- member(Car, Train), car_num(Car, N).

% infront(Train, C1, C2): C1 is immediately in front of C2.
infront([C1, C2|_], C1, C2).
infront([_|Cars], C1, C2) :- infront(Cars, C1, C2).

car_num(c(N, _, _, _, _, _, _), N).

% --- Shape and length --------------------------------------------------------------------------
ellipse(c(_, ellipse, _, _, _, _, _)).
hexagon(c(_, hexagon, _, _, _, _, _)).
rectangle(c(_, rectangle, _, _, _, _, _)).
u_shaped(c(_, u_shaped, _, _, _, _, _)).
bucket(c(_, bucket, _, _, _, _, _)).

long(c(_, _, long, _, _, _, _)).
short(c(_, _, short, _, _, _, _)).

% --- Wall ----------------------------------------------------------------------------------------
double(c(_, _, _, double, _, _, _)).

% --- Roof ----------------------------------------------------------------------------------------
% has_roof(Car, r(Roof, Position)).
has_roof(c(N, _, _, _, R, _, _), r(R, N)).
has_roof0(c(_, _, _, _, R, _, _), R).
open(c(_, _, _, _, none, _, _)).
closed(c(_, _, _, _, R, _, _)) :- R \== none.

none(r(none, _)).
flat(r(flat, _)).
jagged(r(jagged, _)).
peaked(r(peaked, _)).
arc(r(arc, _)).

% --- Wheels (axles) --------------------------------------------------------------------------------
% has_wheel(Car, w(Position, W)): W ranges over 1..axles.
has_wheel(c(N, _, _, _, _, Axles, _), w(N, W)) :- between(1, Axles, W).
has_wheel0(c(_, _, _, _, _, Axles, _), Axles).

% --- Loads ---------------------------------------------------------------------------------------
% has_load(Car, X): X ranges over 1..LoadCount (a quirk of the original, kept on purpose).
has_load(c(_, _, _, _, _, _, l(_, N)), X) :- between(1, N, X).
% has_load0(Car, Shape): the car carries at least one load of that shape.
has_load0(c(_, _, _, _, _, _, l(Shape, N)), Shape) :- N > 0.
% has_load1(Train, Shape): some car of the train does.
has_load1(Train, Shape) :- has_car(Train, Car), has_load0(Car, Shape).
load_num(c(_, _, _, _, _, _, l(_, N)), N).

% --- V-LoL vocabulary ------------------------------------------------------------------------------
% Colours name the car shapes: rectangle yellow, bucket green, ellipse grey, hexagon red,
% u_shaped blue. Colour, payload and roof predicates hold for a car, and for the name itself.
car_color(c(_, Shape, _, _, _, _, _), Colour) :- shape_colour(Shape, Colour).
shape_colour(rectangle, yellow).
shape_colour(bucket, green).
shape_colour(ellipse, grey).
shape_colour(hexagon, red).
shape_colour(u_shaped, blue).

grey(grey).
grey(C) :- is_car(C), car_color(C, grey).
yellow(yellow).
yellow(C) :- is_car(C), car_color(C, yellow).
red(red).
red(C) :- is_car(C), car_color(C, red).
blue(blue).
blue(C) :- is_car(C), car_color(C, blue).
green(green).
green(C) :- is_car(C), car_color(C, green).

% has_payload(Car, Name): at least one load with that V-LoL name.
has_payload(Car, Name) :- has_load0(Car, Shape), payload_name(Shape, Name).
payload_name(rectangle, box).
payload_name(triangle, golden_vase).
payload_name(circle, barrel).
payload_name(diamond, diamond).
payload_name(hexagon, metal_pot).
payload_name(utriangle, oval_vase).

box(box).
box(C) :- is_car(C), has_payload(C, box).
golden_vase(golden_vase).
golden_vase(C) :- is_car(C), has_payload(C, golden_vase).
barrel(barrel).
barrel(C) :- is_car(C), has_payload(C, barrel).
diamond(diamond).
diamond(C) :- is_car(C), has_payload(C, diamond).
metal_pot(metal_pot).
metal_pot(C) :- is_car(C), has_payload(C, metal_pot).
oval_vase(oval_vase).
oval_vase(C) :- is_car(C), has_payload(C, oval_vase).

% has_roof2(Car, Name): the roof in V-LoL names.
has_roof2(c(_, _, _, _, Roof, _, _), Name) :- roof_name(Roof, Name).
roof_name(none, none).
roof_name(arc, roof_foundation).
roof_name(flat, solid_roof).
roof_name(jagged, braced_roof).
roof_name(peaked, peaked_roof).

roof_open(none).
roof_open(C) :- is_car(C), has_roof2(C, none).
roof_foundation(roof_foundation).
roof_foundation(C) :- is_car(C), has_roof2(C, roof_foundation).
solid_roof(solid_roof).
solid_roof(C) :- is_car(C), has_roof2(C, solid_roof).
braced_roof(braced_roof).
braced_roof(C) :- is_car(C), has_roof2(C, braced_roof).
peaked_roof(peaked_roof).
peaked_roof(C) :- is_car(C), has_roof2(C, peaked_roof).

% Walls: not_double is a solid wall, double a braced wall (railing).
solid_wall(c(_, _, _, not_double, _, _, _)).
braced_wall(c(_, _, _, double, _, _, _)).

is_car(C) :- nonvar(C), C = c(_, _, _, _, _, _, _).
