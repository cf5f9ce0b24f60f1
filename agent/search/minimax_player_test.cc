#include "agent/search/minimax_player.h"

#include <gtest/gtest.h>

#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

reasoner::Move Choose(std::shared_ptr<const CellGame> game, const Cells& cells, int role,
                      MoveStats* stats = nullptr) {
  auto machine = MakeCellMachine(game);
  MinimaxPlayer player(PlayerOptions{});
  const reasoner::State s = EncodeCells(*game, cells);
  player.Start(machine, role, s, Far());
  MoveStats local;
  const reasoner::Move m = player.SelectMove(s, Far(), stats != nullptr ? stats : &local);
  player.Finish();
  return m;
}

TEST(MinimaxPlayerTest, TicTacToeWinAndBlock) {
  MoveStats stats;
  EXPECT_EQ(Choose(TicTacToe(), TicTacToeCells("xx.oo....", true), 0, &stats), 2);
  EXPECT_TRUE(stats.proven);
  EXPECT_EQ(stats.value, 100);
  EXPECT_EQ(Choose(TicTacToe(), TicTacToeCells("oo..x....", true), 0), 2);
  EXPECT_EQ(Choose(TicTacToe(), TicTacToeCells("oo..x.x..", false), 1), 2);
}

TEST(MinimaxPlayerTest, SolvesTicTacToeFromTheStartAsADraw) {
  MoveStats stats;
  Choose(TicTacToe(), TicTacToe()->Initial(), 0, &stats);
  EXPECT_TRUE(stats.proven);
  EXPECT_EQ(stats.value, 50);
}

TEST(MinimaxPlayerTest, Nim) {
  EXPECT_EQ(Choose(Nim({1, 2}), {1, 2, 0}, 0), NimTake(1, 1));
  EXPECT_EQ(Choose(Nim({1, 3, 4}), {1, 3, 4, 0}, 0), NimTake(2, 2));
}

TEST(MinimaxPlayerTest, OtherGamesFallBackToParanoidSearch) {
  EXPECT_EQ(Choose(Duel(), Duel()->Initial(), 0), 2);
  EXPECT_EQ(Choose(Duel(), Duel()->Initial(), 1), 2);
  EXPECT_EQ(Choose(ThreePlayers(), ThreePlayers()->Initial(), 0), 1);
  EXPECT_EQ(Choose(Lock({3, 1, 2, 0}), Lock({3, 1, 2, 0})->Initial(), 0), 3);
}

TEST(MinimaxPlayerTest, ReturnsALegalMoveWhenTimeIsShort) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  MinimaxPlayer player(PlayerOptions{});
  reasoner::State s;
  machine->InitialState(&s);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move m = player.SelectMove(s, SteadyClock::now(), &stats);
  EXPECT_GE(m, 0);
  EXPECT_LT(m, 9);
}

}  // namespace
}  // namespace ggp::agent::search
