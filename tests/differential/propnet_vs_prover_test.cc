// Differential test of the two back ends: random playouts on a broad sample of games
// (turn-taking, simultaneous, puzzles, 3-6 players, big boards, recursive ground rules)
// with the reference prover and the propnet side by side; full legal sets, next states,
// terminal flags and goals must agree at every step.

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"
#include "reasoner/factory/verify.h"
#include "tests/testing/shared_dir.h"

namespace ggp::testing {
namespace {

class PropnetVsProverTest : public ::testing::TestWithParam<const char*> {};

TEST_P(PropnetVsProverTest, AgreeOnRandomPlayouts) {
  GGP_REQUIRE_SHARED();
  std::string game = GetParam();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(SharedDir() + "/games/" + game + ".kif", symbols, &d, &errors));
  std::string error;
  std::shared_ptr<const reasoner::ProverMachine> prover = reasoner::ProverMachine::Build(d, &error);
  ASSERT_TRUE(prover) << error;
  reasoner::propnet::PropnetBuild propnet = reasoner::propnet::PropnetMachine::Build(d, {});
  ASSERT_TRUE(propnet.machine) << propnet.error;
  reasoner::VerifyOptions options;
  options.playouts = 4;
  options.max_steps = 120;
  options.seconds = 0;  // no cap: every playout is compared
  options.seed = 20261122;
  reasoner::VerifyStats stats;
  std::optional<std::string> difference = reasoner::VerifyAgainst(*prover, *propnet.machine, options, &stats);
  EXPECT_FALSE(difference.has_value()) << game << ": " << difference.value_or("");
  EXPECT_EQ(stats.playouts, options.playouts);
}

INSTANTIATE_TEST_SUITE_P(
    Games, PropnetVsProverTest,
    ::testing::Values(
        // Turn-taking.
        "ticTacToe", "connectFour", "breakthroughSmall", "othello-comp2007", "checkersTiny",
        "minichess", "pentago", "nineBoardTicTacToe", "chomp", "nim3", "kalaha5x2x3",
        "cephalopodMicro", "dotsAndBoxesSuicide", "knightwar", "copolymer_4_pie",
        "gomoku_swap2_11x11",
        // Big boards.
        "quad_7x7", "connectFourLarger", "tictactoe_3d_2player", "skirmishNew", "hex",
        // Recursive ground rules.
        "atariGoVariant_7x7", "cubicup_3player", "amazonsTorus_10x10",
        // Simultaneous.
        "ticTacToeParallel", "gt_chicken", "colonelBlottoVariant", "battlebrushes",
        "snake_2008", "lightsOnSimultaneous", "blockerSerial", "coins_atomic",
        // Puzzles.
        "hanoi", "peg", "queens06ug", "knightsTour", "lightsOut", "futoshiki4", "pancakes",
        "maze", "blocksWorldSerial", "buttons", "ruleDepthLinear",
        // Three to six players.
        "3pffa", "chineseCheckers4", "four_way_battle", "tictactoe_3d_small_6player",
        "lightsOnSimul4"),
    [](const ::testing::TestParamInfo<const char*>& param) {
      std::string name = param.param;
      for (char& c : name) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace
}  // namespace ggp::testing
