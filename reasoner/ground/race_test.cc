// The race between a plain grounding past its cap and the rewrite (grounder.h): decided
// by size, ground rules plus body literals, so a rewrite of many short rules beats a
// plain run of fewer long ones; and a rewrite that finishes bigger than the plain run at
// the second race is kept aside and replaces the plain run once that is as big.

#include <gtest/gtest.h>

#include <string>

#include "reasoner/ground/grounder.h"
#include "reasoner/ground/pick_game_test_util.h"
#include "reasoner/ground/rewrite_test_util.h"

namespace ggp::reasoner::ground {
namespace {

using testing::Parse;

size_t Size(const GroundProgram& p) { return p.rules.size() + p.body.size(); }

// At n = 14 the first race comes at about 900 plain rules of five literals each; the
// rewrite makes 1,411 rules but 3,410 rules and literals in all. Counted by rules it lost
// (and won only at the second race, at twice the count).
TEST(RaceTest, IsDecidedByRulesPlusBodyLiterals) {
  const std::string text = testing::ModularSumGame(4, 14);
  const gdl::Description d = Parse(text);
  Budget plain_budget(BudgetOptions{});
  GroundResult plain = Ground(d, plain_budget, GroundOptions{size_t{1} << 40, 0});
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_FALSE(plain.program.stats.projected);

  const GroundOptions caps{100, 0};
  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget, caps);
  ASSERT_TRUE(g.ok) << g.error;
  const GroundStats& s = g.program.stats;
  EXPECT_TRUE(s.projected);
  EXPECT_FALSE(s.rewrite_lost);
  EXPECT_GT(g.program.rules.size(), s.plain_rules);  // more rules than the plain run had
  EXPECT_LE(Size(g.program), s.plain_rules + s.plain_body);
  EXPECT_LT(Size(g.program) * 20, Size(plain.program));
  testing::ExpectRewrittenPropnetAgreesWithProver(text, caps, 20);
}

// At n = 30 and a cap of 1,000 rules the rewrite (14,482 rules and literals) loses the
// first race and finishes within the second's double allowance, bigger than the plain
// run then (about 10,400): kept aside, it replaces the plain run once the plain run has
// grown as big. Without it the plain run goes on to 810,000 rules.
TEST(RaceTest, ARewriteBiggerThanThePlainRunReplacesItOnceThatIsAsBig) {
  const std::string text = testing::ModularSumGame(4, 30);
  const gdl::Description d = Parse(text);
  const GroundOptions caps{1000, 0};
  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget, caps);
  ASSERT_TRUE(g.ok) << g.error;
  const GroundStats& s = g.program.stats;
  EXPECT_TRUE(s.projected);
  EXPECT_FALSE(s.rewrite_lost);
  EXPECT_GT(s.plain_rules, 2 * caps.plain_rule_cap);         // past the second race's count
  EXPECT_GE(s.plain_rules + s.plain_body, Size(g.program));  // replaced once as big
  EXPECT_LT(Size(g.program), 20000u);

  // Rewritten from the start, the same program.
  Budget all_budget(BudgetOptions{});
  GroundResult all = Ground(d, all_budget, GroundOptions{0, 0});
  ASSERT_TRUE(all.ok) << all.error;
  EXPECT_EQ(all.program.rules.size(), g.program.rules.size());
  EXPECT_EQ(all.program.body.size(), g.program.body.size());
}

// The work cap counts the candidates a join meets as the argument indexes alone would.
// Each of PickGame's kN^3 picks reads (true (cell ?x ?y ?p)) with ?x and ?y bound:
// through the component indexes (fact_store.h) it tries that cell's kPieces fluents; the
// argument indexes meet every fluent. A cap the plain run's tried candidates stay within
// still starts the race (the pick's ?z is local: the rewrite projects it away).
TEST(RaceTest, TheWorkCapCountsCandidatesAsTheArgumentIndexesMeetThem) {
  constexpr int kN = 8;
  constexpr int kPieces = 4;
  const std::string text = testing::PickGame(kN, kPieces, /*local=*/true);
  const gdl::Description d = Parse(text);
  Budget plain_budget(BudgetOptions{});
  GroundResult plain = Ground(d, plain_budget, GroundOptions{size_t{1} << 40, 0});
  ASSERT_TRUE(plain.ok) << plain.error;
  const uint64_t tried = plain.program.stats.work;
  ASSERT_LT(tried, uint64_t{kN} * kN * kN * kN * kPieces);

  Budget budget(BudgetOptions{});
  GroundResult g = Ground(d, budget, GroundOptions{size_t{1} << 40, tried});
  ASSERT_TRUE(g.ok) << g.error;
  const GroundStats& s = g.program.stats;
  EXPECT_TRUE(s.projected || s.rewrite_lost) << "no race at a work cap of " << tried;
  if (s.projected) {
    EXPECT_GT(s.plain_work, tried);
  }
}

}  // namespace
}  // namespace ggp::reasoner::ground
