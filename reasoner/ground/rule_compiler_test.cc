// Join plans of the compiled rules (rule_compiler.h): with the delta literal first, the
// literals connected to what is bound follow in body order, a lookup (every variable
// bound) before any generator.

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

}  // namespace
}  // namespace ggp::reasoner::ground
