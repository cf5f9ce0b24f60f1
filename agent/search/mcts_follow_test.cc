// Following the opponent's model (SearchParams::model_follow): where the model is certain,
// the opponent's nodes are searched only along its predicted move and the values are
// what that opponent lets us win; a uniform prior, or the setting off, leaves the search
// exactly as it was. Where the opponent moves with us, the model's trust decides
// (SearchParams::simultaneous_follow, MovePrior::Trust).

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

// Role 1 of grab: "a" (move 0) at 0.8, the rest at 0.1, trusted as given.
class HabitPrior final : public MovePrior {
 public:
  explicit HabitPrior(double trust) : trust_(trust) {}
  void Prior(const reasoner::State&, std::span<const reasoner::Move>, int role,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    for (size_t i = 0; i < legal.size(); ++i) {
      out[i] = role == 1 ? (i == 0 ? 0.8f : 0.1f) : 1.0f / static_cast<float>(legal.size());
    }
  }
  double Trust(int role) const override { return role == 1 ? trust_ : 0.0; }

 private:
  double trust_;
};

Decision SearchGrab(const SearchParams& p, std::shared_ptr<const MovePrior> prior, int rounds,
                    std::vector<uint32_t>* footprint = nullptr) {
  auto machine = MakeCellMachine(search_testing::Grab(rounds));
  SearchPool pool(1);
  MctsSearch search(machine, 0, p, &pool, std::move(prior));
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  EXPECT_EQ(search.RunIterations(3000), 3000);
  if (footprint != nullptr) AllVisits(*search.root(), footprint);
  return search.Decide();
}

// Where the opponent moves with us, decoupled UCT lets the tree's opponent pick apart from
// whatever we favour (both score): a trusted model replaces it by the habit, which we answer.
TEST(MctsFollowTest, ATrustedModelIsAnsweredWhereTheOpponentMovesWithUs) {
  for (uint64_t seed : {1, 2, 3, 4}) {
    SearchParams p = Following(0.0);
    p.seed = seed;
    const Decision d = SearchGrab(p, std::make_shared<HabitPrior>(1.0), 3);
    EXPECT_EQ(d.move, 1) << "seed " << seed;      // b, away from the habit's a
    EXPECT_GT(d.value, 0.75) << "seed " << seed;  // about 0.9: it picks b 1 time in 10
    // One round: every outcome is proven, and every move guarantees 0 (the opponent may
    // pick the same point). Among equal guarantees, the answer to the model.
    const Decision last = SearchGrab(p, std::make_shared<HabitPrior>(1.0), 1);
    EXPECT_TRUE(last.proven) << "seed " << seed;
    EXPECT_EQ(last.move, 1) << "seed " << seed;
  }
}

TEST(MctsFollowTest, NoTrustOrTheSettingOffLeavesSimultaneousNodesToUct) {
  SearchParams off = Following(0.0);
  off.simultaneous_follow = 0.0;
  std::vector<uint32_t> base, untrusted, disabled;
  SearchGrab(Following(0.0), std::make_shared<HabitPrior>(0.0), 3, &untrusted);
  SearchGrab(off, std::make_shared<HabitPrior>(0.0), 3, &base);
  SearchGrab(off, std::make_shared<HabitPrior>(1.0), 3, &disabled);
  EXPECT_EQ(untrusted, base);
  EXPECT_EQ(disabled, base);
  // And trust does change it.
  std::vector<uint32_t> trusted;
  SearchGrab(Following(0.0), std::make_shared<HabitPrior>(1.0), 3, &trusted);
  EXPECT_NE(trusted, base);
}

// Tree reuse where a trusted opponent moves with us: the new root's statistics were
// gathered against an older prediction, so they start over; the subtree stays.
TEST(MctsFollowTest, AKeptRootWithATrustedOpponentRelearnsItsStatistics) {
  auto machine = MakeCellMachine(search_testing::Grab(4));
  for (const double trust : {0.0, 1.0}) {
    SCOPED_TRACE(trust);
    SearchPool pool(1);
    MctsSearch search(machine, 0, Following(0.0), &pool, std::make_shared<HabitPrior>(trust));
    reasoner::State s, next;
    machine->InitialState(&s);
    search.SetRoot(s);
    ASSERT_EQ(search.RunIterations(2000), 2000);
    const std::vector<reasoner::Move> joint = {1, 0};  // b against a
    auto ws = machine->NewWorkspace();
    machine->NextState(s, joint, *ws, &next);
    ASSERT_TRUE(search.Advance(joint, next));
    const Node& root = *search.root();
    EXPECT_GT(root.num_children(), 0u);
    EXPECT_NE(root.child(0), nullptr);  // the subtree is kept either way
    if (trust > 0) {
      EXPECT_EQ(root.visits().load(), 0u);
      EXPECT_EQ(root.stat(0, 1).visits.load(), 0u);
    } else {
      EXPECT_GT(root.visits().load(), 100u);
    }
  }
}

TEST(MctsFollowTest, ReadFromPlayerSettings) {
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"model_follow", 0.5}}).model_follow, 0.5);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"model_follow", 3.0}}).model_follow, 1.0);
  EXPECT_EQ(SearchParamsFromJson(nlohmann::json::object()).model_follow, 0.0);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_follow", 0.25}}).simultaneous_follow, 0.25);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_follow", -1.0}}).simultaneous_follow, 0.0);
  EXPECT_EQ(SearchParamsFromJson(nlohmann::json::object()).simultaneous_follow, 1.0);
}

}  // namespace
}  // namespace ggp::agent::search
