// Following the opponent's model (SearchParams::model_follow): where the model is certain,
// the opponent's nodes are searched only along its predicted move and the values are
// what that opponent lets us win; a uniform prior, or the setting off, leaves the search
// exactly as it was.

#include <gtest/gtest.h>

#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using search_testing::AllVisits;
using search_testing::MakeCellMachine;
using search_testing::TicTacToe;

// Role 1 (o) is predicted to play its first legal move for certain (the "legal" player);
// role 0 gets a uniform prior.
class FirstMovePrior final : public MovePrior {
 public:
  void Prior(const reasoner::State&, std::span<const reasoner::Move>, int role,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    const float uniform = 1.0f / static_cast<float>(legal.size());
    for (size_t i = 0; i < legal.size(); ++i) out[i] = role == 1 ? (i == 0 ? 1.0f : 0.0f) : uniform;
  }
};

SearchParams Following(double follow) {
  SearchParams p;
  p.seed = 7;
  p.model_follow = follow;
  return p;
}

struct Searched {
  std::vector<uint32_t> footprint;
  double value = -1;
  int opponent_nodes = 0;      // nodes where o chooses among several moves and was visited
  int off_model_visits = 0;    // visits of o's moves the model gives no chance
};

void CountOpponent(const Node& n, Searched* out) {
  if (n.num_moves(1) > 1 && n.visits().load() > 0) {
    ++out->opponent_nodes;
    for (uint32_t i = 1; i < n.num_moves(1); ++i) out->off_model_visits += n.stat(1, i).visits.load();
  }
  for (uint32_t j = 0; j < n.num_children(); ++j) {
    if (const Node* c = n.child(j)) CountOpponent(*c, out);
  }
}

Searched Search(const SearchParams& p, std::shared_ptr<const MovePrior> prior, int iterations) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  MctsSearch search(machine, 0, p, &pool, std::move(prior));
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  Searched out;
  EXPECT_EQ(search.RunIterations(iterations), iterations);
  AllVisits(*search.root(), &out.footprint);
  CountOpponent(*search.root(), &out);
  out.value = search.Decide().value;
  return out;
}

TEST(MctsFollowTest, ACertainModelIsSearchedAsTheOpponentWillPlay) {
  const auto prior = std::make_shared<FirstMovePrior>();
  const Searched followed = Search(Following(1.0), prior, 3000);
  EXPECT_GT(followed.opponent_nodes, 20);
  EXPECT_EQ(followed.off_model_visits, 0);
  // Against an o that always fills the first free cell, x wins: the search sees it.
  EXPECT_GT(followed.value, 0.9);

  // Without following, the prior only biases UCT: o's other replies are tried, and the
  // value is what a best-replying o leaves (tic-tac-toe is a draw).
  const Searched plain = Search(Following(0.0), prior, 3000);
  EXPECT_GT(plain.off_model_visits, 0);
  EXPECT_LT(plain.value, followed.value - 0.1);
}

TEST(MctsFollowTest, OffOrUniformLeavesTheSearchUnchanged) {
  const std::vector<uint32_t> base = Search(Following(0.0), nullptr, 1500).footprint;
  EXPECT_EQ(Search(Following(1.0), std::make_shared<UniformPrior>(), 1500).footprint, base);
  EXPECT_EQ(Search(Following(1.0), nullptr, 1500).footprint, base);
}

TEST(MctsFollowTest, ReadFromPlayerSettings) {
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"model_follow", 0.5}}).model_follow, 0.5);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"model_follow", 3.0}}).model_follow, 1.0);
  EXPECT_EQ(SearchParamsFromJson(nlohmann::json::object()).model_follow, 0.0);
}

}  // namespace
}  // namespace ggp::agent::search
