// The MCTS player in a solved ending that is not a win: the endgame solver settles each of
// our moves, the moves worth less than the ending's value are proven lost in the tree, and
// the search chooses among the ones that keep it instead of the solver's first.

#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "agent/search/endgame_solver.h"
#include "agent/search/mcts_player.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

TEST(MctsPlayerEndgameTest, ASolvedDrawLeavesTheChoiceAmongDrawingMovesToTheSearch) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  // x holds two opposite corners around o's centre, o to move: each corner loses to a
  // fork, each edge holds the draw.
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("x...o...x", false));
  EndgameSolver solver(machine, 1, EndgameOptions{});
  const EndgameResult proof = solver.Solve(s, Far(), nullptr);
  ASSERT_TRUE(proof.solved);
  ASSERT_EQ(proof.value, 50);
  const std::set<reasoner::Move> edges = {1, 3, 5, 7};
  for (const uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    PlayerOptions o;
    o.seed = seed;
    o.params = {{"max_iterations", 30}, {"threats", false}};
    MctsPlayer player(o);
    player.Start(machine, 1, s, Far());
    MoveStats stats;
    const reasoner::Move m = player.SelectMove(s, Far(), &stats);
    ASSERT_TRUE(stats.extra.contains("endgame")) << stats.extra.dump();
    const nlohmann::json& e = stats.extra["endgame"];
    EXPECT_TRUE(e["solved"].get<bool>());
    EXPECT_EQ(e["value"].get<int>(), 50);
    EXPECT_FALSE(e["played"].get<bool>()) << "the solver's move was played at once";
    EXPECT_EQ(e.value("kept", -1), 4);
    EXPECT_TRUE(edges.contains(m)) << "a losing corner: " << m;
    // The corners are proven lost for o in the tree.
    const Node* root = player.search()->root();
    ASSERT_NE(root, nullptr);
    for (uint32_t i = 0; i < root->num_moves(1); ++i) {
      if (edges.contains(root->moves(1)[i])) continue;
      ASSERT_NE(root->child(i), nullptr);
      EXPECT_TRUE(root->child(i)->proven());
      EXPECT_EQ(root->child(i)->value(1), 0.0f);
    }
    player.Finish();
  }
}

}  // namespace
}  // namespace ggp::agent::search
