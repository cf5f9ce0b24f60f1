// The MCTS player's use of the threat search (mcts_player_threats.cc): no check where the
// goals do not sum to 100; a fork three plies deep proven lost in the tree and avoided; a
// forced win played.

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "agent/search/heuristic_testing.h"  // Machine(gdl, backend)
#include "agent/search/mcts_player.h"
#include "agent/search/threat_search.h"
#include "agent/search/threat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;
using threat_testing::After;
using threat_testing::Far;

// x and o take turns waiting (each wait is remembered), ten plies, or five if the waits
// of plies 1 to 5 were all 1s (so the remembered waits matter: they are not dead fluents,
// and the game keeps thousands of positions); then both get 60.
constexpr char kShared[] = R"(
(role x) (role o)
(init (control x)) (init (step 0))
(pick 1) (pick 2) (pick 3) (pick 4)
(<= (legal ?p (wait ?n)) (true (control ?p)) (pick ?n))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (waited ?m ?n)) (does ?p (wait ?n)) (true (step ?m)))
(<= (next (waited ?m ?n)) (true (waited ?m ?n)))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
(succ 8 9) (succ 9 10)
(<= terminal (true (step 10)))
(<= terminal (true (waited 1 1)) (true (waited 2 1)) (true (waited 3 1)) (true (waited 4 1))
    (true (waited 5 1)))
(<= (goal ?p 60) (role ?p))
)";

// Where the goals do not sum to 100 no proof could be recorded: the player leaves the
// check's time to the search.
TEST(ThreatSearchTest, MctsPlayerSkipsTheCheckWhereValuesAreNotExact) {
  for (const bool shared : {true, false}) {
    std::shared_ptr<const reasoner::StateMachine> machine;
    reasoner::State s;
    if (shared) {
      machine = heuristic_testing::Machine(kShared, "propnet");
      ASSERT_NE(machine, nullptr);
      machine->InitialState(&s);
    } else {
      const auto game = TicTacToe();
      machine = MakeCellMachine(game);
      s = EncodeCells(*game, game->Initial());
    }
    PlayerOptions o;
    o.params = {{"max_iterations", 30}, {"endgame", false}, {"threat_depth", 3}};
    MctsPlayer player(o);
    player.Start(machine, 0, s, Far());
    MoveStats stats;
    player.SelectMove(s, Far(), &stats);
    EXPECT_FALSE(stats.proven) << shared;
    EXPECT_EQ(player.search()->ExactValues(), !shared);
    player.Finish();
    EXPECT_EQ(stats.extra.contains("threats"), !shared) << stats.extra.dump();
  }
}

// x holds two opposite corners around o's centre, o to move: a corner lets x fork (three
// plies), an edge holds the draw.
TEST(ThreatSearchTest, MctsPlayerAvoidsTheFork) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("x...o...x", false));
  ThreatSearch search(machine, ThreatOptions{});
  for (const reasoner::Move corner : {2, 6}) {
    EXPECT_EQ(search.Forced(After(*machine, s, corner, 1), 0, 3, Far(), nullptr), Threat::kForced);
  }
  for (const reasoner::Move edge : {1, 3, 5, 7}) {
    EXPECT_EQ(search.Forced(After(*machine, s, edge, 1), 0, 9, Far(), nullptr), Threat::kNotShown);
  }
  int found = 0;
  for (const uint64_t seed : {1, 2, 3}) {
    PlayerOptions o;
    o.seed = seed;
    // Every move is checked (threat_moves), not only the three most visited.
    o.params = {
        {"max_iterations", 30}, {"endgame", false}, {"threat_depth", 3}, {"threat_moves", 9}};
    MctsPlayer player(o);
    player.Start(machine, 1, s, Far());
    MoveStats stats;
    const reasoner::Move m = player.SelectMove(s, Far(), &stats);
    ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
    EXPECT_EQ(stats.extra["threats"]["depth"], 3);
    EXPECT_FALSE(stats.extra["threats"]["won"].get<bool>());
    EXPECT_TRUE(m == 1 || m == 3 || m == 5 || m == 7) << "seed " << seed << " move " << m;
    // Every move proven in the tree is a corner proven lost, the check's or the search's.
    const Node* root = player.search()->root();
    ASSERT_NE(root, nullptr);
    int lost = 0;
    for (uint32_t i = 0; i < root->num_moves(1); ++i) {
      const Node* c = root->child(i);
      if (c == nullptr || !c->proven()) continue;
      const reasoner::Move move = root->moves(1)[i];
      EXPECT_TRUE(move == 2 || move == 6) << move;
      EXPECT_EQ(c->value(1), 0.0f);
      ++lost;
    }
    EXPECT_EQ(lost, 2);  // both corners
    EXPECT_LE(stats.extra["threats"]["lost"].get<int>(), lost);
    found += stats.extra["threats"]["lost"].get<int>();
    player.Finish();
  }
  EXPECT_GT(found, 0);
  // Switched off: no check, no report.
  PlayerOptions o;
  o.params = {{"max_iterations", 300}, {"endgame", false}, {"threats", false}};
  MctsPlayer player(o);
  player.Start(machine, 1, s, Far());
  MoveStats stats;
  player.SelectMove(s, Far(), &stats);
  EXPECT_FALSE(stats.extra.contains("threats"));
  player.Finish();
}

// A forced win five plies deep, which twenty iterations do not prove, is proven and played.
TEST(ThreatSearchTest, MctsPlayerPlaysTheForcedWin) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("xo.......", true));
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"max_iterations", 20}, {"endgame", false}};
  MctsPlayer player(o);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move m = player.SelectMove(s, Far(), &stats);
  player.Finish();
  ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
  EXPECT_TRUE(stats.extra["threats"]["won"].get<bool>());
  EXPECT_EQ(stats.extra["threats"]["depth"], 5);
  EXPECT_TRUE(stats.proven);
  EXPECT_EQ(stats.value, 100);
  ThreatSearch check(machine, ThreatOptions{});
  EXPECT_EQ(check.Forced(After(*machine, s, m, 0), 0, 4, Far(), nullptr), Threat::kForced);
}

}  // namespace
}  // namespace ggp::agent::search
