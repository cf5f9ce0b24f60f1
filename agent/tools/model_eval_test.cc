// The top-N arithmetic (ties broken at random in expectation), the evaluation of models on
// hand-made decisions, and decisions recorded from a real policy.

#include "agent/tools/model_eval.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "agent/tools/test_games.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::tools {
namespace {

TEST(ModelEvalTest, TopNWithTies) {
  std::vector<double> hits(4, 0.0);
  // Uniform over 4: the chosen move is in the top N with probability N / 4.
  AddTopN(std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f}, 2, &hits);
  EXPECT_DOUBLE_EQ(hits[0], 0.25);
  EXPECT_DOUBLE_EQ(hits[1], 0.5);
  EXPECT_DOUBLE_EQ(hits[3], 1.0);
  // Ranked second, alone: 0 at N = 1, 1 from N = 2.
  std::vector<double> second(3, 0.0);
  AddTopN(std::vector<float>{0.5f, 0.3f, 0.2f}, 1, &second);
  EXPECT_EQ(second, (std::vector<double>{0.0, 1.0, 1.0}));
  // Tied for second and third with one other: half at N = 2.
  std::vector<double> tied(3, 0.0);
  AddTopN(std::vector<float>{0.6f, 0.2f, 0.2f}, 2, &tied);
  EXPECT_EQ(tied, (std::vector<double>{0.0, 0.5, 1.0}));
}

TEST(ModelEvalTest, AHabitIsPredictedByTheCountingModels) {
  std::vector<Decision> train, test;
  for (int i = 0; i < 40; ++i) {
    Decision d;
    d.features = {static_cast<uint32_t>(i % 3)};
    d.legal = {10, 11, 12, 13};
    d.chosen = 12;
    (i < 30 ? train : test).push_back(d);
  }
  const auto curves = EvaluateModels({"uniform", "frequency", "bayes", "mixture"}, train, test, 4);
  ASSERT_EQ(curves.size(), 4u);
  EXPECT_DOUBLE_EQ(curves[0].top_n[0], 0.25);
  EXPECT_DOUBLE_EQ(curves[0].top_n[3], 1.0);
  for (size_t i = 1; i < curves.size(); ++i) {
    EXPECT_DOUBLE_EQ(curves[i].top_n[0], 1.0) << curves[i].model;
    EXPECT_GT(curves[i].mean_log_likelihood, curves[0].mean_log_likelihood) << curves[i].model;
  }
}

TEST(ModelEvalTest, RecordsTheDecisionsOfAPolicy) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(testing::kNim3Rules, std::make_shared<kif::SymbolTable>(), &d, &errors));
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  auto machine = reasoner::CreateMachine(d, mo).machine;
  ASSERT_NE(machine, nullptr);
  RecordOptions o;
  o.games = 10;
  o.policy = "legal";  // always its first legal move: perfectly predictable
  std::string why;
  const std::vector<Decision> decisions = RecordDecisions(machine, o, &why);
  EXPECT_TRUE(why.empty()) << why;
  ASSERT_FALSE(decisions.empty());
  for (const Decision& x : decisions) {
    ASSERT_GE(x.legal.size(), 2u);
    EXPECT_EQ(x.chosen, x.legal.front());
    EXPECT_FALSE(x.features.empty());
  }
  o.policy = "no-such-policy";
  EXPECT_TRUE(RecordDecisions(machine, o, &why).empty());
  EXPECT_NE(why.find("unknown policy"), std::string::npos);
}

}  // namespace
}  // namespace ggp::agent::tools
