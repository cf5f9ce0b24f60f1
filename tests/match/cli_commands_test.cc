// The other commands of `ggp-agent` as a user runs them: bench (playouts and the search,
// as JSON), serve's refusals of bad flags, and solve on a puzzle and a game that is not one.

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/match/child_process.h"
#include "tests/match/cli_test_fixture.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::runner {
namespace {

using match_testing::RunToCompletion;
using namespace std::chrono_literals;

TEST_F(MatchCliTest, BenchMeasuresPlayoutsAndTheSearch) {
  std::string out, err;
  int status = RunToCompletion(
      {AgentBinary(), "bench", "--game", Path("nim.kif"), "--seconds", "0.3", "--json"},
      dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  nlohmann::json playouts = nlohmann::json::parse(out);
  EXPECT_EQ(playouts["game"], "nim");
  EXPECT_GT(playouts["rollouts_per_s"].get<double>(), 0.0);
  EXPECT_GE(playouts["build_ms"].get<double>(), 0.0);
  // auto picks the verified propnet for nim; the reason gives its size.
  EXPECT_EQ(playouts["machine"], "propnet") << out;
  EXPECT_NE(playouts["build"].get<std::string>().find(" components and "), std::string::npos)
      << out;

  status = RunToCompletion({AgentBinary(), "bench", "--game", Path("nim.kif"), "--seconds", "0.3",
                            "--search", "mcts", "--threads", "2", "--json"},
                           dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  nlohmann::json search = nlohmann::json::parse(out);
  EXPECT_EQ(search["threads"], 2);
  EXPECT_GT(search["iterations"].get<int64_t>(), 0);
  EXPECT_GT(search["nodes"].get<int64_t>(), 0);
  // This small nim is solved long before the time is up: the root is proven.
  EXPECT_TRUE(search["proven"].get<bool>()) << out;
}

TEST_F(MatchCliTest, ServeRejectsMalformedPolicyParams) {
  std::string out, err;
  const int status = RunToCompletion(
      {AgentBinary(), "serve", "--port", "9", "--heuristic", "--params", "eval_cutoff=6&oops"},
      dir_.string(), 60s, &out, &err);
  EXPECT_EQ(status, 2) << out << err;
  EXPECT_NE(err.find("--params"), std::string::npos) << err;
}

// A setting the policy cannot read is refused at startup, naming it, rather than at the
// first START, where it would leave every match to the legal policy.
TEST_F(MatchCliTest, ServeRefusesASettingThePolicyCannotRead) {
  std::string out, err;
  const int status = RunToCompletion(
      {AgentBinary(), "serve", "--port", "9", "--params", "exploration=abc&mast=true"},
      dir_.string(), 60s, &out, &err);
  EXPECT_EQ(status, 2) << out << err;
  EXPECT_NE(err.find("policy mcts refuses its settings: --params exploration ("), std::string::npos)
      << err;
}

// --memory-mb is 0 (automatic) or a budget of at least 16 MiB; what lies between is refused.
TEST_F(MatchCliTest, ServeRefusesATreeBudgetBelowTheFloor) {
  std::string out, err;
  const int status = RunToCompletion({AgentBinary(), "serve", "--port", "9", "--memory-mb", "8"},
                                     dir_.string(), 60s, &out, &err);
  EXPECT_NE(status, 0) << out << err;
  EXPECT_NE(err.find("--memory-mb"), std::string::npos) << err;
}

TEST_F(MatchCliTest, ServeRefusesBothHeuristicFlags) {
  std::string out, err;
  const int status =
      RunToCompletion({AgentBinary(), "serve", "--port", "9", "--heuristic", "--no-heuristic"},
                      dir_.string(), 60s, &out, &err);
  EXPECT_NE(status, 0) << out << err;
  EXPECT_NE(err.find("excludes"), std::string::npos) << err;
}

TEST_F(MatchCliTest, SolveProvesAPuzzleAndSkipsOtherGames) {
  std::ofstream(Path("towers.kif")) << ggp::testing::kTowersGdl;
  std::string out, err;
  int status = RunToCompletion({AgentBinary(), "solve", "--game", Path("towers.kif"), "--game",
                                Path("nim.kif"), "--seconds", "20", "--line"},
                               dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  EXPECT_NE(out.find("towers: goal 100 (proven best), line of 7 moves"), std::string::npos) << out;
  EXPECT_EQ(out.find("giveup"), std::string::npos) << out;
  EXPECT_NE(out.find("  (put d1 right)"), std::string::npos) << out;
  EXPECT_NE(out.find("nim: 2 roles, not a puzzle; skipped"), std::string::npos) << out;

  status = RunToCompletion({AgentBinary(), "solve", "--game", Path("towers.kif"), "--table"},
                           dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  EXPECT_NE(out.find("| towers | 100 | yes | 7 | "), std::string::npos) << out;

  status = RunToCompletion({AgentBinary(), "solve", "--game", Path("towers.kif"), "--nrpa-playouts",
                            "100000", "--seed", "3"},
                           dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  // A fixed amount of work: exactly the playouts asked for (no line of 100 stops it early).
  EXPECT_NE(out.find("towers: nrpa goal "), std::string::npos) << out;
  EXPECT_NE(out.find(" moves, 100000 playouts in "), std::string::npos) << out;
}

}  // namespace
}  // namespace ggp::agent::runner
