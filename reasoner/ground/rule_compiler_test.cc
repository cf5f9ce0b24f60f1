// Join plans of the compiled rules (rule_compiler.h): with the delta literal first, the
// literals connected to what is bound follow in body order, a lookup (every variable
// bound, or once the static relations are known a static literal whose bound arguments
// leave about one fact) before any generator.

#include "reasoner/ground/rule_compiler.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/gdl/normalize.h"

namespace ggp::reasoner::ground {
namespace {

// The body indices of `r`'s plan when its positive literal `delta` is new.
std::vector<int> PlanFrom(const CompiledRule& r, int delta) {
  for (size_t i = 0; i < r.positives.size(); ++i) {
    if (r.positives[i] == delta) return r.plans[i];
  }
  ADD_FAILURE() << "body literal " << delta << " is not positive";
  return {};
}

TEST(RuleCompilerTest, ALookupComesBeforeAGeneratorInBodyOrder) {
  // A chain of jumps of colour ?p from a cell of that colour, and the colour's demand.
  gdl::Description raw;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(
      "(<= (legal r (go ?b ?e)) (true (cell ?b ?p)) (jump ?p ?b ?x) (jump ?p ?x ?e) (want ?p))",
      std::make_shared<kif::SymbolTable>(), &raw, &errors));
  const gdl::Description d = gdl::Normalize(raw);
  TermStore terms;
  FactStore facts(&terms);
  const std::vector<CompiledRule> rules = CompileRules(d, terms, facts);
  ASSERT_EQ(rules.size(), 1u);
  // From the second jump (?p ?x ?e bound): (want ?p) is a lookup and goes first; then, in
  // body order among the connected ones, (true (cell ?b ?p)), which binds ?b, and then
  // the first jump.
  EXPECT_EQ(PlanFrom(rules[0], 2), (std::vector<int>{2, 3, 0, 1}));
  // From the cell (?b ?p bound): the lookup (want ?p), then the jumps in order.
  EXPECT_EQ(PlanFrom(rules[0], 0), (std::vector<int>{0, 3, 1, 2}));
  // From the first jump (?p ?b ?x bound): the cell and the colour's demand are both
  // lookups, taken in body order; the second jump last.
  EXPECT_EQ(PlanFrom(rules[0], 1), (std::vector<int>{1, 0, 3, 2}));
}

// Once the static relations are computed, (sum ?a ?b ?c) with ?a and ?b bound leaves one
// of its 25 facts (5 values of ?a times 5 of ?b): a lookup, taken before the generator
// (far ?a ?x) that comes first in body order (4 facts per ?a).
TEST(RuleCompilerTest, AStaticLiteralThatLeavesOneFactIsALookupOnceItsSizesAreKnown) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description raw;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(
      "(<= (legal r (go ?c ?x)) (true (at ?a ?b)) (far ?a ?x) (sum ?a ?b ?c))", symbols, &raw,
      &errors));
  const gdl::Description d = gdl::Normalize(raw);
  TermStore terms;
  FactStore facts(&terms);
  std::vector<CompiledRule> rules = CompileRules(d, terms, facts);
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(PlanFrom(rules[0], 0), (std::vector<int>{0, 1, 2}));  // body order

  const int sum = facts.RelationOf(symbols->Intern("sum"), 3);
  const int far = facts.RelationOf(symbols->Intern("far"), 2);
  facts.relation(sum).is_static = true;
  facts.relation(far).is_static = true;
  auto number = [&](int i) { return terms.Atom(symbols->Intern(std::to_string(i))); };
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) {
      const TermId s[] = {number(i), number(j), number(i + j)};
      facts.Add(sum, facts.SentenceOf(sum, s));
      if (i == j) continue;
      const TermId f[] = {number(i), number(j)};
      facts.Add(far, facts.SentenceOf(far, f));
    }
  }
  ReplanDynamic(rules[0], facts);
  EXPECT_EQ(PlanFrom(rules[0], 0), (std::vector<int>{0, 2, 1}));
  // From (far ?a ?x): ?b is free, so the sum is no lookup; body order as before.
  EXPECT_EQ(PlanFrom(rules[0], 1), (std::vector<int>{1, 0, 2}));
}

}  // namespace
}  // namespace ggp::reasoner::ground
