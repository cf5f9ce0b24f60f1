// Demand restriction (demand.h): the rewrite itself (which positions are bound, sideways
// from left to right; what is left alone), and a game whose attack relation has a head
// per triple of cells as written but is read only on the diagonal: grounded to a few
// dozen instances with demand, over 20,000 without, and the propnet built from it agrees
// with the prover, recursion through a restricted relation included.

#include "reasoner/ground/demand.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reasoner/ground/grounder.h"
#include "reasoner/ground/rewrite_test_util.h"
#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner::ground {
namespace {

using testing::Parse;
using testing::Rules;

TEST(DemandTest, ARelationReadOnlyBoundGetsADemandRelation) {
  const gdl::Description d = Parse(R"(
    (cell 1) (cell 2)
    (<= (legal r (mark ?c)) (cell ?c) (not (hit ?c ?c ?c)))
    (<= (hit ?c ?i ?j) (true (marked ?c)) (cell ?i) (cell ?j))
  )");
  const DemandRewrite out = RestrictToDemand(d);
  EXPECT_EQ(out.restricted, 1u);
  EXPECT_EQ(out.demand_rules, 0u);  // a negated reader's demand is added by the grounder
  const std::vector<std::string> rules = Rules(out.description);
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[2], "(<= (legal r (mark ?c)) (cell ?c) (not (hit ?c ?c ?c)))");
  EXPECT_EQ(rules[3],
            "(<= (hit ?c ?i ?j) (true (marked ?c)) (cell ?i) (cell ?j) (ggp_demand_0 ?c ?i ?j))");
  ASSERT_EQ(out.filters.size(), 1u);
  EXPECT_EQ(out.filters[0].second, 3u);
  EXPECT_EQ(out.description.symbols->Name(out.filters[0].first), "ggp_demand_0");
  ASSERT_EQ(out.restricted_relations.size(), 1u);
  EXPECT_EQ(out.description.symbols->Name(out.restricted_relations[0].relation), "hit");
  EXPECT_EQ(out.restricted_relations[0].demand, out.filters[0].first);
  EXPECT_EQ(out.restricted_relations[0].positions, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(DemandTest, APositionIsBoundOnlyIfEveryReaderBindsItFromTheLeft) {
  // The goal reads hit with ?j free, and binds ?i only after it: only the first position
  // is bound everywhere. The recursive reader of reach binds its first argument through
  // reach's own demand and (succ ?a ?b) before it.
  const gdl::Description d = Parse(R"(
    (<= (legal r (mark ?c)) (cell ?c) (not (hit ?c ?c ?c)))
    (<= (goal r 100) (hit 1 ?i ?j) (cell ?i))
    (<= (hit ?c ?i ?j) (true (marked ?c)) (cell ?i) (cell ?j))
    (<= (next (seen ?c)) (reach 1 ?c))
    (<= (reach ?a ?b) (succ ?a ?b) (true (open ?b)))
    (<= (reach ?a ?c) (succ ?a ?b) (true (open ?b)) (reach ?b ?c))
  )");
  const DemandRewrite out = RestrictToDemand(d);
  EXPECT_EQ(out.restricted, 2u);
  const std::vector<std::string> rules = Rules(out.description);
  ASSERT_EQ(rules.size(), 9u);
  EXPECT_EQ(rules[2],
            "(<= (hit ?c ?i ?j) (true (marked ?c)) (cell ?i) (cell ?j) (ggp_demand_0 ?c))");
  EXPECT_EQ(rules[4], "(<= (reach ?a ?b) (succ ?a ?b) (true (open ?b)) (ggp_demand_1 ?a))");
  EXPECT_EQ(rules[5],
            "(<= (reach ?a ?c) (succ ?a ?b) (true (open ?b)) (reach ?b ?c) (ggp_demand_1 ?a))");
  // The demand rules of the positive readers, in the order of the readers.
  EXPECT_EQ(rules[6], "(ggp_demand_0 1)");
  EXPECT_EQ(rules[7], "(ggp_demand_1 1)");
  EXPECT_EQ(rules[8], "(<= (ggp_demand_1 ?b) (succ ?a ?b) (true (open ?b)) (ggp_demand_1 ?a))");
}

TEST(DemandTest, LeavesAloneWhatIsReadFreeStaticOrAKeyword) {
  const gdl::Description d = Parse(R"(
    (cell 1) (cell 2)
    (<= (pair ?a ?b) (cell ?a) (cell ?b))
    (<= (goal r 100) (line ?x) (pair ?x ?x))
    (<= (line ?x) (true (mark ?x)))
    (<= terminal (true (mark 1)))
    (<= (legal r (put ?x)) (cell ?x) (not terminal))
  )");
  const DemandRewrite out = RestrictToDemand(d);
  EXPECT_EQ(out.restricted, 0u);  // pair is static, line is read free, the rest are keywords
  EXPECT_TRUE(out.filters.empty());
  EXPECT_EQ(Rules(out.description), Rules(d));
}

// A demand rule's variables of the body alone are projected away (where the rule joins
// more than one literal), and the auxiliary relation is a filter too.
TEST(DemandTest, DemandRulesAreProjected) {
  const gdl::Description d = Parse(R"(
    (<= (legal r (go ?x)) (true (turn ?p)) (true (at ?p ?x ?far)) (open ?x))
    (<= (open ?x) (true (door ?x)))
  )");
  const DemandRewrite out = RestrictToDemand(d);
  const std::vector<std::string> rules = Rules(out.description);
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[2], "(<= (ggp_demand_0 ?x) (true (turn ?p)) (ggp_projection_0 ?p ?x))");
  EXPECT_EQ(rules[3], "(<= (ggp_projection_0 ?p ?x) (true (at ?p ?x ?far)))");
  EXPECT_EQ(out.filters.size(), 2u);
}

// A chain of restricted literals: the prefix before each is carried forward as a
// supplementary demand relation over the variables the literals after it read (where
// that drops one), so the demand rules do not each join the whole prefix again.
TEST(DemandTest, AChainCarriesItsPrefixForward) {
  const gdl::Description d = Parse(R"(
    (<= (legal r (go ?b ?e)) (true (turn ?p)) (move ?p ?b ?e))
    (<= (move ?p ?b ?e) (true (at ?b ?p)) (jump ?p ?b ?x) (jump ?p ?x ?y) (jump ?p ?y ?e))
    (<= (jump ?p ?b ?e) (true (over ?p ?b ?e)))
  )");
  const DemandRewrite out = RestrictToDemand(d);
  EXPECT_EQ(out.restricted, 2u);  // move on ?p, jump on ?p and its start
  const std::vector<std::string> rules = Rules(out.description);
  ASSERT_EQ(rules.size(), 8u);
  EXPECT_EQ(rules[1],
            "(<= (move ?p ?b ?e) (true (at ?b ?p)) (jump ?p ?b ?x) (jump ?p ?x ?y) "
            "(jump ?p ?y ?e) (ggp_demand_0 ?p))");
  EXPECT_EQ(rules[2], "(<= (jump ?p ?b ?e) (true (over ?p ?b ?e)) (ggp_demand_1 ?p ?b))");
  EXPECT_EQ(rules[3], "(<= (ggp_demand_0 ?p) (true (turn ?p)))");
  // (true (at ?b ?p)) with move's demand keeps every variable: not carried.
  EXPECT_EQ(rules[4], "(<= (ggp_demand_1 ?p ?b) (true (at ?b ?p)) (ggp_demand_0 ?p))");
  // With the first jump, ?b is read no more: carried over ?p ?x.
  EXPECT_EQ(rules[5],
            "(<= (ggp_demand_2 ?p ?x) (true (at ?b ?p)) (jump ?p ?b ?x) (ggp_demand_0 ?p))");
  EXPECT_EQ(rules[6], "(<= (ggp_demand_1 ?p ?x) (ggp_demand_2 ?p ?x))");
  // The last one: the prefix joined once however it is written.
  EXPECT_EQ(rules[7], "(<= (ggp_demand_1 ?p ?y) (ggp_demand_2 ?p ?x) (jump ?p ?x ?y))");
  EXPECT_EQ(out.filters.size(), 3u);  // two demand relations, one carried prefix
}

// Pegs on a line of cells 1..n; a peg moves by one to three jumps of two cells over
// occupied cells onto empty ones (a chain of restricted literals, as in Chinese checkers).
std::string JumpGame(int n) {
  std::string text = R"(
(role r)
(init (peg 1)) (init (peg 2)) (init (peg 4)) (init (peg 6)) (init (step 0))
(<= (legal r (go ?b ?e)) (true (peg ?b)) (move ?b ?e))
(<= (legal r noop) (true (step ?s)))
(<= (move ?b ?e) (jump ?b ?e))
(<= (move ?b ?e) (jump ?b ?x) (jump ?x ?e))
(<= (move ?b ?e) (jump ?b ?x) (jump ?x ?y) (jump ?y ?e))
(<= (jump ?b ?e) (two ?b ?c ?e) (true (peg ?c)) (not (true (peg ?e))))
(<= (next (peg ?e)) (does r (go ?b ?e)))
(<= (next (peg ?c)) (true (peg ?c)) (not (moved ?c)))
(<= (moved ?b) (does r (go ?b ?e)))
(<= (next (step ?b)) (true (step ?a)) (succ ?a ?b))
(<= terminal (true (step 6)))
(<= (goal r 100) (true (peg 9)))
(<= (goal r 0) (not (true (peg 9))))
)";
  for (int c = 1; c <= n; ++c) {
    text += "(succ " + std::to_string(c - 1) + " " + std::to_string(c) + ")\n";
    if (c + 2 <= n) {
      text += "(two " + std::to_string(c) + " " + std::to_string(c + 1) + " " +
              std::to_string(c + 2) + ")\n";
    }
  }
  return text;
}

TEST(DemandTest, JumpChainsGroundAsWithoutDemandAndAgreeWithTheProver) {
  const std::string text = JumpGame(12);
  GroundOptions without;
  without.demand = false;
  Budget plain_budget(BudgetOptions{});
  const GroundResult plain = Ground(Parse(text), plain_budget, without);
  ASSERT_TRUE(plain.ok) << plain.error;
  Budget budget(BudgetOptions{});
  const GroundResult g = Ground(Parse(text), budget);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_GE(g.program.stats.demand_restricted, 1u);
  EXPECT_LE(g.program.rules.size(), plain.program.rules.size());

  testing::ExpectPropnetAgreesWithProver(text, propnet::PropnetOptions{}, 60);
}

// Cells 1..n; marking a cell makes the next one "hit" (hit ?c ?i ?j holds for every ?i
// ?j), and a cell can be marked while it is not hit on the diagonal and can be reached
// from cell 1 through unmarked cells (recursion through a restricted relation).
std::string HitGame(int n) {
  std::string text = R"(
(role r)
(init (step 0))
(<= (legal r (mark ?c)) (cell ?c) (not (true (marked ?c))) (reach 1 ?c) (not (hit ?c ?c ?c)))
(<= (legal r noop) (true (step ?s)))
(<= (next (marked ?c)) (does r (mark ?c)))
(<= (next (marked ?c)) (true (marked ?c)))
(<= (next (step ?b)) (true (step ?a)) (succ ?a ?b))
(<= (hit ?c ?i ?j) (true (marked ?d)) (succ ?d ?c) (cell ?i) (cell ?j))
(<= (reach ?a ?b) (succ ?a ?b))
(<= (reach ?a ?c) (succ ?a ?b) (not (true (marked ?b))) (reach ?b ?c))
(<= terminal (true (step 8)))
(<= (goal r 100) (true (marked 5)))
(<= (goal r 0) (not (true (marked 5))))
(cell 0)
)";
  for (int c = 1; c <= n; ++c) {
    text += "(cell " + std::to_string(c) + ") (succ " + std::to_string(c - 1) + " " +
            std::to_string(c) + ")\n";
  }
  return text;
}

TEST(DemandTest, HitGameGroundsToWhatLegalAsksAndAgreesWithTheProver) {
  const std::string text = HitGame(30);
  const gdl::Description d = Parse(text);
  GroundOptions without;
  without.demand = false;
  Budget plain_budget(BudgetOptions{});
  const GroundResult plain = Ground(d, plain_budget, without);
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_EQ(plain.program.stats.demand_restricted, 0u);
  EXPECT_GT(plain.program.rules.size(), 20000u);  // 30 marked cells x 31^2 heads each

  Budget budget(BudgetOptions{});
  const GroundResult g = Ground(d, budget);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_EQ(g.program.stats.demand_restricted, 2u);  // hit, and reach on its first argument
  EXPECT_LT(g.program.rules.size(), 1000u);
  for (TermId f : g.program.facts) {
    EXPECT_EQ(std::string(g.program.symbols->Name(g.program.terms.functor(f))).rfind("ggp_", 0),
              std::string::npos)
        << "a demand relation was emitted";
  }

  GroundStats stats;
  testing::ExpectPropnetAgreesWithProver(text, propnet::PropnetOptions{}, 40, &stats);
  EXPECT_EQ(stats.demand_restricted, 2u);
}

}  // namespace
}  // namespace ggp::reasoner::ground
