// Unit tests of the arity and keyword checks of validate.h.

#include <gtest/gtest.h>

#include "reasoner/gdl/validate.h"
#include "reasoner/gdl/validate_test_util.h"

namespace ggp::gdl {
namespace {

TEST(ValidateArity, RelationWithTwoAritiesIsAnErrorAtTheSecondArity) {
  ValidationReport r =
      ValidateText("(role a)\n(foo bar)\n(<= (p ?x) (foo ?x ?x))\n(foo b)\n(foo 1 2 3)");
  EXPECT_FALSE(r.ok());
  ExpectFinding(r, Severity::kError, "arity",
                "relation 'foo' used with arity 2 here but with arity 1 at line 2", 3);
  ExpectFinding(r, Severity::kError, "arity",
                "relation 'foo' used with arity 3 here but with arity 1 at line 2", 5);
  EXPECT_EQ(r.ErrorCount(), 2u) << Dump(r);
}

TEST(ValidateArity, FunctionWithTwoAritiesIsAnError) {
  ValidationReport r = ValidateText("(role r)\n(legal r (a 1))\n\n(legal r (a 2 3))\n");
  ExpectFinding(r, Severity::kError, "arity",
                "function 'a' used with arity 2 here but with arity 1 at line 2", 4);
}

TEST(ValidateArity, FunctionsInsideDistinctAndNestedTermsAreChecked) {
  ValidationReport r =
      ValidateText("(role r)\n(p (f (g 1)))\n(<= (q ?x) (p ?x) (distinct ?x (f (g 1 2))))");
  ExpectFinding(r, Severity::kError, "arity", "function 'g' used with arity 2", 3);
}

TEST(ValidateArity, NameUsedAsRelationAndFunctionOrConstantIsAccepted) {
  // (cell ...) fluent of arity 3 and helper relation cell of arity 2; move as constant and
  // as function.
  ValidationReport r = ValidateText(R"(
(role r) (init (cell 1 1 b)) (cell 1 1)
(<= (legal r (move ?x)) (true (cell ?x ?x b)) (cell ?x ?x))
(kind move)
)");
  EXPECT_TRUE(r.findings.empty()) << Dump(r);
}

TEST(ValidateArity, ZeroAryRelationWrittenBothWaysIsAWarning) {
  ValidationReport r = ValidateText(
      "(role r)\n(<= open1 (true x))\n(<= (open2) (true x))\n(<= (legal r a) open1 open2)");
  EXPECT_TRUE(r.ok());
  ExpectFinding(r, Severity::kWarning, "style",
                "0-ary relation 'open2' written as '(open2)' here but as 'open2' at line 4", 3);
}

TEST(ValidateArity, ZeroAryFunctionAndConstantIsAWarning) {
  ValidationReport r = ValidateText("(role r)\n(init (f))\n(<= terminal (true f))");
  ExpectFinding(r, Severity::kWarning, "style", "term '(f)' here but constant 'f' at line 3", 2);
}

TEST(ValidateKeywords, KeywordArities) {
  ValidationReport r = ValidateText(
      "(role r)\n(<= (legal r a b) (true x))\n(<= (terminal 1) (true x))\n(<= (goal r) (true "
      "(x)))");
  ExpectFinding(r, Severity::kError, "arity",
                "keyword 'legal' takes 2 arguments but is used with 3", 2);
  ExpectFinding(r, Severity::kError, "arity",
                "keyword 'terminal' takes 0 arguments but is used with 1", 3);
  ExpectFinding(r, Severity::kError, "arity", "keyword 'goal' takes 2 arguments but is used with 1",
                4);
}

TEST(ValidateKeywords, TrueAndDoesCannotBeHeads) {
  ValidationReport r = ValidateText("(role r)\n(true (x 1))\n(<= (does r a) (p))\n(p)");
  ExpectFinding(r, Severity::kError, "keyword", "'true' cannot be defined", 2);
  ExpectFinding(r, Severity::kError, "keyword", "'does' cannot be defined", 3);
}

TEST(ValidateKeywords, InitAndNextOnlyInHeads) {
  ValidationReport r =
      ValidateText("(role r)\n(init x)\n(<= (p)\n  (init x))\n(<= (q) (not (next x)))");
  ExpectFinding(r, Severity::kError, "keyword", "'init' may appear only in rule heads", 4);
  ExpectFinding(r, Severity::kError, "keyword", "'next' may appear only in rule heads", 5);
}

TEST(ValidateKeywords, ConnectivesAreNotRelations) {
  ValidationReport r = ValidateText("(role r)\n(or a b)\n(<= (p) distinct)");
  ExpectFinding(r, Severity::kError, "keyword", "'or' cannot be used as a relation", 2);
  ExpectFinding(r, Severity::kError, "keyword", "'distinct' cannot be used as a relation", 3);
}

TEST(ValidateKeywords, TerminalWrittenAsCompoundIsAWarning) {
  ValidationReport r = ValidateText("(role r)\n(<= (terminal) (true x))");
  EXPECT_TRUE(r.ok());
  ExpectFinding(r, Severity::kWarning, "style", "'(terminal)'", 2);
}

TEST(ValidateKeywords, OldStyleBaseIsOneWarning) {
  ValidationReport r = ValidateText("(role r)\n(base cell 1 2)\n(base cell 2 2)\n(base (x 1))");
  EXPECT_TRUE(r.ok());
  ExpectFinding(r, Severity::kWarning, "keyword", "old-style 'base' with arity 3", 2);
  EXPECT_EQ(r.WarningCount(), 1u) << Dump(r);
}

TEST(ValidateRoles, AtLeastOneRole) {
  ValidationReport r = ValidateText("(init x)\n(<= terminal (true x))");
  ExpectFinding(r, Severity::kError, "role", "no role", 0);
}

TEST(ValidateRoles, RolesOnlyAsGroundUniqueTopLevelFacts) {
  ValidationReport r =
      ValidateText("(role a)\n(<= (role b) (p))\n(p)\n(role ?x)\n(role a)\n(role a b)");
  ExpectFinding(r, Severity::kError, "role", "'role' defined by a rule", 2);
  ExpectFinding(r, Severity::kError, "role", "role fact with a variable: (role ?x)", 4);
  ExpectFinding(r, Severity::kError, "role", "role a declared again (first at line 1)", 5);
  ExpectFinding(r, Severity::kError, "arity", "keyword 'role' takes 1 argument", 6);
}

TEST(ValidateRoles, GoalOrLegalForAnUndeclaredRoleIsAWarning) {
  ValidationReport r = ValidateText("(role a)\n(goal a 100)\n(goal b 0)\n(legal c noop)");
  EXPECT_TRUE(r.ok());
  ExpectFinding(r, Severity::kWarning, "role", "'goal' for b, which is not a role", 3);
  ExpectFinding(r, Severity::kWarning, "role", "'legal' for c, which is not a role", 4);
}

TEST(ValidateGoals, GroundGoalValuesAreIntegersFrom0To100) {
  ValidationReport r = ValidateText(R"((role a)
(goal a 0)
(goal a 100)
(goal a 101)
(goal a -5)
(<= (goal a high) (p))
(<= (goal a (v 1)) (p))
(<= (goal a ?v) (score ?v))
(p) (score 50))");
  ExpectFinding(r, Severity::kError, "goal", "goal value 101 is not an integer between 0 and 100",
                4);
  ExpectFinding(r, Severity::kError, "goal", "goal value -5", 5);
  ExpectFinding(r, Severity::kError, "goal", "goal value high", 6);
  ExpectFinding(r, Severity::kError, "goal", "goal value (v 1)", 7);
  EXPECT_EQ(r.ErrorCount(), 4u) << Dump(r);
}

}  // namespace
}  // namespace ggp::gdl
