// Body decomposition: the rewrite itself (the order of the steps, `not` and `distinct`
// kept safe, steps shared, what is left alone); a game whose sum rule is a 100,000-way
// cross product as written: grounded small after the rewrite, through either cap, and
// the propnet built from it agrees with the prover; and a game the rewrite grows, where
// the race keeps the plain grounding.

#include "reasoner/ground/decomposition.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reasoner/ground/grounder.h"
#include "reasoner/ground/rewrite_test_util.h"

namespace ggp::reasoner::ground {
namespace {

using testing::Parse;
using testing::Rules;

TEST(DecompositionTest, ChainIsEliminatedVariableByVariable) {
  gdl::Description d = Parse(R"(
    (<= (total ?t) (true (guess a ?x)) (true (guess b ?y)) (sum ?x ?y ?s)
                   (true (guess c ?z)) (sum ?s ?z ?t))
  )");
  ASSERT_TRUE(HasDecomposableBody(d.rules[0]));
  DecompositionStats stats;
  const std::vector<std::string> rules = Rules(DecomposeBodies(d, &stats));
  EXPECT_EQ(stats.rules, 1u);
  EXPECT_EQ(stats.relations, 3u);
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0], "(<= (total ?t) (ggp_decomposition_2 ?z ?t) (true (guess c ?z)))");
  EXPECT_EQ(rules[1], "(<= (ggp_decomposition_0 ?y ?s) (true (guess a ?x)) (sum ?x ?y ?s))");
  EXPECT_EQ(rules[2], "(<= (ggp_decomposition_1 ?s) (ggp_decomposition_0 ?y ?s) (true (guess b ?y)))");
  EXPECT_EQ(rules[3], "(<= (ggp_decomposition_2 ?z ?t) (ggp_decomposition_1 ?s) (sum ?s ?z ?t))");
}

TEST(DecompositionTest, NegationAndDistinctStaySafeAndEqualStepsAreShared) {
  gdl::Description d = Parse(R"(
    (<= (p ?x) (q ?x ?y) (r ?y ?z) (not (s ?y ?z)))
    (<= (p2 ?a) (q ?a ?b) (r ?b ?c) (not (s ?b ?c)))
    (<= (u ?x) (q ?x ?y) (distinct ?y ?z) (r ?z ?z))
  )");
  DecompositionStats stats;
  const std::vector<std::string> rules = Rules(DecomposeBodies(d, &stats));
  EXPECT_EQ(stats.rules, 2u);
  EXPECT_EQ(stats.relations, 1u);  // the second rule's step is the first's up to names
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0], "(<= (p ?x) (q ?x ?y) (ggp_decomposition_0 ?y))");
  EXPECT_EQ(rules[1], "(<= (p2 ?a) (q ?a ?b) (ggp_decomposition_0 ?b))");
  // ?z's step would need (q ?x ?y) for the distinct's ?y: the whole body, so no step.
  EXPECT_EQ(rules[2], "(<= (u ?x) (q ?x ?y) (r ?z ?z) (distinct ?y ?z))");
  EXPECT_EQ(rules[3], "(<= (ggp_decomposition_0 ?y) (r ?y ?z) (not (s ?y ?z)))");
}

TEST(DecompositionTest, LeavesAloneWhatHasNoBodyOnlyVariable) {
  gdl::Description d = Parse(R"(
    (ggp_decomposition_0 1)
    (<= (p ?x ?y) (q ?x) (r ?y))
    (<= (v ?x) (w ?x ?y))
    (<= (c ?x ?y) (e ?x ?w) (c ?w ?y))
  )");
  DecompositionStats stats;
  const gdl::Description out = DecomposeBodies(d, &stats);
  EXPECT_EQ(stats.rules, 0u);
  EXPECT_EQ(Rules(out), Rules(d));
  for (const gdl::Rule& r : d.rules) EXPECT_FALSE(HasDecomposableBody(r));
}

std::string SumGame() { return testing::ModularSumGame(5, 10); }

TEST(DecompositionTest, SumGameGroundsSmallThroughEitherCapAndAgreesWithTheProver) {
  const std::string text = SumGame();
  const gdl::Description d = Parse(text);
  Budget plain_budget(BudgetOptions{});
  GroundResult plain = Ground(d, plain_budget);  // under the default caps: plain
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_FALSE(plain.program.stats.projected);
  EXPECT_GT(plain.program.rules.size(), 100000u);  // the cross product

  GroundOptions rule_cap;
  rule_cap.plain_rule_cap = 20000;
  GroundOptions work_cap;
  work_cap.plain_work_cap = 50000;
  for (const GroundOptions& caps : {rule_cap, work_cap}) {
    Budget budget(BudgetOptions{});
    GroundResult g = Ground(d, budget, caps);
    ASSERT_TRUE(g.ok) << g.error;
    EXPECT_TRUE(g.program.stats.projected);
    EXPECT_GE(g.program.stats.decomposed_rules, 1u);
    EXPECT_GT(g.program.stats.plain_work, 0u);
    EXPECT_LT(g.program.rules.size(), 5000u);
    testing::ExpectRewrittenPropnetAgreesWithProver(text, caps, 30);
  }
}

// A race allows the rewrite the work the caps allowed the plain run: past its rule cap the
// plain run has done little work yet (the sum of five digits makes a ground rule per
// candidate), and the rewrite must also do the work of a rule the plain run has not
// reached (160,000 quadruples of four slots tried against a table of one, which nothing
// decomposes). Limited to the plain run's work so far, the rewrite lost and the plain run
// went on to over 100,000 ground rules.
TEST(DecompositionTest, RaceAllowsTheRewriteTheWorkTheCapsAllowedThePlainRun) {
  std::string text = SumGame();
  for (int x = 10; x < 20; ++x) text += "(d " + std::to_string(x) + ")\n";
  text += R"(
(<= (match ?a ?b ?c ?e) (true (val s1 ?a)) (true (val s2 ?b)) (true (val s3 ?c))
    (true (val s4 ?e)) (rare ?e))
(<= (goal a 50) (match ?a ?b ?c ?e) (wanted ?a ?b ?c ?e))
(wanted 1 2 3 4)
(rare 4)
)";
  const gdl::Description d = Parse(text);
  GroundOptions rule_cap;
  rule_cap.plain_rule_cap = 20000;
  BudgetOptions limit;
  limit.max_seconds = 60;
  Budget budget(limit);
  GroundResult g = Ground(d, budget, rule_cap);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_TRUE(g.program.stats.projected);
  EXPECT_FALSE(g.program.stats.rewrite_lost);
  EXPECT_LE(g.program.stats.plain_rules, 2 * rule_cap.plain_rule_cap);
  EXPECT_GT(g.program.stats.work, g.program.stats.plain_work);  // more than the plain run's
  EXPECT_LT(g.program.rules.size(), 20000u);
}

// Paths of two steps x -> y -> z over a complete 30 x 30 graph, asked only where (c x z)
// holds (x = z): as written some 900 instances; decomposed, the step relation over every
// (x, z) first: 27,000. The race keeps the plain grounding.
TEST(DecompositionTest, RaceKeepsThePlainGroundingWhereTheRewriteIsBigger) {
  std::string text = R"(
(role r)
(<= (legal r noop))
(<= (next done) (true (c ?x ?x)))
(<= (p ?x ?z) (true (a ?x ?y)) (true (a ?y ?z)) (true (c ?x ?z)))
(<= terminal (true done))
(<= (goal r 100) (p ?x ?z) (one ?x) (one ?z))
(<= (goal r 0) (not (p 1 1)))
(one 1)
)";
  for (int i = 1; i <= 30; ++i) {
    text += "(init (c " + std::to_string(i) + " " + std::to_string(i) + "))\n";
    for (int j = 1; j <= 30; ++j) {
      text += "(init (a " + std::to_string(i) + " " + std::to_string(j) + "))\n";
    }
  }
  const gdl::Description d = Parse(text);
  ASSERT_TRUE(HasDecomposableBody(d.rules[3])) << gdl::ToString(d.rules[3], *d.symbols);
  Budget plain_budget(BudgetOptions{});
  GroundResult plain = Ground(d, plain_budget);
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_FALSE(plain.program.stats.projected);

  GroundOptions small_cap;
  small_cap.plain_rule_cap = 100;
  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget, small_cap);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_FALSE(g.program.stats.projected);
  EXPECT_TRUE(g.program.stats.rewrite_lost);
  EXPECT_FALSE(plain.program.stats.rewrite_lost);
  EXPECT_EQ(g.program.rules.size(), plain.program.rules.size());
  EXPECT_GT(g.program.rules.size(), 900u);

  // Rewritten from the start (cap 0), the same game grounds to the bigger program.
  GroundOptions always;
  always.plain_rule_cap = 0;
  Budget all_budget(BudgetOptions{});
  GroundResult all = Ground(d, all_budget, always);
  ASSERT_TRUE(all.ok) << all.error;
  EXPECT_TRUE(all.program.stats.projected);
  EXPECT_GT(all.program.rules.size(), 20000u);
}

}  // namespace
}  // namespace ggp::reasoner::ground
