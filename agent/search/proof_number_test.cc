// Proof-number search: its answers against the depth-limited ThreatSearch where every line
// ends within the depth (tic-tac-toe), its deadline and table, and games with cycles (a win
// reached through them, and a disproof that ends).

#include "agent/search/proof_number.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "agent/search/heuristic_testing.h"  // Machine(gdl, backend)
#include "agent/search/mcts_player.h"
#include "agent/search/search_pool.h"
#include "agent/search/threat_search.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

TEST(ProofNumberTest, AgreesWithTheFullDepthThreatSearch) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  auto ws = machine->NewWorkspace();
  ThreatSearch threats(machine, ThreatOptions{});
  ProofNumberSearch pn(machine, ProofNumberOptions{});
  reasoner::Rng rng(11);
  int forced = 0, refuted = 0;
  for (int game_index = 0; game_index < 40; ++game_index) {
    const reasoner::State s = RandomPosition(*machine, rng, static_cast<int>(rng.Below(7)));
    for (int attacker = 0; attacker < 2; ++attacker) {
      // Nine plies end every game: the depth-limited answer is the game's.
      const Threat expected = threats.Forced(s, attacker, 9, Far(), nullptr);
      ASSERT_NE(expected, Threat::kUnknown);
      EXPECT_EQ(pn.Prove(s, attacker, Far(), nullptr), expected)
          << "game " << game_index << " attacker " << attacker;
      (expected == Threat::kForced ? forced : refuted) += 1;
    }
  }
  EXPECT_GT(forced, 10);  // wins and refutations both
  EXPECT_GT(refuted, 10);
}

TEST(ProofNumberTest, DeadlineStopsAndTheTableAnswersAgain) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  ProofNumberSearch pn(machine, ProofNumberOptions{});
  reasoner::State s = EncodeCells(*game, game->Initial());
  EXPECT_EQ(pn.Prove(s, 0, SteadyClock::now() - std::chrono::seconds(1), nullptr),
            Threat::kUnknown);
  std::atomic<bool> stop{true};
  EXPECT_EQ(pn.Prove(s, 0, Far(), &stop), Threat::kUnknown);
  EXPECT_EQ(pn.Prove(s, 0, Far(), nullptr), Threat::kNotShown);  // tic-tac-toe is a draw
  const int64_t nodes = pn.nodes();
  EXPECT_GT(nodes, 100);
  EXPECT_EQ(pn.Prove(s, 0, Far(), nullptr), Threat::kNotShown);
  EXPECT_EQ(pn.nodes(), nodes);  // the root's entry answers
  // x in a corner, o on an edge: x forces the win, deep.
  const reasoner::State t = EncodeCells(*game, TicTacToeCells("xo.......", true));
  EXPECT_EQ(pn.Prove(t, 0, Far(), nullptr), Threat::kForced);
  pn.Clear();
  EXPECT_EQ(pn.nodes(), 0);
}

TEST(ProofNumberTest, RolesMovingTogetherShowNoForcedWin) {
  const auto game = SureWin();
  auto machine = MakeCellMachine(game);
  ProofNumberSearch pn(machine, ProofNumberOptions{});
  EXPECT_EQ(pn.Prove(EncodeCells(*game, game->Initial()), 0, Far(), nullptr), Threat::kNotShown);
}

// A walk on 0..3: `a` steps right or left (left of 0 stays), `b` only waits; reaching 3 ends
// the game with `a`'s goal GOAL. Every state can be met again on a line.
std::string Walk(int goal) {
  return R"(
(role a) (role b)
(init (pos 0))
(succ 0 1) (succ 1 2) (succ 2 3)
(legal a right) (legal a left) (legal b noop)
(<= (next (pos ?y)) (does a right) (true (pos ?x)) (succ ?x ?y))
(<= (next (pos ?y)) (does a left) (true (pos ?x)) (succ ?y ?x))
(<= (next (pos 0)) (does a left) (true (pos 0)))
(<= terminal (true (pos 3)))
(<= (goal a )" +
         std::to_string(goal) +
         R"() (true (pos 3)))
(<= (goal a 0) (not (true (pos 3))))
(<= (goal b 0) (true (pos 3)))
(<= (goal b 100) (not (true (pos 3))))
)";
}

TEST(ProofNumberTest, CyclesNeitherHideAWinNorHang) {
  for (const int goal : {100, 40}) {
    const std::string gdl = Walk(goal);
    auto machine = heuristic_testing::Machine(gdl.c_str(), "propnet");
    ASSERT_NE(machine, nullptr);
    reasoner::State s;
    machine->InitialState(&s);
    ProofNumberSearch pn(machine, ProofNumberOptions{});
    EXPECT_EQ(pn.Prove(s, 0, Far(), nullptr), goal == 100 ? Threat::kForced : Threat::kNotShown)
        << goal;
    // b cannot reach the end it wins at: the walk never ends by b's doing.
    EXPECT_EQ(pn.Prove(s, 1, Far(), nullptr), Threat::kNotShown) << goal;
  }
}

// A line longer than max_plies is a refutation: the walk's three steps are found with
// three plies allowed, and not with two, and the search ends either way.
TEST(ProofNumberTest, LinesPastTheLimitAreRefutations) {
  const std::string gdl = Walk(100);
  auto machine = heuristic_testing::Machine(gdl.c_str(), "propnet");
  ASSERT_NE(machine, nullptr);
  reasoner::State s;
  machine->InitialState(&s);
  for (const int plies : {3, 2}) {
    ProofNumberOptions o;
    o.max_plies = plies;
    ProofNumberSearch pn(machine, o);
    EXPECT_EQ(pn.Prove(s, 0, Far(), nullptr), plies == 3 ? Threat::kForced : Threat::kNotShown)
        << plies;
  }
}

// x holds two opposite corners around o's centre, o to move: a corner lets x fork three
// plies later. With the deepening held to one ply, only the proof-number search sees it:
// with it every seed plays an edge and some corner is proven lost; without it the check
// proves nothing.
TEST(ProofNumberTest, MctsPlayerFindsTheTrapPastTheDepth) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("x...o...x", false));
  SearchPool pool(1);  // one worker: the tree after max_iterations is the seed's alone
  int deep = 0;
  for (const double share : {0.5, 0.0}) {
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      PlayerOptions o;
      o.seed = seed;
      o.params = {
          {"max_iterations", 30}, {"endgame", false}, {"threat_depth", 1}, {"threat_pn", share}};
      MctsPlayer player(o, &pool);
      player.Start(machine, 1, s, Far());
      MoveStats stats;
      const reasoner::Move m = player.SelectMove(s, Far(), &stats);
      ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
      const auto& report = stats.extra["threats"];
      const bool corner = m == 2 || m == 6;
      if (share > 0) {
        EXPECT_FALSE(corner) << "seed " << seed << " " << report.dump();
        deep += report.value("deep_lost", 0);
        EXPECT_EQ(report["lost"], report.value("deep_lost", 0));  // depth 1 finds none
      } else {
        EXPECT_FALSE(report.contains("deep_lost")) << report.dump();
        EXPECT_EQ(report["lost"], 0);
      }
      player.Finish();
    }
  }
  EXPECT_GT(deep, 0);
}

// x (the opponent) to move after x in a corner and o in the centre; after x's opposite
// corner, o's corners lose to a fork three plies later. With the in-move check off
// (threat_share 0), only the proofs on x's time can show it before o's move: they are
// applied at o's root (o then plays an edge), and nothing is reported without them.
TEST(ProofNumberTest, ProofsOnTheOpponentsTimeReachOurNextMove) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  auto ws = machine->NewWorkspace();
  const reasoner::State before = EncodeCells(*game, TicTacToeCells("x...o....", true));
  reasoner::State after;
  const std::vector<reasoner::Move> joint = {8, 9};  // x takes the opposite corner
  machine->NextState(before, joint, *ws, &after);
  SearchPool pool(1);
  for (const double ponder : {0.5, 0.0}) {
    PlayerOptions o;
    o.seed = 3;
    // Every reply and answer is a job; the tree grows slowly, so the proofs are the ponder's.
    o.params = {{"max_iterations", 20},
                {"endgame", false},
                {"threat_share", 0.0},
                {"threat_moves", 9},
                {"threat_ponder", ponder}};
    MctsPlayer player(o, &pool);
    player.Start(machine, 1, before, Far());
    MoveStats waiting;
    EXPECT_EQ(player.SelectMove(before, Far(), &waiting), 9);     // o's noop: x chooses
    std::this_thread::sleep_for(std::chrono::milliseconds(800));  // x thinks
    player.Advance(joint, after);
    MoveStats stats;
    const reasoner::Move m =
        player.SelectMove(after, SteadyClock::now() + std::chrono::milliseconds(300), &stats);
    if (ponder > 0) {
      ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
      const auto& report = stats.extra["threats"];
      EXPECT_GE(report.value("pondered", 0), 1) << report.dump();
      EXPECT_LE(report.value("pondered", 0), 2) << report.dump();  // the two corners at most
      EXPECT_GT(report.value("ponder_ms", 0.0), 0) << report.dump();
      EXPECT_TRUE(m == 1 || m == 3 || m == 5 || m == 7) << "o played " << m;
    } else {
      EXPECT_FALSE(stats.extra.contains("threats")) << stats.extra.dump();
    }
    player.Finish();
  }
}

}  // namespace
}  // namespace ggp::agent::search
