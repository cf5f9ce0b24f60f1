// Projection of local variables: the rewrite itself (what is projected, what is shared,
// what is left alone), and a game whose rule instances explode as a cross product without
// it: grounded small, and the propnet built from it agrees with the prover.

#include "reasoner/ground/projection.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reasoner/ground/grounder.h"
#include "reasoner/ground/rewrite_test_util.h"

namespace ggp::reasoner::ground {
namespace {

using testing::Parse;
using testing::Rules;

TEST(ProjectionTest, LocalVariablesAreProjectedAndEqualLiteralsShared) {
  gdl::Description d = Parse(R"(
    (<= (next (hit ?x)) (does ?r (go ?x ?y ?z)) (true (mark ?x ?u ?u)))
    (<= (next (seen ?w)) (does ?p (go ?w ?a ?b)) (true (cell ?w)))
  )");
  ProjectionStats stats;
  const std::vector<std::string> rules = Rules(ProjectLocalVariables(d, 1, &stats));
  EXPECT_EQ(stats.literals, 3u);
  EXPECT_EQ(stats.relations, 2u);  // the two `does` literals are one up to names
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0], "(<= (next (hit ?x)) (ggp_projection_0 ?x) (ggp_projection_1 ?x))");
  EXPECT_EQ(rules[1], "(<= (next (seen ?w)) (ggp_projection_0 ?w) (true (cell ?w)))");
  EXPECT_EQ(rules[2], "(<= (ggp_projection_0 ?x) (does ?r (go ?x ?y ?z)))");
  EXPECT_EQ(rules[3], "(<= (ggp_projection_1 ?x) (true (mark ?x ?u ?u)))");
}

TEST(ProjectionTest, LeavesAloneWhatHasNoLocalVariableOrIsNotAPlainLiteral) {
  gdl::Description d = Parse(R"(
    (ggp_projection_0 1)
    (<= (p ?x ?y) (q ?x) (r ?y))
    (<= (s ?x) (q ?x) (not (t ?x ?y)) (r ?y))
    (<= (u ?x) (q ?x) (distinct ?x ?z) (r ?z))
    (<= (v ?x) (w ?x ?y))
  )");
  ProjectionStats stats;
  const gdl::Description out = ProjectLocalVariables(d, 1, &stats);
  EXPECT_EQ(stats.literals, 0u);
  EXPECT_EQ(Rules(out), Rules(d));
  // Fresh names never collide with the game's: here ggp_projection_0 is taken.
  gdl::Description e = Parse("(ggp_projection_0 1) (<= (h ?x) (q ?x ?y) (r ?x))");
  const std::vector<std::string> rules = Rules(ProjectLocalVariables(e));
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[1], "(<= (h ?x) (ggp_projection_1 ?x) (r ?x))");
  // At least two local variables asked for: one is not enough.
  EXPECT_EQ(Rules(ProjectLocalVariables(e, 2)), Rules(e));
}

// Ten rows, moves (go x y z) over 10 x 10 x 10; `hit x` joins the moves of row x with the
// marks of row x: 10 * 100 * 100 instances as a cross product, some 2,000 projected (the
// whole program is then some 5,000 rules).
constexpr const char kCrossProduct[] = R"(
(role a)
(init (step 0))
(n 0) (n 1) (n 2) (n 3) (n 4) (n 5) (n 6) (n 7) (n 8) (n 9)
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= (legal a (go ?x ?y ?z)) (n ?x) (n ?y) (n ?z))
(<= (next (mark ?x ?y ?z)) (does a (go ?x ?y ?z)))
(<= (next (mark ?x ?y ?z)) (true (mark ?x ?y ?z)))
(<= (next (hit ?x)) (does a (go ?x ?y ?z)) (true (mark ?x ?u ?v)))
(<= (next (hit ?x)) (true (hit ?x)))
(<= (next (step ?b)) (true (step ?a)) (succ ?a ?b))
(<= terminal (true (step 4)))
(<= (goal a 100) (true (hit 3)))
(<= (goal a 0) (not (true (hit 3))))
)";

TEST(ProjectionTest, CrossProductGroundsSmallAndStillAgreesWithTheProver) {
  gdl::Description d = Parse(kCrossProduct);
  Budget plain_budget(BudgetOptions{});
  GroundResult plain = Ground(d, plain_budget);  // under the default cap: plain
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_FALSE(plain.program.stats.projected);
  EXPECT_GT(plain.program.rules.size(), 100000u);  // the cross product

  GroundOptions small_cap;
  small_cap.plain_rule_cap = 20000;
  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget, small_cap);
  ASSERT_TRUE(g.ok) << g.error;
  EXPECT_TRUE(g.program.stats.projected);
  EXPECT_GE(g.program.stats.plain_rules, 20000u);
  EXPECT_LT(g.program.rules.size(), 10000u);

  testing::ExpectRewrittenPropnetAgreesWithProver(kCrossProduct, small_cap, 20);
}

}  // namespace
}  // namespace ggp::reasoner::ground
