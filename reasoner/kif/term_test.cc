#include "reasoner/kif/term.h"

#include <gtest/gtest.h>

namespace ggp::kif {
namespace {

Term Parse(SymbolTable& s, std::string_view text) {
  Term t;
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(ParseTerm(text, s, &t, &errors));
  return t;
}

TEST(SymbolTable, KeywordsFoldCaseOtherSymbolsDoNot) {
  SymbolTable s;
  EXPECT_EQ(s.Intern("ROLE"), kRole);
  EXPECT_EQ(s.Intern("Legal"), kLegal);
  EXPECT_EQ(s.Intern("<="), kImplies);
  SymbolId a = s.Intern("cell");
  SymbolId b = s.Intern("CELL");
  EXPECT_NE(a, b);
  EXPECT_EQ(s.Name(b), "CELL");
  EXPECT_EQ(s.Intern("cell"), a);
  EXPECT_EQ(s.Name(kTerminal), "terminal");
}

// Fresh names skip every spelling already interned, whoever interned it.
TEST(SymbolTable, InternFreshSkipsTakenSpellings) {
  SymbolTable s;
  const SymbolId taken0 = s.Intern("aux_0");
  s.Intern("aux_2");
  int counter = 0;
  const SymbolId a = s.InternFresh("aux_", &counter);
  EXPECT_NE(a, taken0);
  EXPECT_EQ(s.Name(a), "aux_1");
  EXPECT_EQ(counter, 2);
  const SymbolId b = s.InternFresh("aux_", &counter);
  EXPECT_EQ(s.Name(b), "aux_3");  // aux_2 is the game's
  EXPECT_EQ(s.Intern("aux_3"), b);
  int other = 0;
  EXPECT_EQ(s.Name(s.InternFresh("aux_", &other)), "aux_4");
}

TEST(Term, PrintsBackAsSpelled) {
  SymbolTable s;
  EXPECT_EQ(ToString(Parse(s, "( MARK  1 ( F x ) )"), s), "(MARK 1 (F x))");
  EXPECT_EQ(ToString(Parse(s, "noop"), s), "noop");
}

TEST(Term, ZeroArityFunctionDiffersFromConstant) {
  SymbolTable s;
  Term f = Parse(s, "f");
  Term g = Parse(s, "(f)");
  EXPECT_FALSE(f == g);
  EXPECT_EQ(ToString(g, s), "(f)");
  EXPECT_NE(TermHash()(f), TermHash()(g));
}

TEST(Term, VariablesAndGroundness) {
  SymbolTable s;
  Term t = Parse(s, "(cell ?x 1 b)");
  EXPECT_FALSE(t.is_ground());
  EXPECT_TRUE(t.args[0].is_variable);
  EXPECT_TRUE(Parse(s, "(cell 3 1 b)").is_ground());
}

TEST(Term, CaseInsensitiveComparisonIsAFallbackOnly) {
  SymbolTable s;
  Term a = Parse(s, "(TAKE 1)");
  Term b = Parse(s, "(take 1)");
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(EqualsIgnoreCase(a, b, s));
  EXPECT_FALSE(EqualsIgnoreCase(a, Parse(s, "(take 2)"), s));
}

TEST(Term, RejectsEmptyListAndVariableFunctor) {
  SymbolTable s;
  Term t;
  std::vector<Diagnostic> errors;
  EXPECT_FALSE(ParseTerm("()", s, &t, &errors));
  EXPECT_FALSE(ParseTerm("(?f a)", s, &t, &errors));
  EXPECT_EQ(errors.size(), 2u);
}

}  // namespace
}  // namespace ggp::kif
