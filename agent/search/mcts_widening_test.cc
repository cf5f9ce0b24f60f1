// Progressive widening by prior rank (SearchParams::widening): an opponent's moves become
// eligible in prior order as its node gathers visits; our own moves, uniform priors and
// widening off leave the search exactly as it was.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using search_testing::Duel;
using search_testing::AllVisits;
using search_testing::MakeCellMachine;
using search_testing::TicTacToe;

// Ranks `role`'s moves by their position among the legal moves: P proportional to 2^-i, so
// move index i has rank i. Other roles get uniform priors (role -1: every role is ranked).
class RankPrior final : public MovePrior {
 public:
  explicit RankPrior(int role) : role_(role) {}
  void Prior(const reasoner::State&, std::span<const reasoner::Move>, int role,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    for (size_t i = 0; i < legal.size(); ++i) {
      out[i] = role_ < 0 || role == role_ ? std::ldexp(1.0f, -static_cast<int>(i)) : 1.0f;
    }
  }

 private:
  int role_;
};

SearchParams Widened(double alpha, double c) {
  SearchParams p;
  p.seed = 11;
  p.widening = alpha;
  p.widening_c = c;
  return p;
}

uint32_t Limit(const SearchParams& p, uint32_t n) {
  return static_cast<uint32_t>(std::max(1.0, std::ceil(p.widening_c * std::pow(n, p.widening))));
}

std::vector<uint32_t> Footprint(std::shared_ptr<const reasoner::StateMachine> machine,
                                const SearchParams& p, std::shared_ptr<const MovePrior> prior,
                                int iterations) {
  SearchPool pool(1);
  MctsSearch search(machine, 0, p, &pool, std::move(prior));
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  EXPECT_EQ(search.RunIterations(iterations), iterations);
  std::vector<uint32_t> v;
  AllVisits(*search.root(), &v);
  return v;
}

// Nodes where role 1 (the opponent) chooses; counts moves visited beyond the widening limit
// and nodes where the opponent tried more than one move.
struct OpponentCheck {
  int nodes = 0, beyond_limit = 0, widened = 0;
};
void CheckOpponent(const Node& n, const SearchParams& p, OpponentCheck* out) {
  if (n.num_moves(1) > 1 && n.visits().load() > 0) {
    ++out->nodes;
    const uint32_t limit = Limit(p, n.visits().load());
    uint32_t tried = 0;
    for (uint32_t i = 0; i < n.num_moves(1); ++i) {
      if (n.stat(1, i).visits.load() == 0) continue;
      ++tried;
      if (i >= limit) ++out->beyond_limit;
    }
    if (tried > 1) ++out->widened;
  }
  for (uint32_t j = 0; j < n.num_children(); ++j) {
    if (const Node* c = n.child(j)) CheckOpponent(*c, p, out);
  }
}

TEST(MctsWideningTest, OpponentTriesOnlyItsTopRankedMovesAtFirst) {
  auto machine = MakeCellMachine(TicTacToe());
  const SearchParams p = Widened(0.5, 1.0);
  SearchPool pool(1);
  MctsSearch search(machine, 0, p, &pool, std::make_shared<RankPrior>(-1));
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(400), 400);
  OpponentCheck widened;
  CheckOpponent(*search.root(), p, &widened);
  EXPECT_GT(widened.nodes, 9);
  EXPECT_EQ(widened.beyond_limit, 0);
  EXPECT_GT(widened.widened, 0);  // the eligible set does grow with the visits
  // Our own moves are not widened: every one of x's nine moves was tried at the root.
  for (uint32_t i = 0; i < 9; ++i) EXPECT_GT(search.root()->stat(0, i).visits.load(), 0u) << i;

  // The same search without widening tries low-ranked replies early (unvisited first).
  SearchParams off = p;
  off.widening = 0;
  MctsSearch plain(machine, 0, off, &pool, std::make_shared<RankPrior>(-1));
  plain.SetRoot(s);
  ASSERT_EQ(plain.RunIterations(400), 400);
  OpponentCheck unwidened;
  CheckOpponent(*plain.root(), p, &unwidened);
  EXPECT_GT(unwidened.beyond_limit, 0);
}

TEST(MctsWideningTest, OffOrUniformOrOursOnlyLeavesTheSearchUnchanged) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchParams plain;
  plain.seed = 11;
  const std::vector<uint32_t> base = Footprint(machine, plain, nullptr, 1500);
  // Widening on, uniform prior: nothing to rank by.
  EXPECT_EQ(Footprint(machine, Widened(0.5, 1.0), std::make_shared<UniformPrior>(), 1500), base);
  // widening_c given but widening off, with a ranking prior.
  const auto ranked = std::make_shared<RankPrior>(-1);
  EXPECT_EQ(Footprint(machine, Widened(0, 1.0), ranked, 1500),
            Footprint(machine, plain, ranked, 1500));
  // Only our role's prior ranks moves: our moves are never widened.
  const auto ours = std::make_shared<RankPrior>(0);
  EXPECT_EQ(Footprint(machine, Widened(0.5, 1.0), ours, 1500),
            Footprint(machine, plain, ours, 1500));
}

TEST(MctsWideningTest, SimultaneousNodesWidenEachOpponentRoleOnItsOwn) {
  auto machine = MakeCellMachine(Duel());  // both roles pick 0..2 at once
  SearchParams p = Widened(0.5, 0.5);      // k(n) = 1 up to n = 4, 2 up to 16, then 3
  p.simultaneous_epsilon = 0.5;            // random draws are widened too
  SearchPool pool(1);
  MctsSearch search(machine, 0, p, &pool, std::make_shared<RankPrior>(-1));
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  ASSERT_EQ(search.RunIterations(16), 16);
  const Node& root = *search.root();
  EXPECT_EQ(root.stat(1, 2).visits.load(), 0u);
  EXPECT_GT(root.stat(1, 1).visits.load(), 0u);
  EXPECT_GE(root.stat(1, 0).visits.load(), 4u);
  for (uint32_t i = 0; i < 3; ++i) EXPECT_GT(root.stat(0, i).visits.load(), 0u) << i;  // ours
  ASSERT_EQ(search.RunIterations(4), 4);  // n = 17..20: the third move is eligible
  EXPECT_GT(root.stat(1, 2).visits.load(), 0u);
}

TEST(MctsWideningTest, ReadFromPlayerSettings) {
  const SearchParams p = SearchParamsFromJson({{"widening", 0.4}, {"widening_c", 2.5}});
  EXPECT_DOUBLE_EQ(p.widening, 0.4);
  EXPECT_DOUBLE_EQ(p.widening_c, 2.5);
  EXPECT_EQ(SearchParamsFromJson(nlohmann::json::object()).widening, 0.0);
}

}  // namespace
}  // namespace ggp::agent::search
