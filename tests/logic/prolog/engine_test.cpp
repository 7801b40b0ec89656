// The solver: unification, control constructs (cut in the tricky places), builtins, the
// library, redefinition across files, and errors.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/logic/prolog/test_support.h"

namespace railyard::prolog {
namespace {

using testing::all;
using testing::ask;
using testing::error_of;

TEST(PrologUnify, TermsVariablesAndSharing) {
  Engine e;
  EXPECT_EQ(ask(e, "f(X, b) = f(a, Y)"), "X=a, Y=b");
  EXPECT_EQ(ask(e, "f(X, X) = f(a, b)"), "false");
  EXPECT_EQ(ask(e, "[H|T] = [1, 2, 3]"), "H=1, T=[2,3]");
  EXPECT_EQ(ask(e, "X = Y, Y = Z, Z = 5"), "X=5, Y=5, Z=5");
  EXPECT_EQ(ask(e, "1 = 1.0"), "false");
  EXPECT_EQ(ask(e, "X = f(Y), Y = g(Z), Z = 1"), "X=f(g(1)), Y=g(1), Z=1");
  EXPECT_EQ(ask(e, "X = f(_, _), X = f(1, 2)"), "X=f(1,2)");
  EXPECT_EQ(ask(e, "a \\= b"), "true");
  EXPECT_EQ(ask(e, "X \\= b"), "false");
  EXPECT_EQ(ask(e, "f(X) == f(Y)"), "false");
  EXPECT_EQ(ask(e, "f(X) == f(X)"), "true");
  EXPECT_EQ(ask(e, "f(a) \\== f(a)"), "false");
  EXPECT_EQ(ask(e, "X = 1.5, Y = 1.5, X == Y"), "X=1.5, Y=1.5");
}

TEST(PrologControl, CutIsScopedToItsClause) {
  Engine e;
  e.consult_text(
      "t(1). t(2). t(3).\n"
      "first(X) :- t(X), !.\n"
      "no_cut(X) :- t(X).\n"
      "outer(X) :- first(X).\n"
      "outer(9).\n"
      "in_or(X) :- ( t(X), X > 1, ! ; X = 7 ).\n"
      "cut_fail(X) :- t(X), X > 1, !, fail.\n"
      "cut_fail(0).\n"
      "in_call(X) :- call((t(X), !)).\n"
      "in_call(8).\n"
      "in_not(X) :- t(X), \\+ (t(Y), !, Y > 1).\n"
      "in_cond(X) :- ( t(X), ! -> true ; X = 5 ).\n"
      "in_cond(6).\n"
      "in_findall(L) :- findall(X, (t(X), !), L).\n",
      "cut.pl");
  EXPECT_EQ(all(e, "first(X)", "X"), "1");
  EXPECT_EQ(all(e, "no_cut(X)", "X"), "1,2,3");
  EXPECT_EQ(all(e, "outer(X)", "X"), "1,9");     // the cut in first/1 does not cut outer/1
  EXPECT_EQ(all(e, "in_or(X)", "X"), "2");       // cut through ; cuts the clause
  EXPECT_EQ(all(e, "cut_fail(X)", "X"), "");     // ! then fail: no second clause
  EXPECT_EQ(all(e, "in_call(X)", "X"), "1,8");   // call/1 is opaque to cut
  EXPECT_EQ(all(e, "in_not(X)", "X"), "1,2,3");  // \+ is opaque to cut
  EXPECT_EQ(all(e, "in_cond(X)", "X"), "1,6");   // cut in the condition is local to it
  EXPECT_EQ(all(e, "in_findall(L)", "L"), "[1]");
  EXPECT_EQ(all(e, "G = (t(X), !), call(G)", "X"), "1");
  EXPECT_EQ(all(e, "once(t(X))", "X"), "1");
  EXPECT_EQ(all(e, "t(X), !", "X"), "1");
}

TEST(PrologControl, IfThenElseNegationAndDisjunction) {
  Engine e;
  e.consult_text("t(1). t(2). t(3).\n", "t.pl");
  EXPECT_EQ(all(e, "( t(X), X > 1 -> Y = big ; Y = small )", "Y"), "big");
  EXPECT_EQ(all(e, "( t(X), X > 1 -> Y = X ; Y = none )", "Y"), "2");  // condition once
  EXPECT_EQ(all(e, "( fail -> Y = a ; Y = b )", "Y"), "b");
  EXPECT_EQ(ask(e, "( fail -> true )"), "false");
  EXPECT_EQ(all(e, "( t(X) ; X = 4 )", "X"), "1,2,3,4");
  EXPECT_EQ(all(e, "( t(X) *-> true ; X = 0 )", "X"), "1,2,3");
  EXPECT_EQ(all(e, "( fail *-> true ; X = 0 )", "X"), "0");
  EXPECT_EQ(ask(e, "\\+ t(4)"), "true");
  EXPECT_EQ(ask(e, "\\+ t(X)"), "false");
  EXPECT_EQ(ask(e, "not(t(4))"), "true");
  EXPECT_EQ(ask(e, "\\+ \\+ X = 1, var(X)"), "true");
  EXPECT_EQ(ask(e, "forall(t(X), X > 0)"), "true");
  EXPECT_EQ(ask(e, "forall(t(X), X > 1)"), "false");
  EXPECT_EQ(all(e, "ignore(t(X))", "X"), "1");
  EXPECT_EQ(ask(e, "ignore(fail)"), "true");
  EXPECT_EQ(ask(e, "true, false"), "false");
  EXPECT_EQ(all(e, "G = t, call(G, X)", "X"), "1,2,3");
  EXPECT_EQ(all(e, "call(between(1), 3, X)", "X"), "1,2,3");
}

TEST(PrologArithmetic, OperatorsAndSwiResults) {
  Engine e;
  EXPECT_EQ(ask(e, "X is 7 / 2, Y is 8 / 2, Z is -7 // 2, W is 7 mod -2, V is -7 rem 2"),
            "X=3.5, Y=4, Z=-3, W=-1, V=-1");
  EXPECT_EQ(ask(e, "X is abs(-3), Y is min(2, 3.0), Z is max(2, 3.0), W is -(4), V is - 4 + 1"),
            "X=3, Y=2, Z=3.0, W=-4, V=-3");
  EXPECT_EQ(ask(e, "X is 2 ** 10, Y is 2 ^ 3, Z is 2 ** -1, W is 2.0 * 3"),
            "X=1024, Y=8, Z=0.5, W=6.0");
  EXPECT_EQ(ask(e, "X is truncate(3.7), Y is round(2.5), Z is floor(-1.5), W is ceiling(1.2)"),
            "X=3, Y=3, Z=-2, W=2");
  EXPECT_EQ(ask(e, "X is 5 div 2, Y is 1 << 4, Z is 255 >> 4, W is 6 /\\ 3, V is sqrt(16)"),
            "X=2, Y=16, Z=15, W=2, V=4.0");
  EXPECT_EQ(ask(e, "1 =:= 1.0, 1 =\\= 2, 1 < 2, 2 > 1, 1 =< 1, 2 >= 1"), "true");
  EXPECT_EQ(ask(e, "X = 3, Y is X * X + 1"), "X=3, Y=10");
  EXPECT_EQ(ask(e, "succ(X, 4), succ(4, Y), plus(1, Z, 5)"), "X=3, Y=5, Z=4");
  EXPECT_NE(error_of(e, "X is foo + 1").find("evaluable `foo/0' does not exist"),
            std::string::npos);
  EXPECT_NE(error_of(e, "X is Y + 1").find("not sufficiently instantiated"), std::string::npos);
  EXPECT_NE(error_of(e, "X is 1 / 0").find("zero_divisor"), std::string::npos);
  EXPECT_NE(error_of(e, "X is 1.5 mod 2").find("Type error: `integer' expected"),
            std::string::npos);
}

TEST(PrologBuiltins, TypeChecksAndComparison) {
  Engine e;
  EXPECT_EQ(ask(e, "var(_), nonvar(a), atom(a), atom([]), \\+ atom(1), number(1.0), integer(3)"),
            "true");
  EXPECT_EQ(ask(e,
                "atomic(a), atomic(1), \\+ atomic(f(x)), compound(f(x)), compound([a]), "
                "callable(a), is_list([a]), \\+ is_list([a|_]), ground(f(a)), \\+ ground(f(_))"),
            "true");
  EXPECT_EQ(ask(e, "float(1.0), \\+ float(1)"), "true");
  EXPECT_EQ(ask(e, "compare(O, 1, a), compare(P, f(a), a), compare(Q, 1.0, 1), compare(R, b, b)"),
            "O=<, P=>, Q=<, R==");
  EXPECT_EQ(ask(e, "a @< b, f(a) @> z, f(a, b) @> g(a), X @< 1"), "true");
  EXPECT_EQ(ask(e, "msort([c, 1, f(x), b, 2.0, g, a(1, 2), 1.0, Z], [V|L]), V == Z"),
            "L=[1.0,1,2.0,b,c,g,f(x),a(1,2)]");
}

TEST(PrologBuiltins, TermConstructionAndInspection) {
  Engine e;
  EXPECT_EQ(ask(e, "functor(f(a, b), N, A), functor(x, N2, A2), functor([a], N3, A3)"),
            "N=f, A=2, N2=x, A2=0, N3='[|]', A3=2");
  EXPECT_EQ(ask(e, "functor(_T, g, 2), _T = g(A, B), var(A), var(B), A \\== B"), "true");
  EXPECT_EQ(ask(e, "arg(2, f(a, b, c), X)"), "X=b");
  EXPECT_EQ(all(e, "arg(N, f(a, b), X)", "N"), "1,2");
  EXPECT_EQ(ask(e, "arg(4, f(a, b, c), X)"), "false");
  EXPECT_EQ(ask(e, "f(a, b) =.. L, T =.. [g, 1, 2], A =.. [x]"), "L=[f,a,b], T=g(1,2), A=x");
  EXPECT_EQ(ask(e, "[1, 2] =.. M, X =.. ['[|]', a, []]"), "M=['[|]',1,[2]], X=[a]");
  EXPECT_EQ(ask(e, "copy_term(f(X, Y, X), C), C = f(1, 2, Z)"), "C=f(1,2,1), Z=1");
  EXPECT_EQ(ask(e, "copy_term(f(X, a), f(b, Y)), var(X)"), "Y=a");
}

TEST(PrologBuiltins, SortingAndLists) {
  Engine e;
  EXPECT_EQ(ask(e, "sort([c, a, b, a], L)"), "L=[a,b,c]");
  EXPECT_EQ(ask(e, "msort([c, a, b, a], L)"), "L=[a,a,b,c]");
  EXPECT_EQ(ask(e, "sort(0, @>=, [1, 3, 2, 3], L)"), "L=[3,3,2,1]");
  EXPECT_EQ(ask(e, "sort(1, @<, [f(2, a), f(1, b), f(2, c)], L)"), "L=[f(1,b),f(2,a)]");
  EXPECT_EQ(ask(e, "keysort([b-1, a-2, b-0], L)"), "L=[a-2,b-1,b-0]");
  e.consult_text(
      "by_length(O, A, B) :- atom_length(A, X), atom_length(B, Y), compare(O, X, Y).\n"
      "big(X) :- X > 1.\n",
      "helpers.pl");
  EXPECT_EQ(ask(e, "predsort(by_length, [ccc, a, bb, dd], L)"), "L=[a,bb,ccc]");
  EXPECT_EQ(all(e, "member(X, [a, b, c])", "X"), "a,b,c");
  EXPECT_EQ(ask(e, "memberchk(b, [a, b, c]), \\+ memberchk(d, [a, b, c])"), "true");
  EXPECT_EQ(ask(e, "memberchk(f(X), [g(1), f(2), f(3)])"), "X=2");
  EXPECT_EQ(all(e, "append(X, Y, [1, 2])", "X"), "[],[1],[1,2]");
  EXPECT_EQ(ask(e, "append([1], [2], L), append([[a], [b, c]], M)"), "L=[1,2], M=[a,b,c]");
  EXPECT_EQ(ask(e, "length([a, b, c], N), length(L, 2)").substr(0, 4), "N=3,");
  EXPECT_EQ(all(e, "length(L, N), N >= 2, !", "N"), "2");
  EXPECT_EQ(ask(e, "nth0(1, [a, b, c], X), nth1(1, [a, b, c], Y)"), "X=b, Y=a");
  EXPECT_EQ(all(e, "nth1(I, [a, b], E)", "I"), "1,2");
  EXPECT_EQ(ask(e, "nth0(5, [a, b], X)"), "false");
  EXPECT_EQ(ask(e, "last([1, 2, 3], X), reverse([1, 2, 3], R), sum_list([1, 2, 3.5], S)"),
            "X=3, R=[3,2,1], S=6.5");
  EXPECT_EQ(ask(e, "max_list([1, 5, 2], M), min_list([4, 2, 8], N), numlist(1, 4, L)"),
            "M=5, N=2, L=[1,2,3,4]");
  EXPECT_EQ(all(e, "select(X, [a, b], R)", "R"), "[b],[a]");
  EXPECT_EQ(ask(e, "exclude(big, [1, 2, 3], L), include(big, [1, 2, 3], M)"), "L=[1], M=[2,3]");
  EXPECT_EQ(ask(e, "maplist(succ, [1, 2], L), foldl(plus, [1, 2, 3], 0, S)"), "L=[2,3], S=6");
  EXPECT_EQ(all(e, "between(1, 3, X)", "X"), "1,2,3");
  EXPECT_EQ(ask(e, "between(1, 3, 3), \\+ between(1, 3, 4), \\+ between(3, 1, _)"), "true");
  EXPECT_EQ(all(e, "between(1, inf, X), X > 2, !", "X"), "3");
}

TEST(PrologBuiltins, AllSolutions) {
  Engine e;
  e.consult_text("p(1, a). p(2, b). p(3, a).\n", "p.pl");
  EXPECT_EQ(ask(e, "findall(X, p(X, a), L)"), "L=[1,3]");
  EXPECT_EQ(ask(e, "findall(X-Y, p(X, Y), L)"), "L=[1-a,2-b,3-a]");
  EXPECT_EQ(ask(e, "findall(X, p(X, c), L)"), "L=[]");
  EXPECT_EQ(ask(e, "findall(X, p(X, _), L, [end])"), "L=[1,2,3,end]");
  EXPECT_EQ(ask(e, "findall(f(X, _), p(X, a), [f(1, A), f(3, B)]), A \\== B"), "true");
  EXPECT_EQ(ask(e, "findall(L, (member(X, [1, 2]), findall(Y, between(1, X, Y), L)), R)"),
            "R=[[1],[1,2]]");
  EXPECT_EQ(ask(e, "aggregate_all(count, p(_, a), N)"), "N=2");
  EXPECT_EQ(ask(e, "aggregate_all(count, fail, N)"), "N=0");
  EXPECT_EQ(ask(e, "aggregate_all(sum(X), p(X, _), S), aggregate_all(max(X), p(X, _), M)"),
            "S=6, M=3");
  EXPECT_EQ(ask(e, "aggregate_all(min(X), p(X, _), M), aggregate_all(bag(Y), p(_, Y), B)"),
            "M=1, B=[a,b,a]");
  EXPECT_EQ(ask(e, "aggregate_all(set(Y), p(_, Y), S)"), "S=[a,b]");
  EXPECT_EQ(ask(e, "aggregate_all(max(X, Y), p(X, Y), M)"), "M=max(3,a)");
  EXPECT_EQ(ask(e, "aggregate_all(max(X), fail, M)"), "false");
  EXPECT_EQ(ask(e, "_G = p(_, a), aggregate_all(count, _G, N)"), "N=2");
  EXPECT_EQ(ask(e, "_G = findall(X, p(X, b), L), call(_G)"), "L=[2]");
}

TEST(PrologBuiltins, AtomsAndText) {
  Engine e;
  EXPECT_EQ(ask(e, "atom_codes(abc, L), atom_codes(A, [0'x, 0'y])"), "L=[97,98,99], A=xy");
  EXPECT_EQ(ask(e, "atom_chars(abc, L), char_code(C, 0'z), atom_length(hello, N)"),
            "L=[a,b,c], C=z, N=5");
  EXPECT_EQ(ask(e, "atom_number('12', N), atom_number('3.5', F), atom_number(A, 7)"),
            "N=12, F=3.5, A='7'");
  EXPECT_EQ(ask(e, "atom_number(abc, N)"), "false");
  EXPECT_EQ(ask(e, "number_codes(N, \"42\"), atom_concat(ab, cd, X)"), "N=42, X=abcd");
  EXPECT_EQ(all(e, "atom_concat(X, Y, ab)", "X"), "'',a,ab");
  EXPECT_EQ(ask(e, "atomic_list_concat([a, 1, b], X), atomic_list_concat([a, b], '-', Y)"),
            "X=a1b, Y='a-b'");
  EXPECT_EQ(ask(e, "atomic_list_concat(L, ',', 'a,b,c')"), "L=[a,b,c]");
  EXPECT_EQ(ask(e, "upcase_atom(abc, X), term_to_atom(f(X, 'B'), A)"),
            "X='ABC', A='f(\\'ABC\\',\\'B\\')'");
}

TEST(PrologBuiltins, OutputGoesToTheEngineStream) {
  Engine e;
  std::ostringstream out;
  e.set_output(out);
  EXPECT_EQ(ask(e,
                "write(f('A', \"x\")), nl, writeq('A'), print([1]), writeln(done), "
                "format(\"~w-~a-~d~n\", [x, y, 3]), format(\"~2f|~q\", [1.5, 'b c'])"),
            "true");
  EXPECT_EQ(out.str(), "f(A,[120])\n'A'[1]done\nx-y-3\n1.50|'b c'");
}

TEST(PrologLibrary, LaterFilesReplaceEarlierDefinitions) {
  Engine e;
  e.consult_text("colour(red).\ncolour(blue).\nuses_colour(X) :- colour(X).\n", "first.pl");
  EXPECT_EQ(all(e, "uses_colour(X)", "X"), "red,blue");
  e.consult_text("colour(green).\n", "second.pl");
  EXPECT_EQ(all(e, "uses_colour(X)", "X"), "green");  // replaced, not appended
  // A library predicate can be redefined too, and the engine then uses the user's version.
  e.consult_text("last(_, mine).\nappend(_, _, mine).\n", "third.pl");
  EXPECT_EQ(ask(e, "last([1, 2], X), append([1], [2], Y)"), "X=mine, Y=mine");
  e.consult_text("member(x, _).\n", "fourth.pl");
  EXPECT_EQ(all(e, "member(X, [a, b])", "X"), "x");
  // Clauses of one file stay together even when they are not contiguous.
  e.consult_text("q(1).\nr(1).\nq(2).\n", "fifth.pl");
  EXPECT_EQ(all(e, "q(X)", "X"), "1,2");
  // Builtins and control constructs are protected, as in SWI-Prolog.
  EXPECT_THROW(e.consult_text("atom(_) :- true.\n", "bad.pl"), PrologError);
  EXPECT_THROW(e.consult_text("findall(_, _, _).\n", "bad.pl"), PrologError);
}

TEST(PrologLibrary, DirectivesDeclareAndRun) {
  Engine e;
  std::ostringstream out;
  e.set_output(out);
  e.consult_text(
      ":- dynamic seen/1.\n:- discontiguous a/1.\n:- use_module(library(lists)).\n"
      ":- write(loaded).\n:- initialization(main).\n:- fail.\n",
      "directives.pl");
  EXPECT_EQ(ask(e, "seen(_)"), "false");  // declared: fails instead of raising
  EXPECT_EQ(out.str(), "loaded");
  ASSERT_EQ(e.warnings().size(), 1u);
  EXPECT_NE(e.warnings()[0].find("directives.pl:6:1"), std::string::npos);
  EXPECT_THROW(e.consult_text(":- X is foo + 1.\n", "bad.pl"), PrologError);
}

TEST(PrologErrors, UnknownProcedureNamesIt) {
  Engine e;
  EXPECT_EQ(error_of(e, "foo(1, 2)"), "Unknown procedure: foo/2");
  e.consult_text("p :- q(1).\n", "p.pl");
  EXPECT_EQ(error_of(e, "p"), "Unknown procedure: q/1");
  EXPECT_EQ(error_of(e, "call(bar)"), "Unknown procedure: bar/0");
  EXPECT_NE(error_of(e, "call(X)").find("not sufficiently instantiated"), std::string::npos);
  EXPECT_NE(error_of(e, "call(1)").find("`callable' expected"), std::string::npos);
  EXPECT_EQ(error_of(e, "throw(oops)"), "Unhandled exception: oops");
}

TEST(PrologErrors, RunawayRecursionHitsLimitsWithoutCrashing) {
  Engine e;
  Limits limits;
  limits.max_steps = 200000;
  limits.max_depth = 50000;
  limits.max_term_cells = 1 << 22;
  e.set_limits(limits);
  e.consult_text(
      "loop :- loop.\n"
      "left :- left, x.\n"
      "x.\n"
      "grow(L) :- grow([a|L]).\n"
      "count(N) :- N1 is N + 1, count(N1).\n",
      "loops.pl");
  std::string loop = error_of(e, "loop");
  EXPECT_NE(loop.find("step limit exceeded in loop/0"), std::string::npos) << loop;
  std::string left = error_of(e, "left");
  EXPECT_NE(left.find("depth limit exceeded in left/0"), std::string::npos) << left;
  EXPECT_NE(error_of(e, "grow([])").find("limit exceeded"), std::string::npos);
  EXPECT_NE(error_of(e, "count(0)").find("limit exceeded"), std::string::npos);
  // An endless generator: each retry of length/2 counts as a step.
  Engine generate;
  limits.max_steps = 5000;
  generate.set_limits(limits);
  std::string generator = error_of(generate, "length(L, N), N < 0");
  EXPECT_NE(generator.find("step limit exceeded"), std::string::npos) << generator;
  // The engine is still usable afterwards.
  EXPECT_EQ(ask(e, "X = ok"), "X=ok");
  // Deep but finite recursion is fine with the default limits.
  Engine deep;
  deep.consult_text("len([], 0).\nlen([_|T], N) :- len(T, M), N is M + 1.\n", "len.pl");
  EXPECT_EQ(ask(deep, "numlist(1, 200000, _L), len(_L, N)"), "N=200000");
}

}  // namespace
}  // namespace railyard::prolog
