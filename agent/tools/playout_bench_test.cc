#include "agent/tools/playout_bench.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "agent/tools/test_games.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::tools {
namespace {

std::shared_ptr<const reasoner::StateMachine> Nim3(const char* backend) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(testing::kNim3Rules, std::make_shared<kif::SymbolTable>(), &d,
                                    &errors));
  reasoner::MachineOptions mo;
  mo.backend = backend;
  return reasoner::CreateMachine(d, mo).machine;
}

TEST(PlayoutBenchTest, CountsPlayoutsOfNim3) {
  auto machine = Nim3("prover");
  ASSERT_TRUE(machine);
  BenchOptions o;
  o.loop = BenchLoop::kCalls;  // counts and times the legal calls
  o.seconds = 0.2;
  o.warmup_seconds = 0.05;
  BenchResult r = RunPlayoutBenchmark(*machine, o);
  ASSERT_GT(r.rollouts, 0u);
  // Every nim3 playout takes 2 joint moves (1+2, 2+1) or 3 (1+1+1).
  EXPECT_GE(r.avg_depth, 2.0);
  EXPECT_LE(r.avg_depth, 3.0);
  EXPECT_GE(r.state_changes, 2 * r.rollouts);
  EXPECT_EQ(r.legal_calls, 2 * r.state_changes);  // two roles, no stuck playouts
  EXPECT_EQ(r.stuck, 0u);
  // Every completed playout adds goal+1 for both roles: 1 + 101.
  EXPECT_EQ(r.goal_checksum, 102 * r.rollouts);
  EXPECT_GT(r.rollouts_per_s, 0.0);
  EXPECT_GT(r.legal_us, 0.0);
}

// The machine's own loop and the loop of single calls draw the same playouts from a seed.
TEST(PlayoutBenchTest, MachineLoopAndCallLoopPlayTheSamePlayouts) {
  auto machine = Nim3("propnet");
  ASSERT_TRUE(machine);
  BenchOptions o;
  o.rollouts = 500;
  o.seed = 3;
  o.loop = BenchLoop::kMachine;
  BenchResult fast = RunPlayoutBenchmark(*machine, o);
  o.loop = BenchLoop::kCalls;
  BenchResult calls = RunPlayoutBenchmark(*machine, o);
  EXPECT_EQ(fast.rollouts, 500u);
  EXPECT_EQ(calls.rollouts, 500u);
  EXPECT_EQ(fast.state_changes, calls.state_changes);
  EXPECT_EQ(fast.goal_checksum, calls.goal_checksum);
  EXPECT_EQ(fast.legal_calls, 0u);
  EXPECT_EQ(calls.legal_calls, 2 * calls.state_changes);
}

}  // namespace
}  // namespace ggp::agent::tools
