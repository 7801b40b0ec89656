% length(Distanct, K) with Distanct unbound: enumerating lists, O(1) per retry.
eastbound(T) :- has_car(T, C), length(Distanct, K), K < 0, short(C).
