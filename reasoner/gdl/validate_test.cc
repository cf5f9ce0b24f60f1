// Unit tests of validate.h: each check on small hand-written snippets, asserting the
// severity, the check id, the line and that the message names the problem and the symbol.

#include "reasoner/gdl/validate.h"

#include <gtest/gtest.h>

#include "reasoner/gdl/validate_test_util.h"

namespace ggp::gdl {
namespace {

// A small valid game (nim with one pile) that every test below breaks in one place.
constexpr char kNim[] = R"(
(role first) (role second)
(init (pile 2)) (init (control first))
(succ 0 1) (succ 1 2)
(<= (legal ?p take) (true (control ?p)) (true (pile ?n)) (succ ?m ?n))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (pile ?m)) (does ?p take) (true (pile ?n)) (succ ?m ?n))
(<= (next (control second)) (true (control first)))
(<= (next (control first)) (true (control second)))
(<= terminal (true (pile 0)))
(<= (goal ?p 100) (role ?p) (true (control ?p)) terminal)
(<= (goal ?p 0) (role ?p) (not (true (control ?p))))
)";

TEST(Validate, SmallGameHasNoFindings) {
  ValidationReport r = ValidateText(kNim);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.findings.empty()) << Dump(r);
}

TEST(Validate, EdgeCasesOfRealFilesAreAccepted) {
  // Upper-case keywords, empty-body rules, keyword facts, 0-ary relations, (not (distinct)),
  // `or` with nested not/distinct and variables only inside the `or`.
  ValidationReport r = ValidateText(R"(
(ROLE robot)
(<= (LEGAL robot go))
(INIT (cell a)) (goal robot 100) (next win)
(<= same (not (distinct p p)))
(<= (pair ?x) (cell2 ?x ?y) (not (distinct ?x ?y)))
(cell2 a a)
(<= (both ?x) (or (q ?x) (and2 ?x)) (or (not (r ?x)) (distinct ?x b)))
(q a) (and2 b) (r c)
(<= TERMINAL (TRUE win) same)
)");
  EXPECT_TRUE(r.ok()) << Dump(r);
  EXPECT_TRUE(r.findings.empty()) << Dump(r);
}

TEST(Validate, FindingsAreSortedByLine) {
  ValidationReport r =
      ValidateText("(role a)\n(p 1)\n(p 1 2)\n(<= (true x) (p 1))\n(q)\n(<= (next (q 1 2 3)))");
  ASSERT_GE(r.findings.size(), 2u);
  for (size_t i = 1; i < r.findings.size(); ++i) {
    EXPECT_LE(r.findings[i - 1].diagnostic.where.line, r.findings[i].diagnostic.where.line);
  }
}

TEST(ValidateSyntax, ParseErrorsAreErrorsAndTheRestIsStillChecked) {
  ValidationReport r = ValidateText("(role a)\n(<= (p ?x) (q ?x) (not a b))\n(r 1)\n(r 1 2)\n");
  const Finding* syntax = FindFinding(r, "syntax", "'not'");
  ASSERT_NE(syntax, nullptr) << Dump(r);
  EXPECT_EQ(syntax->severity, Severity::kError);
  EXPECT_EQ(syntax->diagnostic.where.line, 2);
  ExpectFinding(r, Severity::kError, "arity", "relation 'r' used with arity 2", 4);
}

TEST(ValidateSyntax, UnmatchedParenthesisAndDistinctArity) {
  ValidationReport r = ValidateText("(role a)\n(<= (p) (distinct a))\n(<= (q) (r a)");
  EXPECT_FALSE(r.ok());
  ExpectFinding(r, Severity::kError, "syntax", "distinct", 2);
  ExpectFinding(r, Severity::kError, "syntax", "unmatched", 3);
}

TEST(ValidateSyntax, VariablesCannotNameRelationsAndNotTakesOneLiteral) {
  ValidationReport r =
      ValidateText("(role a)\n(<= (p) ?x)\n(<= (?r a) (q))\n(<= (s) (not (q) (q)))\n(q)");
  ExpectFinding(r, Severity::kError, "syntax", "variable (?x)", 2);
  ExpectFinding(r, Severity::kError, "syntax", "variable (?r)", 3);
  ExpectFinding(r, Severity::kError, "syntax", "'not' takes exactly one literal", 4);
}

TEST(ValidateFile, UnreadableFileIsAnError) {
  ValidationReport r = ValidateFile("/nonexistent/dir/game.kif");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.Has(Severity::kError, "syntax", "cannot read")) << Dump(r);
}

}  // namespace
}  // namespace ggp::gdl
