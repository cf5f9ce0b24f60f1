// Board recognition on our own small games and on real games of ../shared.

#include "reasoner/board/recognise.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/board/board_test_games.h"
#include "reasoner/factory/machine_factory.h"
#include "tests/testing/shared_dir.h"
#include "tests/testing/small_games.h"

namespace ggp::reasoner::board {
namespace {

struct Recognised {
  gdl::Description rules;
  Recognition r;
};

Recognised RecogniseText(const std::string& text, bool from_file, int games = 20) {
  Recognised out;
  std::vector<kif::Diagnostic> errors;
  auto symbols = std::make_shared<kif::SymbolTable>();
  const bool ok = from_file ? gdl::LoadDescriptionFile(text, symbols, &out.rules, &errors)
                            : gdl::ParseDescription(text, symbols, &out.rules, &errors);
  EXPECT_TRUE(ok);
  MachineOptions mo;
  mo.board_seconds = 0;
  MachineBuild build = CreateMachine(out.rules, mo);
  EXPECT_NE(build.machine, nullptr) << build.reason;
  if (!build.machine) return out;
  SimulateOptions so;
  so.games = games;
  out.r = Recognise(out.rules, Simulate(*build.machine, so));
  return out;
}

std::string Kif(const Recognised& x, const kif::Term& t) { return kif::ToString(t, *x.rules.symbols); }

TEST(Recognise, SmallPawnGameFitsWithChainedFilesAndAStepCounter) {
  Recognised x = RecogniseText(testing::kPawns3x4, false, 40);
  ASSERT_EQ(x.r.fit, Fit::kFits) << x.r.reason;
  const BoardGame& g = x.r.game;
  EXPECT_EQ(g.shape.width, 3);
  EXPECT_EQ(g.shape.height, 4);
  ASSERT_EQ(g.gdl.files.size(), 3u);
  EXPECT_EQ(Kif(x, g.gdl.files[0]), "a");
  EXPECT_EQ(Kif(x, g.gdl.files[2]), "c");
  EXPECT_EQ(Kif(x, g.gdl.ranks[3]), "4");
  ASSERT_EQ(g.pieces.size(), 2u);
  EXPECT_EQ(g.pieces[0].name, "wp");
  EXPECT_EQ(g.pieces[0].owner, 0);
  EXPECT_EQ(g.pieces[1].owner, 1);
  EXPECT_EQ(Kif(x, g.gdl.roles_of_players[0]), "white");
  // The step counter makes the other fluents follow the ply, not the mover.
  EXPECT_FALSE(g.gdl.other_fluents_by_mover);
  EXPECT_EQ(g.initial.cells[0], 0);                        // a1: white pawn
  EXPECT_EQ(g.initial.cells[3 * 3 + 2], 1);                // c4: black pawn
  EXPECT_EQ(g.initial.cells[1 * 3 + 1], kEmptySquare);     // b2
  // White wins with a pawn on rank 4 (the squares random play reached), never elsewhere.
  EXPECT_TRUE(g.eligible[0][0]);
  int rank4 = 0;
  for (int sq = 0; sq < 12; ++sq) {
    if (g.goal_squares[0][static_cast<size_t>(sq)]) {
      EXPECT_GE(sq, 9) << "goal square below rank 4";
      ++rank4;
    }
  }
  EXPECT_GT(rank4, 0);
  EXPECT_FALSE(g.goal_squares[0][0]);
  EXPECT_FALSE(g.eligible[0][1]);
}

TEST(Recognise, NimHasNoBoard) {
  Recognised x = RecogniseText(ggp::testing::kNim3Gdl, false);
  EXPECT_EQ(x.r.fit, Fit::kNo);
  EXPECT_NE(x.r.reason.find("no board"), std::string::npos) << x.r.reason;
}

TEST(Recognise, PromotionIsMovesOnly) {
  std::string text = testing::kPawns3x4;
  // A white pawn reaching rank 3 becomes a queen-like wq that nobody can move: the update
  // changes the moved piece's type.
  const std::string from = "(<= (next (cell ?x2 ?y2 ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?p)))";
  const std::string to =
      "(<= (next (cell ?x2 ?y2 ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?p)) (distinct ?y2 3))\n"
      "(<= (next (cell ?x2 3 wq)) (does ?r (move ?x1 ?y1 ?x2 3)) (true (cell ?x1 ?y1 wp)))\n"
      "(<= (next (cell ?x2 3 bp)) (does ?r (move ?x1 ?y1 ?x2 3)) (true (cell ?x1 ?y1 bp)))";
  text.replace(text.find(from), from.size(), to);
  Recognised x = RecogniseText(text, false, 30);
  EXPECT_EQ(x.r.fit, Fit::kMovesOnly) << x.r.reason;
  EXPECT_NE(x.r.reason.find("promotion"), std::string::npos) << x.r.reason;
}

TEST(Recognise, RealGames) {
  GGP_REQUIRE_SHARED();
  const std::string dir = ggp::testing::SharedDir() + "/games/";
  {
    Recognised x = RecogniseText(dir + "breakthrough.kif", true, 30);
    ASSERT_EQ(x.r.fit, Fit::kFits) << x.r.reason;
    EXPECT_EQ(x.r.game.shape.width, 8);
    EXPECT_EQ(x.r.game.pieces.size(), 2u);
    int goals = 0;
    for (int sq = 56; sq < 64; ++sq) goals += x.r.game.goal_squares[0][static_cast<size_t>(sq)] ? 1 : 0;
    EXPECT_EQ(goals, 8) << "the seed's rank generalisation fills white's goal rank";
    EXPECT_EQ(x.r.game.max_plies, 0);
  }
  {
    // Four squares never used in play: holes, off the board.
    Recognised x = RecogniseText(dir + "breakthroughHoles.kif", true, 30);
    ASSERT_EQ(x.r.fit, Fit::kFits) << x.r.reason;
    EXPECT_EQ(x.r.game.shape.NumHoles(), 4);
    EXPECT_TRUE(x.r.game.shape.IsHole(2 * 8 + 2)) << "c3";
    EXPECT_FALSE(x.r.game.shape.OnBoard(2, 2));
  }
  {
    Recognised x = RecogniseText(dir + "checkers.kif", true, 5);
    EXPECT_EQ(x.r.fit, Fit::kNo);
    EXPECT_NE(x.r.reason.find("several forms"), std::string::npos) << x.r.reason;
  }
  {
    Recognised x = RecogniseText(dir + "breakthroughSuicide.kif", true, 20);
    EXPECT_EQ(x.r.fit, Fit::kMovesOnly) << x.r.reason;
  }
  {
    Recognised x = RecogniseText(dir + "3pffa.kif", true, 1);
    EXPECT_EQ(x.r.fit, Fit::kNo);
    EXPECT_NE(x.r.reason.find("3 roles"), std::string::npos);
  }
}

}  // namespace
}  // namespace ggp::reasoner::board
