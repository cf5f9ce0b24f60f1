#include "reasoner/gdl/normalize.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace ggp::gdl {
namespace {

Description Parse(std::string_view text) {
  Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return d;
}

std::vector<std::string> Rules(const Description& d) {
  std::vector<std::string> out;
  for (const Rule& r : d.rules) out.push_back(ToString(r, *d.symbols));
  return out;
}

TEST(Description, RolesInFactOrderAndUpperCaseKeywords) {
  Description d = Parse("(ROLE white) (role black) (<= (LEGAL ?p noop) (ROLE ?p))");
  ASSERT_EQ(d.roles.size(), 2u);
  EXPECT_EQ(d.symbols->Name(d.roles[0].symbol), "white");
  EXPECT_EQ(Rules(d)[2], "(<= (legal ?p noop) (role ?p))");
}

TEST(Description, ReportsEveryMalformedItem) {
  Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_FALSE(ParseDescription("(role a)\n(<= (p ?x) (not a b))\n(<= (q) (distinct a))\n",
                                std::make_shared<kif::SymbolTable>(), &d, &errors));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].where.line, 2);
  EXPECT_EQ(errors[1].where.line, 3);
}

// A fact whose sentence is named `<=` (not GDL, but parsed) prints with its wrapper, so the
// printed text reads back as the same fact and not as a rule whose body is `?x`.
TEST(Description, PrintedFactNamedImpliesReadsBackAsTheSameFact) {
  Description d = Parse("(<= (<= (clear ?x) ?x)) (<= (<= a b) c)");
  ASSERT_EQ(d.rules.size(), 2u);
  EXPECT_TRUE(d.rules[0].body.empty());
  const std::vector<std::string> printed = Rules(d);
  EXPECT_EQ(printed[0], "(<= (<= (clear ?x) ?x))");
  EXPECT_EQ(printed[1], "(<= (<= a b) c)");
  Description again = Parse(printed[0] + "\n" + printed[1]);
  EXPECT_EQ(Rules(again), printed);
  EXPECT_TRUE(again.rules[0].body.empty());
}

TEST(Normalize, ExpandsOrIntoOneRulePerAlternative) {
  Description d = Normalize(Parse("(<= (p ?x) (q ?x) (or (r ?x) (s ?x)))"));
  EXPECT_EQ(Rules(d), (std::vector<std::string>{"(<= (p ?x) (q ?x) (r ?x))",
                                                "(<= (p ?x) (q ?x) (s ?x))"}));
}

// Found by the gdl fuzz target: 24 (or a b) literals in one rule (242 bytes) asked for
// 16 million rules and gigabytes before the expansion was bounded.
TEST(Normalize, RefusesAnOrExpansionBeyondTheLimit) {
  std::string many = "(<= (p)";
  for (int i = 0; i < 17; ++i) many += " (or a b)";  // 131072 bodies
  EXPECT_THROW(Normalize(Parse(many + ")")), std::length_error);

  std::string some = "(<= (p)";
  for (int i = 0; i < 8; ++i) some += " (or a (q " + std::to_string(i) + "))";
  EXPECT_EQ(Normalize(Parse(some + ")")).rules.size(), 256u);
}

// (not (not x)) reached the grounder, which cannot compile it (the propnet failed to
// build), and an `or` inside it was never expanded.
TEST(Normalize, DoubleNegationIsTheLiteralItself) {
  Description d =
      Normalize(Parse("(<= (p ?x) (q ?x) (not (not (r ?x))))"
                      "(<= (t ?x) (q ?x) (not (not (or (r ?x) (distinct ?x a)))))"));
  EXPECT_EQ(Rules(d),
            (std::vector<std::string>{"(<= (p ?x) (q ?x) (r ?x))", "(<= (t ?x) (q ?x) (r ?x))",
                                      "(<= (t ?x) (q ?x) (distinct ?x a))"}));
}

TEST(Normalize, NegatedOrBecomesConjunction) {
  Description d = Normalize(Parse("(<= (p ?x) (q ?x) (not (or (r ?x) (s ?x))))"));
  EXPECT_EQ(Rules(d), (std::vector<std::string>{"(<= (p ?x) (q ?x) (not (r ?x)) (not (s ?x)))"}));
}

TEST(Normalize, MovesDistinctAndNotAfterTheirBindings) {
  Description d = Normalize(
      Parse("(<= (p ?x ?y) (distinct ?x ?y) (not (r ?y)) (q ?x) (t 1) (q ?y) (s ?x))"));
  EXPECT_EQ(Rules(d), (std::vector<std::string>{
                          "(<= (p ?x ?y) (q ?x) (t 1) (q ?y) (distinct ?x ?y) (not (r ?y)) (s ?x))"}));
}

TEST(Normalize, DropsOldStyleBase) {
  Description d = Normalize(Parse("(base cell 1 2) (base (x 1)) (role a)"));
  EXPECT_EQ(Rules(d), (std::vector<std::string>{"(role a)"}));
  Description keep = Normalize(Parse("(base (x 1)) (role a)"));
  EXPECT_EQ(keep.rules.size(), 2u);
}

}  // namespace
}  // namespace ggp::gdl
