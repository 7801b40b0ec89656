% A rule no train satisfies: balanced sets cannot be made with it (tests of the bounded search).
eastbound(_) :- fail.
