// The MctsPlayer in single-role games (mcts_player_puzzle.cc): the puzzle solver's proven
// line is played move after move, and its best-first phase settles a lamps puzzle in the
// start clock.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include "agent/search/mcts_player.h"
#include "agent/search/puzzle_testing.h"
#include "reasoner/kif/term.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::search {
namespace {

using puzzle_testing::kFlip;
using puzzle_testing::Machine;

// The player: the solver's proven line is played, move after move, to the tower.
TEST(PuzzleSolverTest, TheMctsPlayerPlaysTheProvenLine) {
  auto m = Machine(ggp::testing::kTowersGdl);
  ASSERT_NE(m, nullptr);
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"max_nodes", 2000}, {"nrpa", false}};  // the solver's line, not NRPA's
  MctsPlayer player(o);
  reasoner::State s;
  m->InitialState(&s);
  // The start clock: the player thinks until the solver has proven its line. Otherwise the
  // search may find a line of 100 by itself first and play that one, which is as good but
  // not what this test is about. The search's own proof ends ThinksAhead, so on a loaded
  // machine it can come first: wait for the solver's.
  puzzle_testing::StartAndSettle(player, m, s);
  for (int i = 0; i < 2000 && !player.PuzzleSettled(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(player.PuzzleSettled());
  const puzzle_testing::Played p = puzzle_testing::PlayGame(
      player, *m, 20, [&m, moves = 0](const MoveStats& stats, reasoner::Move mv) mutable {
        EXPECT_NE(kif::ToString(m->MoveTerm(0, mv), m->symbols()), "giveup") << "move " << moves++;
        ASSERT_TRUE(stats.extra.contains("puzzle"));
        EXPECT_TRUE(stats.extra["puzzle"].value("played", false));
        EXPECT_TRUE(stats.proven);
      });
  player.Finish();
  EXPECT_EQ(p.moves, 7);
  EXPECT_EQ(p.goal, 100);
}

// The player on the lamps: best first settles it in the start clock and the line is played
// to a dark board; `best_first=false` keeps the phase off.
TEST(PuzzleSolverTest, ThePlayerDarkensTheBoardBestFirst) {
  auto m = Machine(kFlip);
  ASSERT_NE(m, nullptr);
  PlayerOptions o;
  o.seed = 3;
  o.params = {{"max_nodes", 2000}, {"nrpa", false}, {"depth_first_slice", 0}};
  MctsPlayer player(o);
  reasoner::State s;
  m->InitialState(&s);
  puzzle_testing::StartAndSettle(player, m, s);
  const puzzle_testing::Played p =
      puzzle_testing::PlayGame(player, *m, 20, [](const MoveStats& stats, reasoner::Move) {
        ASSERT_TRUE(stats.extra.contains("puzzle"));
        EXPECT_GT(stats.extra["puzzle"].value("best_first", int64_t{-1}), 0);
        EXPECT_TRUE(stats.proven);
      });
  player.Finish();
  EXPECT_EQ(p.goal, 100);

  o.params = {{"max_nodes", 2000}, {"nrpa", false}, {"best_first", false}};
  MctsPlayer plain(o);
  plain.Start(m, 0, s, SteadyClock::now() + std::chrono::milliseconds(200));
  MoveStats stats;
  plain.SelectMove(s, SteadyClock::now() + std::chrono::milliseconds(300), &stats);
  ASSERT_TRUE(stats.extra.contains("puzzle"));
  EXPECT_EQ(stats.extra["puzzle"].value("best_first", int64_t{0}), -1);
  plain.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
