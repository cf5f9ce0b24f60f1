// Constant fluents: which fluents count as constant, the rewrite of their `true` literals
// (frames included), and a corridor whose walls are state, where the relaxed fixpoint
// without it lets the walker through every wall (it ignores `not (true (wall ?x))`) and
// over every number its step counter uses; the propnet built from it plays as the prover.

#include "reasoner/ground/constant_fluents.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reasoner/ground/grounder.h"
#include "reasoner/ground/rewrite_test_util.h"

namespace ggp::reasoner::ground {
namespace {

using testing::Parse;
using testing::Rules;

bool Has(const std::vector<std::string>& rules, const std::string& rule) {
  return std::find(rules.begin(), rules.end(), rule) != rules.end();
}

TEST(ConstantFluentsTest, OnlyFrameOnlyFluentsArePinnedFramesIncluded) {
  const gdl::Description d = Parse(R"(
    (role r)
    (init (wall 3)) (init (at 1)) (init lit) (init (gate 2))
    (<= (legal r go) (true (at ?x)) (not (true (wall ?x))))
    (<= (next (at ?x)) (true (at ?x)))
    (<= (next (at 2)) (does r go))
    (<= (next (wall ?x)) (true (wall ?x)))
    (<= (next lit) (true lit))
    (<= (next (gate ?x)) (true (gate ?x)))
    (<= (next (gate ?x)) (true (gate ?x)))
    (<= terminal (true lit) (true (gate 2)))
    (<= (goal r 100) (true (at 2)))
  )");
  size_t constants = 0;
  const gdl::Description out = PinConstantFluents(d, &constants);
  EXPECT_EQ(constants, 3u);  // wall, lit, gate; not at (moved by go)
  const std::vector<std::string> rules = Rules(out);
  // Names are given in the order of (symbol, arity): look them up by their definitions.
  std::string wall, lit, gate;
  for (const gdl::Rule& r : out.rules) {
    if (r.body.size() != 1 || r.body[0].term.symbol != kif::kInit) continue;
    const std::string fluent(out.symbols->Name(r.body[0].term.args[0].symbol));
    const std::string name(out.symbols->Name(r.head.symbol));
    (fluent == "wall" ? wall : fluent == "lit" ? lit : gate) = name;
  }
  ASSERT_FALSE(wall.empty());
  ASSERT_FALSE(lit.empty());
  ASSERT_FALSE(gate.empty());
  EXPECT_TRUE(Has(rules, "(<= (legal r go) (true (at ?x)) (not (" + wall + " ?x)))"));
  EXPECT_TRUE(Has(rules, "(<= (next (wall ?x)) (" + wall + " ?x))"));
  EXPECT_TRUE(Has(rules, "(<= (next lit) " + lit + ")"));
  EXPECT_TRUE(Has(rules, "(<= terminal " + lit + " (" + gate + " 2))"));
  EXPECT_TRUE(Has(rules, "(<= (next (at ?x)) (true (at ?x)))"));  // not constant

  // A `next` with a variable for its head may set any fluent: nothing is pinned.
  const gdl::Description open = Parse(R"(
    (role r)
    (init (wall 3))
    (<= (legal r go))
    (<= (next (wall ?x)) (true (wall ?x)))
    (<= (next ?f) (true (copy ?f)))
    (<= terminal (true (wall 4)))
    (<= (goal r 100) (true (wall 3)))
  )");
  PinConstantFluents(open, &constants);
  EXPECT_EQ(constants, 0u);

  // A frame with its arguments swapped or repeated is not a frame.
  const gdl::Description swapped = Parse(R"(
    (role r)
    (init (edge 1 2))
    (<= (legal r go))
    (<= (next (edge ?x ?y)) (true (edge ?y ?x)))
    (<= terminal (true (edge 2 1)))
    (<= (goal r 100) (true (edge 1 2)))
  )");
  PinConstantFluents(swapped, &constants);
  EXPECT_EQ(constants, 0u);
}

// A walker in a corridor of 30 steps, stopped by a wall at 5, the wall written as state.
std::string Corridor() {
  std::string text = R"(
(role r)
(init (at 1)) (init (step 0)) (init (wall 5))
(<= (legal r right))
(<= (legal r stay))
(<= (next (at ?y)) (does r right) (true (at ?x)) (succ ?x ?y) (not (true (wall ?x))))
(<= (next (at ?x)) (does r right) (true (at ?x)) (true (wall ?x)))
(<= (next (at ?x)) (does r stay) (true (at ?x)))
(<= (next (wall ?x)) (true (wall ?x)))
(<= (next (step ?b)) (true (step ?a)) (succ ?a ?b))
(<= terminal (true (step 30)))
(<= (goal r 100) (true (at 5)))
(<= (goal r 0) (not (true (at 5))))
)";
  for (int i = 0; i < 30; ++i) {
    text += "(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
  }
  return text;
}

TEST(ConstantFluentsTest, AWallWrittenAsStateStopsTheRelaxedWalker) {
  const std::string text = Corridor();
  const gdl::Description d = Parse(text);
  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_EQ(g.program.stats.constant_fluents, 1u);
  std::set<std::string> facts;
  for (TermId s : g.program.facts) {
    facts.insert(kif::ToString(g.program.terms.ToKif(s), *g.program.symbols));
  }
  EXPECT_TRUE(facts.count("(true (at 5))"));
  EXPECT_TRUE(facts.count("(true (wall 5))"));
  EXPECT_FALSE(facts.count("(true (at 6))"));  // past the wall: only if it is ignored
  EXPECT_FALSE(facts.count("(true (at 30))"));

  testing::ExpectPropnetAgreesWithProver(text, propnet::PropnetOptions{}, 20);
}

}  // namespace
}  // namespace ggp::reasoner::ground
