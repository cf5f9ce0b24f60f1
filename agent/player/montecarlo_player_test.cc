#include "agent/player/montecarlo_player.h"

#include <gtest/gtest.h>

#include "agent/player/nim_test_machine.h"

namespace ggp::agent {
namespace {

using reasoner::Move;
using reasoner::State;

std::shared_ptr<const reasoner::StateMachine> Nim(int pile) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  std::vector<kif::Term> roles = {kif::Term::Atom(symbols->Intern("first")),
                                  kif::Term::Atom(symbols->Intern("second"))};
  return testing::MakeNimMachine(symbols, roles, pile);
}

Deadline In(int ms) { return SteadyClock::now() + std::chrono::milliseconds(ms); }

// Pile 3, first to move: (take 2) leaves 1 and the opponent always wins; (take 1) leaves 2
// and a random opponent wins only half the time. Flat Monte Carlo must prefer (take 1).
TEST(MonteCarloPlayerTest, PrefersTheMoveWithTheBetterAverage) {
  auto m = Nim(3);
  State s;
  m->InitialState(&s);
  PlayerOptions options;
  options.seed = 3;
  MonteCarloPlayer p(options);
  p.Start(m, 0, s, In(10));
  MoveStats stats;
  Move mv = p.SelectMove(s, In(100), &stats);
  EXPECT_EQ(mv, 0);
  EXPECT_GT(stats.iterations, 10);
  EXPECT_GT(stats.iterations_per_s, 0.0);
  EXPECT_GE(stats.max_depth, 2);
  EXPECT_GT(stats.value, 20);
  EXPECT_LT(stats.value, 80);
  EXPECT_EQ(stats.extra["legal_moves"], 2);
}

// Pile 1: (take 1) wins at once; it is the only take move, so the answer is immediate.
TEST(MonteCarloPlayerTest, LoneMoveIsReturnedWithoutSearch) {
  auto m = Nim(1);
  State s;
  m->InitialState(&s);
  MonteCarloPlayer p(PlayerOptions{});
  p.Start(m, 0, s, In(10));
  MoveStats stats;
  EXPECT_EQ(p.SelectMove(s, In(10000), &stats), 0);
  EXPECT_EQ(stats.iterations, 0);
}

// Pile 2 for the player in control: (take 2) wins outright, value 100.
TEST(MonteCarloPlayerTest, FindsTheImmediateWin) {
  auto m = Nim(2);
  State s;
  m->InitialState(&s);
  MonteCarloPlayer p(PlayerOptions{5});
  p.Start(m, 0, s, In(10));
  MoveStats stats;
  EXPECT_EQ(p.SelectMove(s, In(30), &stats), 1);
  EXPECT_DOUBLE_EQ(stats.value, 100);
}

// Past the deadline the player still answers with a legal move.
TEST(MonteCarloPlayerTest, ExpiredDeadlineStillGivesALegalMove) {
  auto m = Nim(3);
  State s;
  m->InitialState(&s);
  MonteCarloPlayer p(PlayerOptions{9});
  p.Start(m, 0, s, In(0));
  Move mv = p.SelectMove(s, SteadyClock::now() - std::chrono::seconds(1), nullptr);
  EXPECT_TRUE(mv == 0 || mv == 1);
}

TEST(MonteCarloPlayerTest, PlayoutStepCapEndsLongGames) {
  auto m = Nim(60);
  State s;
  m->InitialState(&s);
  PlayerOptions options;
  options.seed = 4;
  options.params = {{"max_playout_steps", 3}};
  MonteCarloPlayer p(options);
  p.Start(m, 0, s, In(0));
  MoveStats stats;
  p.SelectMove(s, In(20), &stats);
  EXPECT_GT(stats.iterations, 0);
  EXPECT_LE(stats.max_depth, 3);
}

}  // namespace
}  // namespace ggp::agent
