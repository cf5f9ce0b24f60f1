// GreedyCheck: the learned evaluation played as a greedy policy beats random play in the
// coin game, in each seat, and reports nothing for seats it does not model or has no time for.

#include "agent/search/heuristic_check.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <limits>

#include "agent/search/heuristic_testing.h"
#include "agent/search/mcts_player.h"
#include "agent/search/search_pool.h"

namespace ggp::agent::search {
namespace {

using namespace heuristic_testing;

// The coin game with its evaluation learned from the initial state.
class GrabCheckTest : public testing::Test {
 protected:
  void SetUp() override {
    m = Machine(kGrab);
    ASSERT_NE(m, nullptr);
    HeuristicReport report;
    h = LearnFromStart(*m, &report);
    ASSERT_NE(h, nullptr);
    m->InitialState(&initial);
  }
  std::shared_ptr<const reasoner::StateMachine> m;
  std::shared_ptr<const Heuristic> h;
  reasoner::State initial;
};

TEST_F(GrabCheckTest, TheEvaluationPlayedGreedilyBeatsRandomPlayInEachSeat) {
  GreedyCheckOptions o;
  o.games_per_role = 200;
  o.seed = 3;
  const auto far = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const GreedyCheckResult r = GreedyCheck(*m, initial, *h, o, far, nullptr);
  ASSERT_EQ(r.greedy.size(), 2u);
  for (int role = 0; role < 2; ++role) {
    EXPECT_EQ(r.games[static_cast<size_t>(role)], 200);
    // Random play: x, moving first, takes more coins than o; a draw is worth 50.
    EXPECT_GT(r.random[static_cast<size_t>(role)], 20.0);
    EXPECT_LT(r.random[static_cast<size_t>(role)], 80.0);
    // Taking a free coin whenever there is one wins most games against random play.
    EXPECT_GT(r.greedy[static_cast<size_t>(role)], r.random[static_cast<size_t>(role)] + 20.0)
        << "role " << role;
  }
  EXPECT_NEAR(r.min_lift(), std::min(r.greedy[0] - r.random[0], r.greedy[1] - r.random[1]), 1e-9);
}

TEST_F(GrabCheckTest, AStopLeavesEverySeatWithoutGames) {
  std::atomic<bool> stop{true};
  const auto far = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const GreedyCheckResult r = GreedyCheck(*m, initial, *h, GreedyCheckOptions{}, far, &stop);
  EXPECT_EQ(r.games, std::vector<int>({0, 0}));
  EXPECT_TRUE(std::isnan(r.greedy[0]) && std::isnan(r.random[1]));
  EXPECT_TRUE(std::isnan(r.min_lift()));
}

TEST(GreedyCheckTest, TheLiftIsTheWorstModelledSeatsAndSkipsSeatsWithoutGames) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  GreedyCheckResult r;
  r.greedy = {90, 60, nan};
  r.random = {50, 45, 50};
  EXPECT_DOUBLE_EQ(r.min_lift(), 15.0);
  r.random = {50, nan, 50};
  EXPECT_DOUBLE_EQ(r.min_lift(), 40.0);
}

// The player's report of the evaluation under "auto" when no evaluation counts as strong
// (cutoff_r2 out of reach): kept for the priors only where the greedy check clears
// greedy_lift.
nlohmann::json AutoReport(double greedy_lift) {
  auto m = Machine(kGrab);
  EXPECT_NE(m, nullptr);
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"heuristic", "auto"},
              {"heuristic_seconds", 5.0},
              {"cutoff_r2", 2.0},
              {"greedy_lift", greedy_lift},
              {"max_iterations", 500}};
  MctsPlayer player(o, &pool);
  reasoner::State s;
  m->InitialState(&s);
  player.Start(m, 0, s, SteadyClock::now() + std::chrono::seconds(60));
  MoveStats stats;
  player.SelectMove(s, SteadyClock::now() + std::chrono::seconds(60), &stats);
  player.Finish();
  return stats.extra.value("heuristic", nlohmann::json());
}

TEST(GreedyCheckTest, UnderAutoAWeakEvaluationThatPlaysWellIsKeptForThePriors) {
  const nlohmann::json kept = AutoReport(20);
  ASSERT_TRUE(kept.is_object()) << kept.dump();
  EXPECT_FALSE(kept["strong"].get<bool>()) << kept.dump();
  EXPECT_TRUE(kept["used"].get<bool>()) << kept.dump();
  EXPECT_EQ(kept["cutoff"], 0) << kept.dump();
  EXPECT_GE(kept["greedy_lift"].get<double>(), 20.0) << kept.dump();
  EXPECT_EQ(kept["greedy_games"], nlohmann::json({40, 40})) << kept.dump();
  // The same evaluation, asked for a lift no game gives, is dropped.
  const nlohmann::json dropped = AutoReport(99);
  EXPECT_TRUE(dropped["learned"].get<bool>()) << dropped.dump();
  EXPECT_FALSE(dropped["used"].get<bool>()) << dropped.dump();
  EXPECT_LT(dropped["greedy_lift"].get<double>(), 99.0) << dropped.dump();
  // Above 100 there is no check at all (today's default).
  const nlohmann::json unchecked = AutoReport(101);
  EXPECT_FALSE(unchecked["used"].get<bool>()) << unchecked.dump();
  EXPECT_TRUE(unchecked["greedy_lift"].is_null()) << unchecked.dump();
}

}  // namespace
}  // namespace ggp::agent::search
