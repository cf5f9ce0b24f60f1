#include "agent/tools/trace_replay.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agent/tools/test_games.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::tools {
namespace {

using nlohmann::json;

class TraceReplayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    ASSERT_TRUE(gdl::ParseDescription(testing::kNim3Rules, std::make_shared<kif::SymbolTable>(), &d,
                                      &errors));
    reasoner::MachineOptions o;
    o.backend = "prover";
    machine_ = reasoner::CreateMachine(d, o).machine;
    ASSERT_TRUE(machine_);
    trace_ = json::parse(testing::kNim3Trace);
  }
  json& Step(int i) { return trace_["playouts"][0]["steps"][static_cast<size_t>(i)]; }
  ReplayReport Replay(ReplayBudget b = {}) { return ReplayTrace(*machine_, trace_, b); }

  std::shared_ptr<const reasoner::StateMachine> machine_;
  json trace_;
};

TEST_F(TraceReplayTest, AgreesOnCorrectTrace) {
  ReplayReport r = Replay();
  EXPECT_TRUE(r.agrees) << DescribeDifference(r.difference) << r.error;
  EXPECT_EQ(r.steps_checked, 3);
  EXPECT_EQ(r.steps_total, 3);
  EXPECT_EQ(r.playouts_checked, 1);
  EXPECT_EQ(r.stopped_by, "");
}

TEST_F(TraceReplayTest, ReportsWrongLegalSet) {
  Step(0)["legal"][0] = json::array({"(take 1)", "(take 2)", "(take 3)"});
  ReplayReport r = Replay();
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.playout, 1);
  EXPECT_EQ(r.difference.step, 0);
  EXPECT_EQ(r.difference.what, "legal moves of role first");
  EXPECT_NE(r.difference.diff.find("missing {(take 3)}"), std::string::npos) << r.difference.diff;
  EXPECT_NE(DescribeDifference(r.difference).find("playout 1 step 0: legal moves of role first"),
            std::string::npos);
}

TEST_F(TraceReplayTest, ReportsWrongStateAndTerminal) {
  Step(1)["state"] = json::array({"(control second)", "(pile 2)"});
  ReplayReport r = Replay();
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.step, 1);
  EXPECT_EQ(r.difference.what, "state");
  EXPECT_NE(r.difference.diff.find("extra {(pile 1)}"), std::string::npos) << r.difference.diff;

  trace_ = json::parse(testing::kNim3Trace);
  Step(1)["terminal"] = true;
  r = Replay();
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.what, "terminal");
  EXPECT_EQ(r.difference.expected, "true");
  EXPECT_EQ(r.difference.got, "false");
}

TEST_F(TraceReplayTest, GoalsComparedNullAcceptsAnything) {
  Step(2)["goals"] = json::array({50, 100});
  ReplayReport r = Replay();
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.what, "goal of role first");
  EXPECT_EQ(r.difference.expected, "50");
  EXPECT_EQ(r.difference.got, "0");
  Step(2)["goals"] = json::array({nullptr, 100});
  r = Replay();
  EXPECT_TRUE(r.agrees) << DescribeDifference(r.difference);
}

TEST_F(TraceReplayTest, UnknownMoveIsADifference) {
  Step(0)["moves"] = json::array({"(take 7)", "noop"});
  ReplayReport r = Replay();
  // The prover can name any ground move, so (take 7) is applied and the next state differs.
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.step, 1);
}

TEST_F(TraceReplayTest, StepBudgetStopsAndSaysSo) {
  ReplayBudget b;
  b.max_steps = 2;
  ReplayReport r = Replay(b);
  EXPECT_TRUE(r.agrees);
  EXPECT_EQ(r.steps_checked, 2);
  EXPECT_EQ(r.playouts_checked, 0);
  EXPECT_EQ(r.stopped_by, "step budget");
}

TEST_F(TraceReplayTest, TruncatedPlayoutEndsWithoutMoves) {
  auto& steps = trace_["playouts"][0]["steps"];
  steps.erase(2);
  steps[1].erase("moves");
  trace_["playouts"][0]["truncated"] = true;
  ReplayReport r = Replay();
  EXPECT_TRUE(r.agrees) << DescribeDifference(r.difference) << r.error;
  EXPECT_EQ(r.steps_checked, 2);
  EXPECT_EQ(r.playouts_checked, 1);
}

TEST_F(TraceReplayTest, RoleMismatchAndMalformedTraces) {
  trace_["roles"] = json::array({"second", "first"});
  ReplayReport r = Replay();
  ASSERT_FALSE(r.agrees);
  EXPECT_EQ(r.difference.what, "roles");

  trace_ = json::parse(testing::kNim3Trace);
  Step(0).erase("state");
  r = Replay();
  EXPECT_FALSE(r.agrees);
  EXPECT_NE(r.error.find("malformed"), std::string::npos);

  r = ReplayTrace(*machine_, json::array(), {});
  EXPECT_FALSE(r.agrees);
  EXPECT_FALSE(r.error.empty());
}

}  // namespace
}  // namespace ggp::agent::tools
