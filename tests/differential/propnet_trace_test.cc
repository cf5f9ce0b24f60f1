// Replays the shared conformance traces against the propnet on a broad sample of games:
// turn-taking and simultaneous, puzzles, 3-6 players, big boards, and games whose ground
// rules recurse (cyclic components). Every state, terminal flag, legal set and goal of
// the trace must match.

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <string>

#include "reasoner/propnet/propnet_machine.h"
#include "tests/differential/trace_replay.h"
#include "tests/testing/shared_dir.h"

namespace ggp::testing {
namespace {

class PropnetTraceTest : public ::testing::TestWithParam<const char*> {};

TEST_P(PropnetTraceTest, AgreesWithTheReferenceTrace) {
  GGP_REQUIRE_SHARED();
  std::string game = GetParam();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(SharedDir() + "/games/" + game + ".kif", symbols, &d, &errors));
  reasoner::propnet::PropnetBuild built = reasoner::propnet::PropnetMachine::Build(d, {});
  ASSERT_TRUE(built.machine) << built.error;
  std::ifstream in(SharedDir() + "/conformance/" + game + ".json");
  ASSERT_TRUE(in) << "no trace for " << game;
  nlohmann::json trace = nlohmann::json::parse(in);
  ReplayResult r = ReplayTrace(*built.machine, trace);
  EXPECT_TRUE(r.ok) << game << ": " << r.mismatch;
  EXPECT_GT(r.steps, 0) << game << ": the trace has no steps";
}

INSTANTIATE_TEST_SUITE_P(
    Games, PropnetTraceTest,
    ::testing::Values(
        // Turn-taking board games.
        "ticTacToe", "connectFour", "breakthrough", "hex", "othello-comp2007", "reversiSuicide",
        "checkersTiny", "checkersTorus", "alexChess", "minichess", "pentago", "nineBoardTicTacToe",
        "chomp", "nim1", "kalaha_2009", "cephalopodMicro", "qyshinsu", "dotsAndBoxesSuicide",
        "knightfight", "endgame",
        // Big boards.
        "quad_7x7", "gomoku_15x15", "connectFourLarger", "tictactoe_3d_2player", "amazons_10x10",
        "skirmishNew", "zombieAttack1PL6", "wargame01", "solitaireChineseCheckers",
        // Positive recursion in the ground rules (cyclic components).
        "amazonsTorus_10x10", "atariGoVariant_7x7", "cubicup_3player",
        // Simultaneous moves.
        "ticTacToeParallel", "gt_prisoner", "colonelBlotto", "battlebrushes", "snakeParallel",
        "lightsOnSimultaneous", "simultaneousWin2", "biddingTicTacToe", "blocker",
        // Puzzles (one player).
        "hanoi", "peg", "queens08lg", "knightsTour", "lightsOut", "sudokuGrade6E", "futoshiki4",
        "nonogram_5x5_1", "pancakes88", "hidato37", "rubiksCube", "maze", "blocksWorld", "buttons",
        "ruleDepthLinear",
        // Three to six players.
        "3pffa", "4pffa", "chineseCheckers4", "chineseCheckers6", "tictactoe_3d_6player",
        "four_way_battle", "lightsOnSimul4", "pacman2p"),
    [](const ::testing::TestParamInfo<const char*>& param) {
      std::string name = param.param;
      for (char& c : name) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace
}  // namespace ggp::testing
