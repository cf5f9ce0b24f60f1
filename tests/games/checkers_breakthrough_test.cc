// Checkers-Breakthrough (tests/games), checked on the reference prover against the seed
// paper's description (seed 001, section 4.1): the start position's moves, a double jump as
// one move that leaves the jumped pieces, jump chains that change direction, the loss of a
// player with no move, and random playouts that end within 160 plies with goals summing to
// 100.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/games/seed_games_testing.h"

namespace ggp::reasoner::seed_games {
namespace {

TEST(CheckersBreakthrough, StartPosition) {
  Game g(GameText("checkers_breakthrough"));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  // 12 checkers each on the squares with x + y even of the three nearest ranks.
  MoveSet cells;
  for (int y = 1; y <= 8; ++y) {
    for (int x = 1; x <= 8; ++x) {
      if ((x + y) % 2 != 0) continue;
      if (y <= 3) cells.insert("(cell " + std::to_string(x) + " " + std::to_string(y) + " wc)");
      if (y >= 6) cells.insert("(cell " + std::to_string(x) + " " + std::to_string(y) + " bc)");
    }
  }
  MoveSet board;
  for (const std::string& f : g.Fluents()) {
    if (f.rfind("(cell ", 0) == 0) board.insert(f);
  }
  EXPECT_EQ(board, cells);
  EXPECT_TRUE(g.Has("(control white)"));
  EXPECT_TRUE(g.Has("(step 0)"));
  EXPECT_EQ(g.Legal(kWhite),
            (MoveSet{Mv(1, 3, 2, 4), Mv(3, 3, 2, 4), Mv(3, 3, 4, 4), Mv(5, 3, 4, 4), Mv(5, 3, 6, 4),
                     Mv(7, 3, 6, 4), Mv(7, 3, 8, 4)}));
  EXPECT_EQ(g.Legal(kBlack), MoveSet{"noop"});
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_EQ(g.Goal(kBlack), 50);
  g.Play(Mv(3, 3, 4, 4));
  EXPECT_EQ(g.Legal(kWhite), MoveSet{"noop"});
  EXPECT_EQ(g.Legal(kBlack),
            (MoveSet{Mv(2, 6, 1, 5), Mv(2, 6, 3, 5), Mv(4, 6, 3, 5), Mv(4, 6, 5, 5), Mv(6, 6, 5, 5),
                     Mv(6, 6, 7, 5), Mv(8, 6, 7, 5)}));
  EXPECT_TRUE(g.Has("(step 1)"));
  EXPECT_FALSE(g.Has("(cell 3 3 wc)"));
  EXPECT_TRUE(g.Has("(cell 4 4 wc)"));
}

// Black clears (6,6) and (8,8) behind two of its checkers: the white checker on (4,4) then
// has a single jump to (6,6) and a double jump to (8,8), both one move; neither captures.
TEST(CheckersBreakthrough, DoubleJumpIsOneMoveAndCapturesNothing) {
  Game g(GameText("checkers_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(3, 3, 4, 4), Mv(8, 6, 7, 5), Mv(1, 3, 2, 4), Mv(7, 7, 8, 6), Mv(2, 2, 3, 3),
             Mv(8, 8, 7, 7), Mv(2, 4, 1, 5), Mv(6, 6, 5, 5)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Terminal());
  EXPECT_EQ(From(g.Legal(kWhite), 4, 4), (MoveSet{Mv(4, 4, 3, 5), Mv(4, 4, 6, 6), Mv(4, 4, 8, 8)}));
  // (3,3) is blocked straight ahead by (4,4) and has (2,4); nothing to jump.
  EXPECT_EQ(From(g.Legal(kWhite), 3, 3), (MoveSet{Mv(3, 3, 2, 4)}));

  // The single jump: (5,5) stays black, the game goes on.
  {
    Game h(GameText("checkers_breakthrough"));
    h.PlayAll({Mv(3, 3, 4, 4), Mv(8, 6, 7, 5), Mv(1, 3, 2, 4), Mv(7, 7, 8, 6), Mv(2, 2, 3, 3),
               Mv(8, 8, 7, 7), Mv(2, 4, 1, 5), Mv(6, 6, 5, 5), Mv(4, 4, 6, 6)});
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(h.Terminal());
    EXPECT_TRUE(h.Has("(cell 6 6 wc)"));
    EXPECT_TRUE(h.Has("(cell 5 5 bc)"));
    EXPECT_FALSE(h.Has("(cell 4 4 wc)"));
    // Black's (7,7) is stuck: (8,6) is its own, and the jump over (6,6) lands on (5,5), taken.
    EXPECT_EQ(From(h.Legal(kBlack), 7, 7), (MoveSet{}));
  }

  // The double jump reaches rank 8: a win, with both jumped checkers still on the board.
  g.Play(Mv(4, 4, 8, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
  EXPECT_TRUE(g.Has("(cell 8 8 wc)"));
  EXPECT_TRUE(g.Has("(cell 5 5 bc)"));
  EXPECT_TRUE(g.Has("(cell 7 7 bc)"));
  EXPECT_FALSE(g.Has("(cell 4 4 wc)"));
  EXPECT_FALSE(g.Has("(cell 6 6 wc)"));
  size_t black = 0;
  for (const std::string& f : g.Fluents()) black += f.find(" bc)") != std::string::npos;
  EXPECT_EQ(black, 12u);
}

// A chain may change direction; it never jumps an own piece, an empty square or backwards.
TEST(CheckersBreakthrough, JumpChainsChangeDirection) {
  Game g(WithCells(GameText("checkers_breakthrough"),
                   {"(cell 3 1 wc)", "(cell 6 4 wc)", "(cell 4 2 bc)", "(cell 4 4 bc)",
                    "(cell 2 6 bc)", "(cell 8 8 bc)"}));
  ASSERT_TRUE(g.ok());
  // (3,1) over (4,2) to (5,3), over (4,4) to (3,5), over (2,6) to (1,7); (5,3) over the own
  // checker on (6,4) to (7,5) is not a jump.
  EXPECT_EQ(g.Legal(kWhite), (MoveSet{Mv(3, 1, 2, 2), Mv(3, 1, 5, 3), Mv(3, 1, 3, 5),
                                      Mv(3, 1, 1, 7), Mv(6, 4, 5, 5), Mv(6, 4, 7, 5)}));
  g.Play(Mv(3, 1, 1, 7));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(cell 4 2 bc)"));
  EXPECT_TRUE(g.Has("(cell 4 4 bc)"));
  EXPECT_TRUE(g.Has("(cell 2 6 bc)"));
  // Black steps only (nothing white to jump): (4,2) may reach rank 1 and win.
  EXPECT_EQ(g.Legal(kBlack),
            (MoveSet{Mv(2, 6, 1, 5), Mv(2, 6, 3, 5), Mv(4, 2, 3, 1), Mv(4, 2, 5, 1), Mv(4, 4, 3, 3),
                     Mv(4, 4, 5, 3), Mv(8, 8, 7, 7)}));
  g.Play(Mv(4, 2, 5, 1));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 0);
  EXPECT_EQ(g.Goal(kBlack), 100);
}

// A role to move without a legal move loses.
TEST(CheckersBreakthrough, NoMoveLoses) {
  // Black's only checker on (1,4) is blocked by (2,3), and the jump lands on (3,2), taken.
  Game g(WithCells(GameText("checkers_breakthrough"),
                   {"(cell 2 3 wc)", "(cell 3 2 wc)", "(cell 8 2 wc)", "(cell 1 4 bc)"}));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  g.Play(Mv(8, 2, 7, 3));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(g.Moves(kBlack), MoveSet{});
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
}

// (Checkers never reach the limit: a checker advances on every move and at most 6 ranks
// without winning, so a side has at most 60 moves.)
TEST(CheckersBreakthrough, RandomPlayoutsEndWithinTheLimit) {
  CheckRandomPlayouts("checkers_breakthrough", 30);
}

// ---------------------------------------------------------------- Chess-Breakthrough

}  // namespace
}  // namespace ggp::reasoner::seed_games
