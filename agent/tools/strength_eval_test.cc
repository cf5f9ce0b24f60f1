// The strength evaluation's mechanics: threshold fitting and the confusion matrix on
// hand-made features, and a few very short matches of tic-tac-toe in which a random
// opponent shows more regret than a strong one.

#include "agent/tools/strength_eval.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "tests/testing/shared_dir.h"

namespace ggp::agent::tools {
namespace {

using search::Strength;

MatchFeature Feature(Strength label, double regret, double drop = 0) {
  MatchFeature f;
  f.label = label;
  f.mean_regret = regret;
  f.first_value = 0.5;
  f.last_value = 0.5 - drop;
  return f;
}

TEST(StrengthEvalTest, FitsSeparableThresholdsExactly) {
  // Regret tells weaker from the rest; among the rest, the value drop tells stronger (the
  // regret of the stronger ones overlaps the equal ones').
  const std::vector<MatchFeature> f{
      Feature(Strength::kWeaker, 0.30, -0.1),   Feature(Strength::kWeaker, 0.20, 0.3),
      Feature(Strength::kEqual, 0.02, 0.05),    Feature(Strength::kEqual, 0.06, -0.02),
      Feature(Strength::kStronger, 0.03, 0.25), Feature(Strength::kStronger, 0.05, 0.15)};
  const Fit fit = FitThresholds(f);
  EXPECT_DOUBLE_EQ(fit.train_accuracy, 1.0);
  EXPECT_GT(fit.weaker_above, 0.06);
  EXPECT_LT(fit.weaker_above, 0.20);
  EXPECT_GT(fit.stronger_drop, 0.05);
  EXPECT_LT(fit.stronger_drop, 0.15);
  const Confusion c = Classify(f, fit);
  EXPECT_EQ(c.total(), 6);
  EXPECT_DOUBLE_EQ(c.accuracy(), 1.0);
  // Thresholds that call everything "equal".
  const Confusion all_equal = Classify(f, Fit{1.0, 2.0, 0});
  EXPECT_EQ(all_equal.counts[0][1], 2);
  EXPECT_EQ(all_equal.counts[2][1], 2);
  EXPECT_NEAR(all_equal.accuracy(), 1.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(all_equal.rate(1, 1), 1.0);
}

TEST(StrengthEvalTest, OverlappingFeaturesKeepTheBestSplit) {
  // One equal match looks weaker: the best fit misclassifies exactly one of five.
  const std::vector<MatchFeature> f{
      Feature(Strength::kWeaker, 0.30), Feature(Strength::kEqual, 0.35),
      Feature(Strength::kEqual, 0.05), Feature(Strength::kStronger, 0.0, 0.2),
      Feature(Strength::kWeaker, 0.25)};
  EXPECT_DOUBLE_EQ(FitThresholds(f).train_accuracy, 0.8);
}

TEST(StrengthEvalTest, RandomOpponentsShowMoreRegretThanAStrongOne) {
  GGP_REQUIRE_SHARED();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(::ggp::testing::SharedDir() + "/games/ticTacToe.kif",
                                       std::make_shared<kif::SymbolTable>(), &d, &errors));
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  auto machine = reasoner::CreateMachine(d, mo).machine;
  ASSERT_NE(machine, nullptr);
  StrengthEvalOptions o;
  o.matches = 8;
  o.budget = 300;
  o.strength.decisions = 3;
  o.strength.min_visits = 5;
  const std::vector<StrengthOpponent> opponents{{"random", "random", 0, Strength::kWeaker},
                                                {"mcts x4", "mcts", 1200, Strength::kStronger}};
  int calls = 0;
  const std::vector<MatchFeature> f =
      RunStrengthMatches(machine, o, opponents, [&calls](const MatchFeature&) { ++calls; });
  ASSERT_EQ(f.size(), 8u);
  EXPECT_EQ(calls, 8);
  double regret[2] = {0, 0};
  int seats[2] = {0, 0}, train = 0;
  for (const MatchFeature& x : f) {
    // Up to 3; fewer where a proven root (solver) stopped the search before a move had
    // min_visits, or the game ended.
    EXPECT_GE(x.decisions, 1);
    EXPECT_LE(x.decisions, 3);
    EXPECT_GE(x.mean_regret, 0.0);
    EXPECT_LE(x.mean_regret, 1.0);
    EXPECT_EQ(x.label, opponents[x.opponent].label);
    regret[x.opponent] += x.mean_regret;
    ++seats[x.seat];
    train += x.train ? 1 : 0;
  }
  EXPECT_GT(regret[0], regret[1]);
  EXPECT_EQ(seats[0], 4);  // both seats, both halves
  EXPECT_EQ(train, 4);
  std::vector<MatchFeature> test;
  for (const MatchFeature& x : f) {
    if (!x.train) test.push_back(x);
  }
  const Confusion c = Classify(test, FitThresholds(f));
  EXPECT_EQ(c.total(), 4);
  EXPECT_EQ(c.counts[1][0] + c.counts[1][1] + c.counts[1][2], 0);  // no equal opponent
}

}  // namespace
}  // namespace ggp::agent::tools
