// Backup with several roles, decoupled simultaneous statistics, tree reuse, node budget,
// the multi-threaded pool run.

#include <gtest/gtest.h>

#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

SearchParams Params(uint64_t seed = 11) {
  SearchParams p;
  p.seed = seed;
  return p;
}

TEST(MctsTreeTest, RewardSumsAreExactForGoalSteps) {
  MoveStat s;
  for (int i = 0; i < 1000; ++i) s.AddReward(0.25);
  s.AddReward(1.0);
  s.AddReward(-0.5);  // not a reward: counts as 0
  EXPECT_DOUBLE_EQ(s.reward_sum(), 251.0);
  s.SetRewardSum(3.5);
  EXPECT_DOUBLE_EQ(s.reward_sum(), 3.5);
}

TEST(MctsTreeTest, BackupCarriesEveryRolesReward) {
  auto machine = MakeCellMachine(ThreePlayers());
  SearchPool pool(1);
  SearchParams p = Params();
  p.solver = false;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(300), 300);
  const Node& root = *search.root();
  EXPECT_EQ(root.visits().load(), 300u);
  ASSERT_EQ(root.num_moves(0), 2u);
  ASSERT_EQ(root.num_movers(), 1);
  EXPECT_EQ(root.stat(0, 0).visits.load() + root.stat(0, 1).visits.load(), 300u);
  // Red's reward depends only on red's pick: exact means.
  EXPECT_DOUBLE_EQ(Mean(root, 0, 0), 0.0);
  EXPECT_DOUBLE_EQ(Mean(root, 0, 1), 1.0);
  // Green and blue have one move at the root; their statistics learn their own rewards.
  EXPECT_EQ(root.stat(1, 0).visits.load(), 300u);
  EXPECT_GT(Mean(root, 1, 0), 0.5);  // green learns to pick 1 below
  EXPECT_LT(Mean(root, 1, 0), 1.0);
  EXPECT_GT(Mean(root, 2, 0), 0.5);
  // Below red's pick 1, green's own statistics.
  const Node* green = root.child(1);
  ASSERT_NE(green, nullptr);
  EXPECT_DOUBLE_EQ(Mean(*green, 1, 1), 1.0);
  EXPECT_DOUBLE_EQ(Mean(*green, 1, 0), 0.0);
  // Red's one move below the root is forced: its statistics are kept only at the root.
  EXPECT_EQ(green->stat(0, 0).visits.load(), 0u);
  EXPECT_GT(green->visits().load(), 0u);
  EXPECT_EQ(search.Decide().move, 1);
  EXPECT_EQ(search.DecideFor(1).move, 2);  // green's only move here: noop
}

TEST(MctsTreeTest, GeneralSumThreePlayerGameIsProvenByMaxN) {
  auto machine = MakeCellMachine(ThreePlayers());
  SearchPool pool(1);
  SearchParams p = Params();
  // Proving needs every child: explore enough to visit the moves that look bad. GRAVE
  // ranks unvisited moves by their AMAF value instead of trying each once, so the moves
  // that look bad are visited only logarithmically often: plain UCT here.
  p.exploration = 2.0;
  p.grave = false;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.RunIterations(2000);
  ASSERT_TRUE(search.Info().root_proven);
  const Node& root = *search.root();
  for (int r = 0; r < 3; ++r) EXPECT_FLOAT_EQ(root.value(r), 1.0f);
  const Decision d = search.Decide();
  EXPECT_EQ(d.move, 1);
  EXPECT_TRUE(d.proven);
}

TEST(MctsTreeTest, SimultaneousMovesUseDecoupledStatistics) {
  auto machine = MakeCellMachine(Duel());
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(3000), 3000);
  const Node& root = *search.root();
  EXPECT_EQ(root.num_movers(), 2);
  EXPECT_EQ(root.num_children(), 9u);
  for (int r = 0; r < 2; ++r) {
    uint32_t total = 0;
    for (uint32_t i = 0; i < 3; ++i) total += root.stat(r, i).visits.load();
    EXPECT_EQ(total, 3000u);
    // Each role's own statistics find its dominant move.
    EXPECT_EQ(search.DecideFor(r).move, 2);
    EXPECT_GT(search.DecideFor(r).visit_share, 0.6);
  }
  // Picking 2 is worth 25 more whatever the other does.
  EXPECT_NEAR(Mean(root, 0, 2) - Mean(root, 0, 0), 0.25, 0.05);
  // Every outcome is known, but they differ: a simultaneous node is not "proven".
  EXPECT_FALSE(search.Info().root_proven);
  // What the decision may claim is the guarantee of the pure move: its worst case.
  const Decision d = search.Decide();
  if (d.proven) {
    EXPECT_DOUBLE_EQ(d.value, 0.5);
  }
}

TEST(MctsTreeTest, AdvanceKeepsTheSubtree) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.RunIterations(3000);
  NodeCollector::Global().Drain();
  const Node* root = search.root();
  EXPECT_EQ(search.Info().nodes, CountNodes(root));
  // x marks the centre (move index 4 of xplayer), o has noop.
  const Node* kept = root->child(4);
  ASSERT_NE(kept, nullptr);
  const int64_t kept_nodes = CountNodes(kept);
  EXPECT_GT(kept_nodes, 1);
  EXPECT_LT(kept_nodes, CountNodes(root));
  const uint32_t kept_visits = kept->visits().load();
  const reasoner::Move joint[2] = {4, 9};
  reasoner::State next;
  auto ws = machine->NewWorkspace();
  machine->NextState(s, joint, *ws, &next);
  EXPECT_TRUE(search.Advance(joint, next));
  EXPECT_EQ(search.root(), kept);
  EXPECT_EQ(search.root()->visits().load(), kept_visits);
  NodeCollector::Global().Drain();  // the rest is freed in the background
  EXPECT_EQ(search.Info().nodes, kept_nodes);
  EXPECT_EQ(CountNodes(search.root()), kept_nodes);

  // A move never expanded: a fresh root.
  SearchParams tiny = Params();
  tiny.max_nodes = 1;
  MctsSearch fresh(machine, 0, tiny, &pool);
  fresh.SetRoot(s);
  fresh.RunIterations(10);
  EXPECT_FALSE(fresh.Advance(joint, next));
  NodeCollector::Global().Drain();
  EXPECT_EQ(fresh.Info().nodes, 1);
  EXPECT_TRUE(fresh.RootIs(next));
}

TEST(MctsTreeTest, TreeStopsGrowingAtTheNodeBudget) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  SearchParams p = Params();
  p.max_nodes = 50;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  EXPECT_EQ(search.RunIterations(2000), 2000);  // playouts go on from the leaves
  EXPECT_EQ(search.Info().nodes, 50);
  EXPECT_EQ(CountNodes(search.root()), 50);
  EXPECT_EQ(search.root()->visits().load(), 2000u);
}

TEST(MctsTreeTest, TreeStopsGrowingAtTheMemoryLimit) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  SearchParams p = Params();
  p.memory_limit_bytes = 32 * 1024;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.RunIterations(3000);
  const SearchInfo info = search.Info();
  EXPECT_GE(info.bytes, static_cast<int64_t>(p.memory_limit_bytes) - 1024);
  EXPECT_LT(info.bytes, static_cast<int64_t>(p.memory_limit_bytes) + 1024);
  EXPECT_EQ(CountNodes(search.root()), info.nodes);
}

TEST(MctsTreeTest, PoolThreadsShareOneTree) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(2);
  SearchParams p = Params();
  p.max_iterations = 4000;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.Start();
  search.WaitUntilDone();
  EXPECT_EQ(search.Info().iterations, 4000);
  // Every virtual loss was resolved: visits equal completed iterations.
  EXPECT_EQ(search.root()->visits().load(), 4000u);
  EXPECT_EQ(search.Info().nodes, CountNodes(search.root()));
  // Pause / resume: a second Start runs another batch of iterations.
  search.Start();
  search.WaitUntilDone();
  EXPECT_EQ(search.Info().iterations, 8000);
}

}  // namespace
}  // namespace ggp::agent::search
