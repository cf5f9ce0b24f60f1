// GRAVE: the AMAF table and trace, the blended selection, the credit along the path.

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <set>
#include <vector>

#include "agent/search/amaf.h"
#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using reasoner::Move;
using search_testing::EncodeCells;
using search_testing::MakeCellMachine;
using search_testing::TicTacToe;
using search_testing::TicTacToeCells;

// Board with three empty cells (2, 5, 8), x to move; cell 8 completes x's diagonal.
const char kBoard[] = "xo.ox.ox.";

SearchParams GraveParams() {
  SearchParams p;
  p.grave = true;
  p.grave_ref = 1;
  p.grave_table_visits = 1;
  p.grave_bias = 0.0;
  p.seed = 3;
  return p;
}

using search_testing::SetStat;

void SetAmaf(AmafTable* t, int role, Move m, int count, float mean) {
  for (int i = 0; i < count; ++i) t->Add(static_cast<uint32_t>(i), role, m, mean);
}

TEST(AmafTest, TraceCountsEachMoveOncePerIterationAndCreditsItsRole) {
  AmafTable table(2, 10, 2);  // two copies: the second credit goes to the other
  EXPECT_EQ(table.slots_per_role(), 16u);
  AmafTrace trace;
  trace.Init(2);
  trace.Begin();
  trace.Add(0, 3);
  trace.Add(0, 3);  // played twice, counted once
  trace.Add(1, 3);  // same id, other role: its own entry
  trace.Add(1, 700);
  EXPECT_EQ(trace.played().size(), 3u);
  EXPECT_EQ(trace.max_move(), 700);
  const std::array<double, 2> rewards = {1.0, 0.25};
  trace.Credit(table, rewards.data(), 0);
  trace.Begin();
  trace.Add(0, 3);
  const std::array<double, 2> second = {0.0, 1.0};
  trace.Credit(table, second.data(), 1);
  EXPECT_EQ(table.samples(), 2u);
  EXPECT_EQ(table.count(0, 3), 2u);
  EXPECT_FLOAT_EQ(table.sum(0, 3), 1.0f);
  EXPECT_EQ(table.count(1, 3), 1u);
  EXPECT_FLOAT_EQ(table.sum(1, 3), 0.25f);
  EXPECT_EQ(table.count(0, 5), 0u);
  // Ids beyond the table share a slot (700 & 15 == 12).
  EXPECT_EQ(table.count(1, 12), 1u);
}

// A search whose root is kBoard (x to move) and carries an AMAF table made by the test.
class GraveBoardTest : public ::testing::Test {
 protected:
  void Build(SearchParams p) {
    p.solver = false;
    search_ = std::make_unique<MctsSearch>(machine_, 0, p, &pool_);
    search_->SetRoot(EncodeCells(*game_, TicTacToeCells(kBoard, true)));
    root_ = const_cast<Node*>(search_->root());
    ASSERT_EQ(root_->num_moves(0), 3u);
    table_ = new AmafTable(2, 16);
    ASSERT_TRUE(root_->TryInstallAmaf(table_));
    table_->AddSample(0);  // enough for grave_ref 1
  }
  Move RootMove(uint32_t i) const { return root_->moves(0)[i]; }
  // x's visits of the three root moves after one more iteration.
  std::vector<uint32_t> VisitsAfterOneIteration() {
    EXPECT_EQ(search_->RunIterations(1), 1);
    return {root_->stat(0, 0).visits.load(), root_->stat(0, 1).visits.load(),
            root_->stat(0, 2).visits.load()};
  }

  std::shared_ptr<const search_testing::CellGame> game_ = TicTacToe();
  std::shared_ptr<const reasoner::StateMachine> machine_ = MakeCellMachine(game_);
  SearchPool pool_{1};
  std::unique_ptr<MctsSearch> search_;
  Node* root_ = nullptr;
  AmafTable* table_ = nullptr;  // owned by root_
};

TEST_F(GraveBoardTest, UnvisitedMovesAreOrderedByTheReferenceAmafMean) {
  Build(GraveParams());
  SetAmaf(table_, 0, RootMove(0), 10, 0.2f);
  SetAmaf(table_, 0, RootMove(1), 10, 0.9f);
  SetAmaf(table_, 0, RootMove(2), 10, 0.4f);
  EXPECT_EQ(VisitsAfterOneIteration(), (std::vector<uint32_t>{0, 1, 0}));
}

TEST_F(GraveBoardTest, SelectionBlendsTheMeanWithTheAmafMean) {
  SearchParams p = GraveParams();
  p.exploration = 0.0;
  Build(p);
  // beta = 100 / 110 with bias 0. Move 0: .5 / .9 -> .864; move 1: .7 / .1 -> .155;
  // move 2 (no AMAF): .6. Plain UCT with C = 0 would pick move 1.
  root_->visits().store(30);
  SetStat(*root_, 0, 0, 10, 0.5);
  SetStat(*root_, 0, 1, 10, 0.7);
  SetStat(*root_, 0, 2, 10, 0.6);
  SetStat(*root_, 1, 0, 30, 0.5);
  SetAmaf(table_, 0, RootMove(0), 100, 0.9f);
  SetAmaf(table_, 0, RootMove(1), 100, 0.1f);
  EXPECT_EQ(VisitsAfterOneIteration(), (std::vector<uint32_t>{11, 10, 10}));
}

TEST(MctsGraveTest, IterationsCreditTheTablesAlongThePath) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  SearchParams p = GraveParams();
  p.grave_ref = 20;
  p.solver = false;  // else the root is proven at once and the search stops
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(2000), 2000);
  const Node& root = *search.root();
  const AmafTable* table = root.amaf();
  ASSERT_NE(table, nullptr);
  // The root got its table on its first visit, so every iteration was credited to it.
  EXPECT_EQ(table->samples(), 2000u);
  uint32_t x_moves = 0;
  for (Move m : root.moves(0)) {
    EXPECT_LE(table->count(0, m), table->samples());
    x_moves += table->count(0, m);
  }
  // Every playout from the empty board has x play at least three of its nine moves.
  EXPECT_GE(x_moves, 3u * 2000u);
  // Tables are charged to the tree's memory: the account is the sum over the nodes (each
  // reached once, whatever the number of its parents), plus the transposition table's
  // entries, one per node in a run like this one (one thread, no tree reuse).
  int64_t bytes = 0;
  int tables = 0;
  std::vector<const Node*> stack = {&root};
  std::set<const Node*> seen = {&root};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    bytes += static_cast<int64_t>(n->bytes()) + TranspositionTable::kEntryBytes;
    tables += n->amaf() != nullptr ? 1 : 0;
    for (uint32_t j = 0; j < n->num_children(); ++j) {
      const Node* c = n->child(j);
      if (c != nullptr && seen.insert(c).second) stack.push_back(c);
    }
  }
  EXPECT_GT(tables, 1);
  EXPECT_EQ(search.Info().bytes, bytes);
}

TEST(MctsGraveTest, FindsTheWinningMove) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  SearchParams p = GraveParams();
  p.grave_ref = 50;
  p.grave_bias = 1e-4;
  p.solver = false;
  MctsSearch search(machine, 0, p, &pool);
  search.SetRoot(EncodeCells(*game, TicTacToeCells(kBoard, true)));
  ASSERT_EQ(search.RunIterations(3000), 3000);
  EXPECT_EQ(search.Decide().move_index, 2u);
}

}  // namespace
}  // namespace ggp::agent::search
