// Rules in which a role has no legal move at all (in any state) still build a propnet
// whose queries and playouts answer like the generic loop: an empty legal list, a playout
// that reports `stuck`. Such rules reach the player from malformed or mutated START
// messages; the flip profile at build time (ChooseBranchFreeFanouts) plays them at once.
// Before every role's legal bitset had at least one word, a role without moves read the
// next role's word (or past the end of an empty bitset) and the build crashed.

#include <gtest/gtest.h>

#include <vector>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;

// `mute` (first) never has a legal move; `talker` always has two.
constexpr const char* kFirstRoleMute = R"(
  (role mute) (role talker)
  (init (count 0)) (succ 0 1) (succ 1 2) (succ 2 3)
  (<= (legal talker (say ?x)) (succ ?x ?y))
  (<= (next (count ?y)) (true (count ?x)) (succ ?x ?y))
  (<= terminal (true (count 3)))
  (goal mute 0) (goal talker 100))";

// Nobody has a legal move: the legal bitset is empty.
constexpr const char* kNobodyMoves = R"(
  (role a) (role b)
  (init (waiting))
  (<= (next (done)) (does a go))
  (<= terminal (true (done)))
  (goal a 50) (goal b 50))";

void ExpectStuckAtTheStart(const Game& g) {
  const PropnetMachine& m = g.m();
  auto ws = m.NewWorkspace();
  auto generic_ws = m.NewWorkspace();
  State start, fast_end, generic_end;
  m.InitialState(&start);
  ASSERT_FALSE(m.IsTerminal(start, *ws));
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng fast_rng(seed), generic_rng(seed);
    std::vector<PlayoutMove> fast_moves, generic_moves;
    PlayoutResult fast = m.RandomPlayout(start, 50, fast_rng, *ws, &fast_end, &fast_moves, nullptr);
    PlayoutResult generic = m.StateMachine::RandomPlayout(start, 50, generic_rng, *generic_ws,
                                                          &generic_end, &generic_moves, nullptr);
    EXPECT_TRUE(fast.stuck);
    EXPECT_EQ(fast.stuck, generic.stuck);
    EXPECT_EQ(fast.steps, 0);
    EXPECT_EQ(generic.steps, 0);
    EXPECT_TRUE(fast_moves.empty());
    EXPECT_EQ(fast_end, generic_end);
  }
}

TEST(PropnetNoMovesTest, ARoleWithoutMovesBeforeAnotherIsStuckNotGivenTheOthersMoves) {
  Game g(kFirstRoleMute);
  ASSERT_EQ(g.m().num_roles(), 2);
  State s;
  g.m().InitialState(&s);
  EXPECT_TRUE(g.Legal(s, 0).empty());
  EXPECT_EQ(g.Legal(s, 1).size(), 3u);
  ExpectStuckAtTheStart(g);
}

TEST(PropnetNoMovesTest, NoRoleWithAnyMoveIsStuck) {
  Game g(kNobodyMoves);
  State s;
  g.m().InitialState(&s);
  EXPECT_TRUE(g.Legal(s, 0).empty());
  EXPECT_TRUE(g.Legal(s, 1).empty());
  ExpectStuckAtTheStart(g);
}

}  // namespace
}  // namespace ggp::reasoner::propnet
