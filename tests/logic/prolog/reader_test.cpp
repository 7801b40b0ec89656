// Reading and writing terms: operators, comments, quoting, escapes and syntax error positions.
#include <gtest/gtest.h>

#include "tests/logic/prolog/test_support.h"

namespace railyard::prolog {
namespace {

using testing::ask;

TEST(PrologReader, OperatorsFollowPriorityAndAssociativity) {
  Engine e;
  EXPECT_EQ(ask(e, "X = 1+2*3-4, X =.. L"), "X=1+2*3-4, L=[-,1+2*3,4]");
  EXPECT_EQ(ask(e, "X = (a:-b,c;d->e), X =.. [F|_]"), "X=a:-b,c;d->e, F=:-");
  EXPECT_EQ(ask(e, "X = 2^3^4, X = A^B"), "X=2^3^4, A=2, B=3^4");
  EXPECT_EQ(ask(e, "X = a-b-c, X = A-B"), "X=a-b-c, A=a-b, B=c");
  EXPECT_EQ(ask(e, "X = \\+ a, X =.. L"), "X=\\+a, L=[\\+,a]");
  EXPECT_EQ(ask(e, "X = - 1, integer(X)"), "false");  // prefix minus applied to 1
  EXPECT_EQ(ask(e, "X = -1, integer(X)"), "X=-1");
  EXPECT_EQ(ask(e, "X = -(1), X =.. L"), "X=- 1, L=[-,1]");
  EXPECT_EQ(ask(e, "X = [-], X = [A]"), "X=[-], A=-");
  EXPECT_EQ(ask(e, "X = f(a, (b, c)), arg(2, X, A)"), "X=f(a,(b,c)), A=b,c");
  EXPECT_EQ(ask(e, "X = {a, b}, X =.. L"), "X={a,b}, L=[{},(a,b)]");
  EXPECT_EQ(ask(e, "X = (a | b), X =.. L"), "X=a|b, L=['|',a,b]");
  EXPECT_EQ(ask(e, "X = 'hello world', atom(X)"), "X='hello world'");
}

TEST(PrologReader, CommentsNumbersAndQuotedText) {
  Engine e;
  e.consult_text(
      "% line comment\n"
      "/* block\n comment */ p(1). % after\n"
      "p(0'a). p(0x1F). p(1.5e3). p('it''s'). p('tab\\there'). p(\"ab\"). p(0'\\n).\n",
      "numbers.pl");
  EXPECT_EQ(testing::all(e, "p(X)", "X"), "1,97,31,1500.0,'it\\'s','tab\\there',[97,98],10");
  EXPECT_EQ(ask(e, "atom_length('it''s', N)"), "N=4");
  EXPECT_EQ(ask(e, "X = \"\", X == []"), "X=[]");
}

TEST(PrologReader, SyntaxErrorsNameFileLineAndColumn) {
  Engine e;
  try {
    e.consult_text("p(a).\nq(b) :- r(.\n", "broken.pl");
    FAIL() << "expected a syntax error";
  } catch (const SyntaxError& err) {
    EXPECT_EQ(err.line(), 2);
    EXPECT_EQ(err.column(), 11);
    EXPECT_EQ(std::string(err.what()).rfind("broken.pl:2:11: syntax error:", 0), 0u) << err.what();
  }
  EXPECT_THROW(e.consult_text("p :- 'unterminated.\n", "q.pl"), SyntaxError);
  EXPECT_THROW(e.consult_text("p(a) q(b).\n", "q.pl"), SyntaxError);
  EXPECT_THROW(e.consult_text("p(a)\n", "q.pl"), SyntaxError);  // missing the final dot
  EXPECT_THROW(e.consult_text("p(99999999999999999999).\n", "q.pl"), SyntaxError);
}

TEST(PrologReader, OpDirectiveDefinesOperators) {
  Engine e;
  e.consult_text(
      ":- op(700, xfx, ===>).\nrule(a ===> b).\n:- op(200, xfy, likes).\n"
      "fact(mary likes wine).\n",
      "ops.pl");
  EXPECT_EQ(ask(e, "rule(X ===> Y)"), "X=a, Y=b");
  EXPECT_EQ(ask(e, "fact(F), F =.. L"), "F=mary likes wine, L=[likes,mary,wine]");
}

TEST(PrologWriter, WritesLikeSwiProlog) {
  Engine e;
  EXPECT_EQ(ask(e, "X = f('A', [a,b|c], 'don''t', [], {x}, 'x y', [])"),
            "X=f('A',[a,b|c],'don\\'t',[],{x},'x y',[])");
  EXPECT_EQ(ask(e, "X is 10.0, Y is 1.0e20, Z is 1/3.0, W is 2.0 ** 0.5"),
            "X=10.0, Y=1.0e+20, Z=0.3333333333333333, W=1.4142135623730951");
  EXPECT_EQ(ask(e, "X = 1 - -1, Y = a- (-1), Z = 2-(-(1))"), "X=1- -1, Y=a- -1, Z=2- - 1");
  EXPECT_EQ(ask(e, "X = (a :- b, c ; d -> e)"), "X=a:-b,c;d->e");
  EXPECT_EQ(ask(e, "X = f((a, b)), Y = 1 + 2 * 3, Z = (1 + 2) * 3"),
            "X=f((a,b)), Y=1+2*3, Z=(1+2)*3");
  EXPECT_THROW(ask(e, "X = [a, c d]"), SyntaxError);
  // Like SWI-Prolog, arguments take operators above 999 except the comma.
  EXPECT_EQ(ask(e, "X = f(a:-b, c), Y = [a:-b|t], Z = f(a;b), W = (1 = :-)"),
            "X=f((a:-b),c), Y=[(a:-b)|t], Z=f((a;b)), W=1=(:-)");
}

}  // namespace
}  // namespace railyard::prolog
