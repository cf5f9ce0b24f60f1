// Unit tests of the rule checks of validate.h: safety, stratification, the recursion
// restriction and what keyword relations may depend on.

#include <gtest/gtest.h>

#include "reasoner/gdl/validate.h"
#include "reasoner/gdl/validate_test_util.h"

namespace ggp::gdl {
namespace {

TEST(ValidateSafety, UnsafeHeadNegationAndDistinctAreWarnings) {
  ValidationReport r = ValidateText(R"((role a)
(<= (p ?x ?y) (q ?x))
(<= (s ?x) (q ?x)
    (not (t ?z)))
(<= (u ?x) (q ?x) (distinct ?x ?w))
(<= (legal ?p ?p) (q 1))
(q 1) (t 1))");
  EXPECT_TRUE(r.ok()) << Dump(r);
  ExpectFinding(r, Severity::kWarning, "safety", "unsafe rule for 'p': head variable ?y not bound",
                2);
  ExpectFinding(r, Severity::kWarning, "safety", "variable ?z of negated literal (not (t ?z))", 4);
  ExpectFinding(r, Severity::kWarning, "safety", "variable ?w of distinct (distinct ?x ?w)", 5);
  ExpectFinding(r, Severity::kWarning, "safety", "unsafe rule for 'legal': head variable ?p", 6);
  EXPECT_EQ(r.WarningCount(), 4u) << Dump(r);
}

TEST(ValidateSafety, FactWithVariableIsUnsafe) {
  ValidationReport r = ValidateText("(role a)\n(p ?x)");
  ExpectFinding(r, Severity::kWarning, "safety", "head variable ?x", 2);
}

TEST(ValidateSafety, OrBindsWhatEveryAlternativeBinds) {
  ValidationReport safe = ValidateText("(role a)\n(<= (p ?x) (or (q ?x) (r ?x)) (not (t ?x)))");
  EXPECT_TRUE(safe.findings.empty()) << Dump(safe);
  ValidationReport unsafe = ValidateText("(role a)\n(q 1)\n(<= (p ?x) (or (q ?x) (r 1)))");
  ExpectFinding(unsafe, Severity::kWarning, "safety", "head variable ?x", 3);
}

TEST(ValidateSafety, NegationInsideOrNeedsABindingOutside) {
  ValidationReport r =
      ValidateText("(role a)\n(q 1)\n(<= (p ?x) (q ?x) (or (not (t ?x)) (distinct ?x ?y)))");
  ExpectFinding(r, Severity::kWarning, "safety", "variable ?y of distinct (distinct ?x ?y)", 3);
  EXPECT_EQ(r.WarningCount(), 1u) << Dump(r);
}

TEST(ValidateSafety, NotDistinctNamesOnlyTheFreeVariable) {
  ValidationReport r = ValidateText("(role a)\n(q 1)\n(<= (p ?x) (q ?x) (not (distinct ?x ?y)))");
  const Finding* f = FindFinding(r, "safety", "variable ?y of negated literal");
  ASSERT_NE(f, nullptr) << Dump(r);
  EXPECT_EQ(f->diagnostic.message.find("?x not"), std::string::npos) << f->diagnostic.message;
}

TEST(ValidateStratification, CycleThroughNegationIsAnErrorNamingTheCycle) {
  ValidationReport r = ValidateText(R"((role a)
(<= (p ?x) (s ?x) (not (q ?x)))
(<= (q ?x) (r ?x))
(<= (r ?x) (p ?x))
(s 1))");
  EXPECT_FALSE(r.ok());
  ExpectFinding(
      r, Severity::kError, "stratification",
      "'p' depends on its own negation: p (rule at line 2) -not-> q (rule at line 3) -> r "
      "(rule at line 4) -> p (rule at line 2)",
      2);
}

TEST(ValidateStratification, SelfNegationIsAnError) {
  ValidationReport r = ValidateText("(role a)\n\n(<= w (not w))");
  ExpectFinding(r, Severity::kError, "stratification", "'w' depends on its own negation", 3);
}

TEST(ValidateStratification, StratifiedByArgumentsIsAWarning) {
  ValidationReport r = ValidateText(R"((role robot)
(<= (goal robot 0) (true (cell blank)))
(<= (goal robot 100) (not (goal robot 0))))");
  EXPECT_TRUE(r.ok()) << Dump(r);
  ExpectFinding(r, Severity::kWarning, "stratification",
                "relation 'goal' depends on the negation of 'goal' on a cycle", 3);
}

TEST(ValidateStratification, PositiveRecursionIsFine) {
  ValidationReport r = ValidateText(
      "(role a)\n(<= (p left) (p up))\n(<= (p up) (p left))\n(<= (r ?x) (r ?x) (q ?x))\n(q 1)");
  EXPECT_TRUE(r.findings.empty()) << Dump(r);
}

TEST(ValidateRecursion, ArgumentBoundOnlyInsideTheRecursionIsAWarning) {
  ValidationReport r = ValidateText(R"((role a)
(succ 0 1) (succ 1 2)
(<= (less ?x ?y) (succ ?x ?y))
(<= (less ?x ?y) (less ?z ?y) (succ ?x ?z))
(<= (bad ?x) (q ?x))
(<= (bad ?x) (bad ?y) (q ?x))
(q 1))");
  EXPECT_TRUE(r.ok());
  ExpectFinding(r, Severity::kWarning, "recursion",
                "argument 1 (?y) of (bad ?y), recursive with 'bad'", 6);
  EXPECT_EQ(r.WarningCount(), 1u) << Dump(r);
}

TEST(ValidateRecursion, GrowingFunctionTermIsAWarning) {
  ValidationReport r = ValidateText("(role a)\n(r 0 0)\n(<= (r ?v (f ?v)) (r (g ?v) ?v))");
  ExpectFinding(r, Severity::kWarning, "recursion", "argument 1 ((g ?v))", 3);
}

TEST(ValidateDependencies, LegalMustNotDependOnDoesEvenThroughHelpers) {
  ValidationReport r = ValidateText(R"((role a)
(<= (legal a go) (moved a))
(<= (moved ?r)
    (does ?r go))
(<= (next x) (moved a)))");
  EXPECT_FALSE(r.ok());
  ExpectFinding(r, Severity::kError, "dependency",
                "'legal' must not depend on 'does': legal -> moved (line 2) -> does (line 4)", 2);
  EXPECT_EQ(r.ErrorCount(), 1u) << Dump(r);  // next may depend on does
}

TEST(ValidateDependencies, EveryOffendingRuleIsReported) {
  ValidationReport r = ValidateText(R"((role a)
(<= terminal (does a x))
(<= (goal a 100) (not (does a y)))
(<= (init (c ?x)) (true (c ?x)))
(<= (base (c ?x)) (true (c ?x)))
(<= (input a ?m) (does a ?m))
(<= (sees a ?m) (does a ?m)))");
  ExpectFinding(r, Severity::kError, "dependency", "'terminal' must not depend on 'does'", 2);
  ExpectFinding(r, Severity::kError, "dependency",
                "'goal' must not depend on 'does': goal -not-> does", 3);
  ExpectFinding(r, Severity::kError, "dependency", "'init' must not depend on 'true'", 4);
  ExpectFinding(r, Severity::kError, "dependency", "'base' must not depend on 'true'", 5);
  ExpectFinding(r, Severity::kError, "dependency", "'input' must not depend on 'does'", 6);
  EXPECT_EQ(r.ErrorCount(), 5u) << Dump(r);
}

TEST(ValidateDependencies, InitMustNotDependOnStateRelations) {
  ValidationReport r = ValidateText("(role a)\n(<= (init x) terminal)\n(<= terminal (true x))");
  ExpectFinding(r, Severity::kError, "dependency",
                "'init' must not depend on 'terminal': init -> terminal (line 2)", 2);
  ExpectFinding(r, Severity::kError, "dependency",
                "'init' must not depend on 'true': init -> terminal (line 2) -> true (line 3)", 2);
}

}  // namespace
}  // namespace ggp::gdl
