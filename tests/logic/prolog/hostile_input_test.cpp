// Rule files are user input, often someone else's: whatever a program contains, the engine must
// answer or raise a clear error, never crash, hang or take all memory, and stay usable after.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/logic/prolog/test_support.h"

namespace railyard::prolog {
namespace {

using testing::ask;
using testing::error_of;

// `depth` copies of open, then inner, then `depth` copies of close.
std::string nested(const std::string& open, const std::string& inner, const std::string& close,
                   int depth) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += open;
  text += inner;
  for (int i = 0; i < depth; ++i) text += close;
  return text;
}

// The syntax error a consult raises, or "" when it reads.
std::string syntax_error_of(Engine& e, const std::string& text, const std::string& file) {
  try {
    e.consult_text(text, file);
  } catch (const SyntaxError& err) {
    return err.what();
  }
  return "";
}

// The engine answers a plain query correctly, so an error left nothing behind.
void expect_usable(Engine& e) {
  EXPECT_EQ(ask(e, "X = ok, append([1], [2], L), findall(Y, member(Y, [a, b]), M)"),
            "X=ok, L=[1,2], M=[a,b]");
}

// An engine with a small term space: 8 MiB.
Engine small_engine() {
  Engine e;
  Limits limits;
  limits.max_term_cells = 1 << 20;
  e.set_limits(limits);
  return e;
}

const char* const kBuilders =
    "wrap(0, T, T) :- !.\n"
    "wrap(N, T0, T) :- N1 is N - 1, wrap(N1, f(T0), T).\n"
    "minus(0, T, T) :- !.\n"
    "minus(N, T0, T) :- N1 is N - 1, minus(N1, T0 - b, T).\n"
    "left_conj(0, G, G) :- !.\n"
    "left_conj(N, G0, G) :- N1 is N - 1, left_conj(N1, (G0, true), G).\n"
    "right_conj(0, G, G) :- !.\n"
    "right_conj(N, G0, G) :- N1 is N - 1, right_conj(N1, (true, G0), G).\n";

TEST(PrologHostileReader, DeepNestingIsASyntaxErrorWithItsPosition) {
  Engine e;
  std::string deep = "p(" + nested("f(", "a", ")", 20000) + ").\n";
  std::string message = syntax_error_of(e, "ok.\n" + deep, "deep.pl");
  EXPECT_EQ(message.rfind("deep.pl:2:", 0), 0u) << message.substr(0, 200);
  EXPECT_NE(message.find("nested more than 1000 levels deep"), std::string::npos) << message;
  message = syntax_error_of(e, "p(" + nested("(", "a", ")", 50000) + ").\n", "parens.pl");
  EXPECT_NE(message.find("nested more than"), std::string::npos) << message.substr(0, 200);
  message = syntax_error_of(e, "p(" + nested("- ", "1", "", 50000) + ").\n", "minus.pl");
  EXPECT_NE(message.find("nested more than"), std::string::npos) << message.substr(0, 200);
  message = syntax_error_of(e, "p(" + nested("[", "a", "]", 50000) + ").\n", "lists.pl");
  EXPECT_NE(message.find("nested more than"), std::string::npos) << message.substr(0, 200);
  // Left-nested operators nest without brackets.
  std::string sum = "p(X) :- X is 1";
  for (int i = 0; i < 50000; ++i) sum += "+1";
  message = syntax_error_of(e, sum + ".\n", "sum.pl");
  EXPECT_NE(message.find("nested more than"), std::string::npos) << message.substr(0, 200);
  expect_usable(e);
}

TEST(PrologHostileReader, LongListsAndChainsAndNestingWithinTheLimitWork) {
  Engine e;
  std::string list = "long([0";
  for (int i = 1; i < 200000; ++i) list.append(",").append(std::to_string(i % 10));
  std::string body = "many(X) :- Y = 0";
  for (int i = 0; i < 100000; ++i) body += ", true";
  // Nested in the first argument, which walks recurse into, just within the limit.
  const int depth = 990;
  std::string deep = "deep(" + nested("g(", "X", ",x)", depth) + ", X).\n";
  e.consult_text(list + "|_]).\n" + body + ", X = Y.\n" + deep, "long.pl");
  EXPECT_EQ(ask(e, "long(_L), length(_L, N)"), "N=200000");
  EXPECT_EQ(ask(e, "many(X)"), "X=0");
  EXPECT_EQ(ask(e, "deep(_T, 7), copy_term(_T, _C), _C == _T, _T = g(_A, x), _A = g(_, x)"),
            "true");
  EXPECT_EQ(ask(e, "deep(_T, 7), term_to_atom(_T, _A), atom_length(_A, N)"),
            "N=" + std::to_string(5 * depth + 1));
  expect_usable(e);
}

TEST(PrologHostileReader, TooManyArgumentsOrBadEscapesAreSyntaxErrors) {
  Engine e;
  std::string wide = "p(f(0";
  for (int i = 1; i < 300; ++i) wide.append(",").append(std::to_string(i));
  EXPECT_NE(syntax_error_of(e, wide + ")).\n", "wide.pl").find("more than 255 arguments"),
            std::string::npos);
  EXPECT_NE(
      syntax_error_of(e, "p('\\xFFFFFFFFFFFFFFFFFFFFFF\\').\n", "esc.pl").find("out of range"),
      std::string::npos);
  expect_usable(e);
}

TEST(PrologHostileWriter, WritesDeepTermsBuiltAtRunTime) {
  Engine e;
  std::ostringstream out;
  e.set_output(out);
  e.consult_text(kBuilders, "builders.pl");
  EXPECT_EQ(ask(e, "wrap(300000, a, _T), write(_T)"), "true");
  std::string text = out.str();
  ASSERT_EQ(text.size(), 900001u);
  EXPECT_EQ(text.substr(0, 6), "f(f(f(");
  EXPECT_EQ(text.substr(599998, 5), "f(a))");
  out.str("");
  EXPECT_EQ(ask(e, "minus(200000, a, _T), writeq(_T)"), "true");
  EXPECT_EQ(out.str().size(), 400001u);
  EXPECT_EQ(ask(e, "wrap(300000, a, _T), term_to_atom(_T, _A), atom_length(_A, N)"), "N=900001");
  // The message of a type error shows only the start of a huge culprit.
  std::string message = error_of(e, "wrap(300000, a, T), atom_length(T, _)");
  EXPECT_EQ(message.rfind("Type error: `atomic' expected, found `f(f(f(", 0), 0u);
  EXPECT_LT(message.size(), 3000u);
  expect_usable(e);
}

TEST(PrologHostileWriter, ErrorsAboutDeepGoalsAndExpressions) {
  Engine e;
  e.consult_text(kBuilders, "builders.pl");
  EXPECT_NE(error_of(e, "minus(100000, 0, E), X is E").find("Cannot evaluate: term nested"),
            std::string::npos);
  EXPECT_NE(error_of(e, "left_conj(100000, true, G), call(G)").find("Cannot compile the goal"),
            std::string::npos);
  // A long conjunction is a chain, not nesting: it runs.
  EXPECT_EQ(ask(e, "right_conj(300000, X = 1, _G), call(_G)"), "X=1");
  expect_usable(e);
}

TEST(PrologCyclicTerms, WriteInSwiPrologsNotation) {
  Engine e;
  std::ostringstream out;
  e.set_output(out);
  EXPECT_EQ(ask(e,
                "_X = f(_X), write(_X), nl, _L = [1, 2|_L], print(_L), nl, _Y = f(_Y), "
                "print(g(_X, _Y)), nl, _A = f(_B), _B = g(_A), print(_A), nl, _P = (_P :- _P), "
                "writeq(_P), nl, _Q = - _Q, writeq(_Q), nl, write_canonical(_X)"),
            "true");
  EXPECT_EQ(out.str(),
            "@(S_1,[S_1=f(S_1)])\n"
            "@(S_1,[S_1=[1,2|S_1]])\n"
            "@(g(S_1,S_2),[S_1=f(S_1),S_2=f(S_2)])\n"
            "@(S_1,[S_1=f(g(S_1))])\n"
            "@(S_1,[S_1=(S_1:-S_1)])\n"
            "@(S_1,[S_1= -S_1])\n"
            "@(_S1,[=(_S1,f(_S1))])");
  std::string message = error_of(e, "X = f(a, X, b), atom_length(X, _)");
  EXPECT_NE(message.find("found `@(S_1,[S_1=f(a,S_1,b)])' (a cyclic)"), std::string::npos)
      << message;
}

TEST(PrologCyclicTerms, UnifyCompareAndCopyTerminateWithSwiPrologsAnswers) {
  Engine e;
  EXPECT_EQ(ask(e, "_X = f(_X), _Y = f(_Y), _X == _Y"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), _Y = f(_Y), _X = _Y"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), _Y = f(f(_Y)), _X = _Y, _X == _Y"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), _Y = f(_Y), compare(O, _X, _Y), _Z = f(g(_Z)), compare(P, _X, _Z)"),
            "O==, P=<");
  EXPECT_EQ(ask(e, "_X = f(_X, a), _Y = f(_Y, b), _X = _Y"), "false");
  EXPECT_EQ(ask(e, "_X = f(_X), copy_term(_X, _C), _C == _X, _C = f(_D), _D == _C"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X, _V), copy_term(_X, _C), _C = f(_C1, _V1), _C1 == _C, _V1 \\== _V"),
            "true");
  EXPECT_EQ(ask(e, "_X = f(_X), findall(_X, true, [_F]), _F == _X"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), ground(_X), _V = f(_V, _), \\+ ground(_V)"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), cyclic_term(_X), acyclic_term(f(a))"), "true");
  EXPECT_EQ(ask(e, "_X = f(_X), msort([_X, a, _X], _L), length(_L, N)"), "N=3");
  // Large ones take the remembering path.
  EXPECT_EQ(ask(e,
                "numlist(1, 20000, _L0), append(_L0, _T, _L), _T = _L, copy_term(_L, _C), "
                "_C == _L, append(_L0, _T2, _L2), _T2 = _L2, _L2 = _L, \\+ is_list(_L)"),
            "true");
  expect_usable(e);
}

TEST(PrologCyclicTerms, ListBuiltinsAndGoalsRaiseClearErrors) {
  Engine e;
  const char* cases[] = {
      "L = [a|L], length(L, _)",    "L = [a|L], msort(L, _)",
      "L = [a|L], memberchk(b, L)", "L = [0'a|L], atom_codes(_, L)",
      "L = [a|L], sort(L, _)",      "L = [a|L], atomic_list_concat(L, _)",
      "L = [0'a|L], format(L, [])", "L = [a|L], format(\"~w\", L)",
  };
  for (const char* goal : cases) {
    std::string message = error_of(e, goal);
    EXPECT_NE(message.find("`list' expected, found `@(S_1,[S_1=["), std::string::npos)
        << goal << ": " << message;
  }
  EXPECT_NE(error_of(e, "T = T + 1, X is T").find("Cannot evaluate"), std::string::npos);
  EXPECT_NE(error_of(e, "G = (true, G), call(G)").find("cyclic"), std::string::npos);
  EXPECT_EQ(ask(e, "_L = [a|_L], \\+ is_list(_L)"), "true");
  expect_usable(e);
}

TEST(PrologHostileGenerators, RetriesOfLengthAreConstantTime) {
  Engine e;
  // Each retry used to rebuild the whole list: O(n^2) for n solutions.
  EXPECT_EQ(ask(e, "length(_L, N), N >= 2000000, !"), "N=2000000");
  EXPECT_EQ(ask(e, "length([a, b|_T], N), N >= 4, !, length(_T, M)"), "N=4, M=2");
  EXPECT_EQ(testing::all(e, "length([x|_M], N), ( N > 3, !, fail ; true )", "N"), "1,2,3");
  EXPECT_EQ(testing::all(e, "length(_L, N), _L = [a|_], ( N > 2, !, fail ; true )", "N"), "1,2");
  Limits limits;
  limits.max_steps = 1000000;
  e.set_limits(limits);
  // A typo: length(Distanct, K) with Distanct unbound enumerates for ever.
  std::string message = error_of(e, "length(Distanct, K), K < 0");
  EXPECT_NE(message.find("step limit exceeded"), std::string::npos) << message;
  expect_usable(e);
}

TEST(PrologHostileMemory, FindallStoreCountsAgainstTheTermSpace) {
  Engine e = small_engine();
  // Every solution is a longer list: the findall store grew without bound, under no limit.
  std::string message = error_of(e, "findall(L, length(L, _), Ls)");
  EXPECT_NE(message.find("term space limit exceeded"), std::string::npos) << message;
  expect_usable(e);
}

TEST(PrologHostileMemory, AtomsCountAndAreForgottenAfterTheProof) {
  Engine e = small_engine();
  std::string message = error_of(e, "between(1, inf, N), atom_number(A, N), atom_length(A, 0)");
  EXPECT_NE(message.find("term space limit exceeded"), std::string::npos) << message;
  e.begin();
  std::size_t atoms = e.atom_count();
  for (int run = 0; run < 20; ++run) {
    EXPECT_EQ(ask(e, "forall(between(1, 5000, N), (atom_number(A, N), atom_concat(x, A, _)))"),
              "true");
    e.begin();
    EXPECT_EQ(e.atom_count(), atoms);
  }
  expect_usable(e);
}

TEST(PrologHostileMemory, StacksAndBuffersCountAgainstTheTermSpace) {
  Engine e = small_engine();
  std::ostringstream out;
  e.set_output(out);
  e.consult_text(
      "choices :- between(1, 2, _), choices.\n"
      "calls(N) :- G = true, call(G), N1 is N + 1, calls(N1).\n",
      "stacks.pl");
  for (const char* goal : {"choices", "calls(0)", "numlist(1, 300000, L), msort(L, _)",
                           "numlist(1, 200000, L), format(\"~w~w~w~w~w~w~w~w~w~w~w~w\", "
                           "[L, L, L, L, L, L, L, L, L, L, L, L])"}) {
    std::string message = error_of(e, goal);
    EXPECT_NE(message.find("limit exceeded"), std::string::npos) << goal << ": " << message;
  }
  expect_usable(e);
}

TEST(PrologHostileBuiltins, HugeCountsAndArityAreErrors) {
  Engine e;
  std::ostringstream out;
  e.set_output(out);
  EXPECT_NE(error_of(e, "format(\"~99999999999999999999n\")").find("too large"), std::string::npos);
  EXPECT_NE(error_of(e, "tab(100000000000000)").find("step limit exceeded"), std::string::npos);
  EXPECT_NE(error_of(e, "length(L, 255), G =.. [foo|L], call(G, x)").find("max_arity"),
            std::string::npos);
  EXPECT_NE(error_of(e, "length(L, 255), G =.. [foo|L], call(G, x, y, z)").find("max_arity"),
            std::string::npos);
  EXPECT_EQ(ask(e, "X is 1 >> -1, Y is -8 >> 1, Z is 5 << -1"), "X=2, Y=-4, Z=2");
  EXPECT_NE(error_of(e, "X is max_tagged_integer, succ(X, Y)").find("overflow"), std::string::npos);
  EXPECT_NE(error_of(e, "char_code(C, -1)").find("character_code"), std::string::npos);
  expect_usable(e);
}

}  // namespace
}  // namespace railyard::prolog
