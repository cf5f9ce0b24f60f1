// Selection: the UCT formula, unvisited-first, the prior hook; MAST playouts.

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using search_testing::EncodeCells;
using search_testing::MakeCellMachine;
using search_testing::TicTacToe;
using search_testing::TicTacToeCells;

SearchParams Params() {
  SearchParams p;
  p.exploration = 0.4;
  p.seed = 7;
  return p;
}

using search_testing::SetStat;

// Board with three empty cells (2, 5, 8), x to move.
const char kBoard[] = "xo.ox.ox.";

TEST(MctsSelectionTest, UctFormulaPicksExpectedChild) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(), &pool);
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  const Node& root = *search.root();
  ASSERT_EQ(root.num_moves(0), 3u);
  ASSERT_EQ(root.moves(0)[0], 2);
  // N = 120. Scores: .5 + .4 sqrt(ln 120 / 10) = .777; .6 + .277 = .877;
  // .65 + .4 sqrt(ln 120 / 100) = .738. The second move wins despite the lower mean.
  root.visits().store(120);
  SetStat(root, 0, 0, 10, 0.5);
  SetStat(root, 0, 1, 10, 0.6);
  SetStat(root, 0, 2, 100, 0.65);
  SetStat(root, 1, 0, 120, 0.5);
  ASSERT_EQ(search.RunIterations(1), 1);
  EXPECT_EQ(root.stat(0, 0).visits.load(), 10u);
  EXPECT_EQ(root.stat(0, 1).visits.load(), 11u);
  EXPECT_EQ(root.stat(0, 2).visits.load(), 100u);
  EXPECT_EQ(root.visits().load(), 121u);
}

TEST(MctsSelectionTest, ExploitationWinsWithSmallConstant) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  SearchParams p = Params();
  p.exploration = 0.01;
  MctsSearch search(machine, 0, p, &pool);
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  const Node& root = *search.root();
  root.visits().store(120);
  SetStat(root, 0, 0, 10, 0.5);
  SetStat(root, 0, 1, 10, 0.6);
  SetStat(root, 0, 2, 100, 0.65);
  ASSERT_EQ(search.RunIterations(1), 1);
  EXPECT_EQ(root.stat(0, 2).visits.load(), 101u);
}

TEST(MctsSelectionTest, UnvisitedMovesComeFirst) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(), &pool);
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  const Node& root = *search.root();
  root.visits().store(200);
  SetStat(root, 0, 0, 100, 1.0);
  SetStat(root, 0, 1, 100, 1.0);
  ASSERT_EQ(search.RunIterations(1), 1);
  EXPECT_EQ(root.stat(0, 2).visits.load(), 1u);
}

// Puts all the weight on one move of every role.
class FavouritePrior final : public MovePrior {
 public:
  explicit FavouritePrior(reasoner::Move favourite) : favourite_(favourite) {}
  void Prior(const reasoner::State&, std::span<const reasoner::Move>, int,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    for (size_t i = 0; i < legal.size(); ++i) out[i] = legal[i] == favourite_ ? 10.0f : 0.0f;
  }

 private:
  reasoner::Move favourite_;
};

TEST(MctsSelectionTest, PriorOrdersExpansionAndBiasesSelection) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(), &pool, std::make_shared<FavouritePrior>(5));
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  const Node& root = *search.root();
  EXPECT_FLOAT_EQ(root.stat(0, 1).prior, 1.0f);  // normalised
  EXPECT_FLOAT_EQ(root.stat(0, 0).prior, 0.0f);
  ASSERT_EQ(search.RunIterations(1), 1);
  EXPECT_EQ(root.stat(0, 1).visits.load(), 1u);  // the favourite is expanded first
  // Equal statistics: the prior bonus W (P - 1/k) sqrt(N) / (1 + n) decides.
  root.visits().store(30);
  SetStat(root, 0, 0, 10, 0.5);
  SetStat(root, 0, 1, 10, 0.5);
  SetStat(root, 0, 2, 10, 0.5);
  ASSERT_EQ(search.RunIterations(1), 1);
  EXPECT_EQ(root.stat(0, 1).visits.load(), 11u);
}

// Always the first legal move; counts its calls.
class FirstMovePlayout final : public PlayoutPolicy {
 public:
  size_t Choose(const reasoner::State&, int, std::span<const reasoner::Move>, Rng&) const override {
    calls.fetch_add(1);
    return 0;
  }
  mutable std::atomic<int> calls{0};
};

TEST(MctsSelectionTest, PlayoutPolicyChoosesPlayoutMoves) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  auto playout = std::make_shared<FirstMovePlayout>();
  SearchParams p = Params();
  p.max_nodes = 1;  // every iteration is a playout from the root's children
  MctsSearch search(machine, 0, p, &pool, nullptr, playout);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(9), 9);
  EXPECT_GT(playout->calls.load(), 9);
  // Unvisited moves first: each of x's nine moves was tried once.
  const Node& root = *search.root();
  for (uint32_t i = 0; i < 9; ++i) EXPECT_EQ(root.stat(0, i).visits.load(), 1u);
}

TEST(MctsSelectionTest, MastPlayoutsFindTheWinningMove) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  SearchParams p = Params();
  p.mast = true;
  p.solver = false;  // else the root is proven at once and the search stops
  MctsSearch search(machine, 0, p, &pool);
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  ASSERT_EQ(search.RunIterations(3000), 3000);
  Decision d = search.Decide();
  EXPECT_EQ(d.move_index, 2u);  // cell 8 completes x's diagonal
}

}  // namespace
}  // namespace ggp::agent::search
