// How the builder factors rule bodies (build_graph.cc): the circuit it chooses must be
// exact, and frequently changing inputs must feed few gates.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;
using Strings = std::set<std::string>;

// (touch g) holds when r places on any cell while group g holds any cell: per group, the
// bodies are every pair (place x, in g y), so every literal is shared by two bodies. The
// builder factors the moves out first, (place x) and (in g 1 or in g 2), so a move feeds
// one gate per group; factoring the cells out first would make each move feed a shared
// disjunction of the moves that reaches every group's gates whenever the move changes.
constexpr const char* kTouch = R"(
(role r) (init (in a 1)) (init (in b 2)) (cell 1) (cell 2) (group a) (group b)
(<= (legal r (place ?x)) (cell ?x))
(<= (touch ?g) (true (in ?g ?y)) (cell ?y) (does r (place ?x)))
(<= (next (in ?g ?x)) (does r (place ?x)) (group ?g))
(<= (next (hit ?g)) (touch ?g))
(<= terminal (true (hit a)))
(<= (goal r 100) (true (hit a)))
(<= (goal r 0) (not (true (hit a)))))";

TEST(FactoringTest, SharedMovesAreFactoredOutBeforeEquallySharedFluents) {
  Game g(kTouch);
  const Propnet& net = g.m().net();
  for (const char* move : {"(place 1)", "(place 2)"}) {
    int32_t leaf = net.input[0][static_cast<size_t>(g.MoveOf(0, move))];
    ASSERT_GE(leaf, 0) << move;
    const Propnet::Fanout& f = net.fanout[static_cast<size_t>(leaf)];
    EXPECT_EQ(f.special - f.begin, 2u) << move;  // one gate per group
  }
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Fluents(g.Next(s, {"(place 2)"})), (Strings{"(in a 2)", "(in b 2)", "(hit a)", "(hit b)"}));
  State t = g.Next(s, {"(place 1)"});
  EXPECT_TRUE(g.m().IsTerminal(t, g.ws()));
  EXPECT_EQ(g.m().Goal(t, 0, g.ws()), 100);
  EXPECT_FALSE(g.m().IsTerminal(s, g.ws()));
}

}  // namespace
}  // namespace ggp::reasoner::propnet
