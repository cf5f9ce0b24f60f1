// Chess-Breakthrough (tests/games), checked on the reference prover against the seed paper's
// description (seed 001, section 4.1): the start position's moves; a rook that slides,
// stops at a blocker and captures an opponent but not an own piece; a king captured without
// ending the game; the back-rank wins (a knight's, no other piece's); the loss of a player
// with no move; the tie at the ply limit; and random playouts that end within 160 plies.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/games/seed_games_testing.h"

namespace ggp::reasoner::seed_games {
namespace {

TEST(ChessBreakthrough, StartPosition) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(cell 5 1 wk)"));
  EXPECT_TRUE(g.Has("(cell 4 1 wq)"));
  EXPECT_TRUE(g.Has("(cell 4 8 bq)"));
  EXPECT_TRUE(g.Has("(cell 5 8 bk)"));
  size_t cells = 0;
  for (const std::string& f : g.Fluents()) cells += f.rfind("(cell ", 0) == 0;
  EXPECT_EQ(cells, 32u);
  // Eight one-step pawn moves (no two-step moves) and four knight moves.
  MoveSet expected = {Mv(2, 1, 1, 3), Mv(2, 1, 3, 3), Mv(7, 1, 6, 3), Mv(7, 1, 8, 3)};
  for (int x = 1; x <= 8; ++x) expected.insert(Mv(x, 2, x, 3));
  EXPECT_EQ(g.Legal(kWhite), expected);
  EXPECT_EQ(g.Legal(kBlack), MoveSet{"noop"});
  g.Play(Mv(5, 2, 5, 3));
  MoveSet black = {Mv(2, 8, 1, 6), Mv(2, 8, 3, 6), Mv(7, 8, 6, 6), Mv(7, 8, 8, 6)};
  for (int x = 1; x <= 8; ++x) black.insert(Mv(x, 7, x, 6));
  EXPECT_EQ(g.Legal(kBlack), black);
  // White's bishop and queen now see the opened diagonals; the king may step to (5,2).
  Game w(GameText("chess_breakthrough"));
  w.PlayAll({Mv(5, 2, 5, 3), Mv(1, 7, 1, 6)});
  ASSERT_FALSE(HasFatalFailure());
  const MoveSet legal = w.Legal(kWhite);
  EXPECT_EQ(From(legal, 6, 1),
            (MoveSet{Mv(6, 1, 5, 2), Mv(6, 1, 4, 3), Mv(6, 1, 3, 4), Mv(6, 1, 2, 5),
                     Mv(6, 1, 1, 6)}));  // stops on the black pawn it captures
  EXPECT_EQ(From(legal, 4, 1),
            (MoveSet{Mv(4, 1, 5, 2), Mv(4, 1, 6, 3), Mv(4, 1, 7, 4), Mv(4, 1, 8, 5)}));
  EXPECT_EQ(From(legal, 5, 1), (MoveSet{Mv(5, 1, 5, 2)}));
  EXPECT_EQ(From(legal, 5, 3), (MoveSet{Mv(5, 3, 5, 4)}));
}

// The a-pawn walks up and captures on b7; the rook on a1 then slides up the open file and
// stops on the black pawn of a7, which it may capture; it never takes its own knight.
TEST(ChessBreakthrough, RookSlidesAndPawnsCapture) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(1, 2, 1, 3), Mv(8, 7, 8, 6), Mv(1, 3, 1, 4), Mv(8, 6, 8, 5), Mv(1, 4, 1, 5),
             Mv(8, 5, 8, 4), Mv(1, 5, 1, 6), Mv(8, 4, 8, 3)});
  ASSERT_FALSE(HasFatalFailure());
  MoveSet legal = g.Legal(kWhite);
  // The pawn on a6 is blocked straight ahead by a7 and captures on b7.
  EXPECT_EQ(From(legal, 1, 6), (MoveSet{Mv(1, 6, 2, 7)}));
  // The h-pawn is blocked by the black pawn on h3, which the g-pawn may capture.
  EXPECT_EQ(From(legal, 8, 2), (MoveSet{}));
  EXPECT_EQ(From(legal, 7, 2), (MoveSet{Mv(7, 2, 7, 3), Mv(7, 2, 8, 3)}));
  EXPECT_EQ(From(legal, 1, 1),
            (MoveSet{Mv(1, 1, 1, 2), Mv(1, 1, 1, 3), Mv(1, 1, 1, 4), Mv(1, 1, 1, 5)}));
  g.PlayAll({Mv(1, 6, 2, 7), Mv(7, 7, 7, 6)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Has("(cell 2 7 bp)"));
  EXPECT_TRUE(g.Has("(cell 2 7 wp)"));
  legal = g.Legal(kWhite);
  EXPECT_EQ(From(legal, 1, 1), (MoveSet{Mv(1, 1, 1, 2), Mv(1, 1, 1, 3), Mv(1, 1, 1, 4),
                                        Mv(1, 1, 1, 5), Mv(1, 1, 1, 6), Mv(1, 1, 1, 7)}));
  // The pawn on b7 captures on a8 or c8 (both winning), not straight onto the knight.
  EXPECT_EQ(From(legal, 2, 7), (MoveSet{Mv(2, 7, 1, 8), Mv(2, 7, 3, 8)}));
  EXPECT_EQ(From(legal, 8, 1), (MoveSet{}));  // the h1 rook is boxed in by its own pieces

  {
    Game r = Game(GameText("chess_breakthrough"));
    r.PlayAll({Mv(1, 2, 1, 3), Mv(8, 7, 8, 6), Mv(1, 3, 1, 4), Mv(8, 6, 8, 5), Mv(1, 4, 1, 5),
               Mv(8, 5, 8, 4), Mv(1, 5, 1, 6), Mv(8, 4, 8, 3), Mv(1, 6, 2, 7), Mv(7, 7, 7, 6),
               Mv(1, 1, 1, 7)});
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(r.Terminal());  // a rook on rank 7 wins nothing
    EXPECT_TRUE(r.Has("(cell 1 7 wr)"));
    EXPECT_FALSE(r.Has("(cell 1 7 bp)"));
    // The black rook on a8 takes the white rook back; it may not slide through it.
    EXPECT_EQ(From(r.Legal(kBlack), 1, 8), (MoveSet{Mv(1, 8, 1, 7)}));
  }

  // A pawn on the back rank wins.
  g.Play(Mv(2, 7, 1, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
  EXPECT_TRUE(g.Has("(cell 1 8 wp)"));
}

// The queen reaches h5 and captures the black king on e8: the game goes on (no check rules,
// and losing the king ends nothing); the queen's moves stop on the first piece of each ray.
TEST(ChessBreakthrough, KingsCanBeCaptured) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(5, 2, 5, 3), Mv(6, 7, 6, 6), Mv(4, 1, 8, 5), Mv(1, 7, 1, 6)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(g.Legal(kWhite), 8, 5),
            (MoveSet{Mv(8, 5, 8, 4), Mv(8, 5, 8, 3), Mv(8, 5, 8, 6), Mv(8, 5, 8, 7),  // h-file
                     Mv(8, 5, 7, 5), Mv(8, 5, 6, 5), Mv(8, 5, 5, 5), Mv(8, 5, 4, 5), Mv(8, 5, 3, 5),
                     Mv(8, 5, 2, 5), Mv(8, 5, 1, 5),                                     // rank 5
                     Mv(8, 5, 7, 6), Mv(8, 5, 6, 7), Mv(8, 5, 5, 8),                     // to e8
                     Mv(8, 5, 7, 4), Mv(8, 5, 6, 3), Mv(8, 5, 5, 2), Mv(8, 5, 4, 1)}));  // to d1
  g.Play(Mv(8, 5, 5, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Has("(cell 5 8 bk)"));
  EXPECT_TRUE(g.Has("(cell 5 8 wq)"));
  EXPECT_FALSE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_FALSE(g.Moves(kBlack).empty());
  // The black queen and bishop on d8/f8 may take the white queen back.
  const MoveSet black = g.Legal(kBlack);
  EXPECT_TRUE(black.count(Mv(4, 8, 5, 8)));
  EXPECT_TRUE(black.count(Mv(6, 8, 5, 8)) == 0);  // a bishop does not move sideways
  EXPECT_TRUE(black.count(Mv(7, 8, 5, 8)) == 0);  // nor a knight one file over two
}

// A knight on the back rank wins (for black too), and so does a black pawn on rank 1.
TEST(ChessBreakthrough, KnightOnTheBackRankWins) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(2, 1, 3, 3), Mv(8, 7, 8, 6), Mv(3, 3, 4, 5), Mv(8, 6, 8, 5), Mv(4, 5, 3, 7),
             Mv(8, 5, 8, 4)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(g.Legal(kWhite), 3, 7), (MoveSet{Mv(3, 7, 1, 8), Mv(3, 7, 5, 8), Mv(3, 7, 1, 6),
                                                  Mv(3, 7, 5, 6), Mv(3, 7, 2, 5), Mv(3, 7, 4, 5)}));
  g.Play(Mv(3, 7, 5, 8));  // takes the king and lands on rank 8
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);

  Game b(WithCells(
      GameText("chess_breakthrough"),
      {"(cell 1 1 wk)", "(cell 8 8 bk)", "(cell 5 3 bn)", "(cell 3 2 bp)", "(cell 8 5 wr)"}));
  ASSERT_TRUE(b.ok());
  b.Play(Mv(8, 5, 8, 6));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(b.Legal(kBlack), 3, 2), (MoveSet{Mv(3, 2, 3, 1)}));
  // The knight's eight squares but (3,2), where black's own pawn stands.
  EXPECT_EQ(From(b.Legal(kBlack), 5, 3),
            (MoveSet{Mv(5, 3, 4, 1), Mv(5, 3, 6, 1), Mv(5, 3, 3, 4), Mv(5, 3, 7, 4), Mv(5, 3, 7, 2),
                     Mv(5, 3, 4, 5), Mv(5, 3, 6, 5)}));
  b.Play(Mv(5, 3, 4, 1));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(b.Terminal());
  EXPECT_EQ(b.Goal(kWhite), 0);
  EXPECT_EQ(b.Goal(kBlack), 100);
}

// Rooks, bishops and kings on the back rank win nothing; a role without a move loses.
TEST(ChessBreakthrough, OtherPiecesDoNotWinAndNoMoveLoses) {
  Game g(WithCells(
      GameText("chess_breakthrough"),
      {"(cell 1 7 wr)", "(cell 3 7 wb)", "(cell 7 7 wk)", "(cell 5 5 bp)", "(cell 5 4 wp)"}));
  ASSERT_TRUE(g.ok());
  for (const std::string& m : {Mv(1, 7, 1, 8), Mv(3, 7, 2, 8), Mv(7, 7, 7, 8)}) {
    Game h = Game(WithCells(GameText("chess_breakthrough"),
                            {"(cell 1 7 wr)", "(cell 3 7 wb)", "(cell 7 7 wk)", "(cell 5 5 bp)",
                             "(cell 5 4 wp)", "(cell 1 1 bk)"}));
    h.Play(m);
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(h.Terminal()) << m;
  }
  // The king steps one square in all eight directions; the rook slides up to its own bishop;
  // the bishop's rays stop on the black pawn it captures.
  const MoveSet white = g.Legal(kWhite);
  EXPECT_EQ(From(white, 7, 7),
            (MoveSet{Mv(7, 7, 6, 6), Mv(7, 7, 7, 6), Mv(7, 7, 8, 6), Mv(7, 7, 6, 7), Mv(7, 7, 8, 7),
                     Mv(7, 7, 6, 8), Mv(7, 7, 7, 8), Mv(7, 7, 8, 8)}));
  EXPECT_EQ(From(white, 1, 7),
            (MoveSet{Mv(1, 7, 1, 8), Mv(1, 7, 2, 7), Mv(1, 7, 1, 6), Mv(1, 7, 1, 5), Mv(1, 7, 1, 4),
                     Mv(1, 7, 1, 3), Mv(1, 7, 1, 2), Mv(1, 7, 1, 1)}));
  EXPECT_EQ(From(white, 3, 7), (MoveSet{Mv(3, 7, 2, 8), Mv(3, 7, 4, 8), Mv(3, 7, 2, 6),
                                        Mv(3, 7, 1, 5), Mv(3, 7, 4, 6), Mv(3, 7, 5, 5)}));
  EXPECT_EQ(From(white, 5, 4), (MoveSet{}));
  // Black's only piece, the pawn on e5, is blocked by the white pawn on e4 and has nothing
  // to capture: after white's move black is stuck and loses.
  g.Play(Mv(1, 7, 1, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(g.Moves(kBlack), MoveSet{});
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
}

// Knights shuffle back and forth: no win, and the game ends in a tie at exactly 160 plies.
TEST(ChessBreakthrough, TieAtThePlyLimit) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  const std::vector<std::string> cycle = {Mv(7, 1, 6, 3), Mv(7, 8, 6, 6), Mv(6, 3, 7, 1),
                                          Mv(6, 6, 7, 8)};
  while (g.plies() < kMaxPlies - 1) {
    g.Play(cycle[static_cast<size_t>(g.plies()) % cycle.size()]);
    ASSERT_FALSE(HasFatalFailure());
  }
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(step 159)"));
  g.Play(cycle[static_cast<size_t>(g.plies()) % cycle.size()]);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Has("(step 160)"));
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_EQ(g.Goal(kBlack), 50);
}

TEST(ChessBreakthrough, RandomPlayoutsEndWithinTheLimit) {
  CheckRandomPlayouts("chess_breakthrough", 8);
}

}  // namespace
}  // namespace ggp::reasoner::seed_games
