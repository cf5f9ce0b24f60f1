#include "reasoner/propnet/dead_fluents.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;

// One role pushes a or b three times. (last x) records the push and (log x) copies it on:
// nothing that matters reads either. (carry a) is read only by the `next` of (mem a),
// which the goal reads, so it matters through another fluent's successor; the goal does
// not read (mem b), so neither it nor (carry b) matters.
constexpr const char* kHistory = R"(
(role r)
(side a) (side b)
(succ 0 1) (succ 1 2) (succ 2 3)
(init (count 0))
(<= (legal r (push ?x)) (side ?x))
(<= (next (count ?y)) (true (count ?x)) (succ ?x ?y))
(<= (next (last ?x)) (does r (push ?x)))
(<= (next (log ?x)) (true (last ?x)))
(<= (next (log ?x)) (true (log ?x)))
(<= (next (carry ?x)) (does r (push ?x)))
(<= (next (mem ?x)) (true (carry ?x)))
(<= (next (mem ?x)) (true (mem ?x)))
(<= terminal (true (count 3)))
(<= (goal r 100) (true (mem a)))
(<= (goal r 0) (not (true (mem a))))
)";

// The fluents of `g` whose bit LiveFluentWords leaves clear.
std::set<std::string> DeadNames(const Game& g) {
  const std::vector<uint64_t> live = LiveFluentWords(g.m().net());
  std::set<std::string> out;
  for (size_t f = 0; f < g.m().fluent_terms().size(); ++f) {
    if (((live[f >> 6] >> (f & 63)) & 1) == 0) {
      out.insert(kif::ToString(g.m().fluent_terms()[f], g.m().symbols()));
    }
  }
  return out;
}

uint32_t IndexOf(Game& g, const std::string& fluent) {
  const kif::Term t = g.Parse(fluent);
  for (size_t f = 0; f < g.m().fluent_terms().size(); ++f) {
    if (g.m().fluent_terms()[f] == t) return static_cast<uint32_t>(f);
  }
  ADD_FAILURE() << "no fluent " << fluent;
  return 0;
}

TEST(DeadFluentsTest, FluentsThatNothingThatMattersReadsAreDead) {
  Game g(kHistory);
  const std::set<std::string> expected = {"(last a)", "(last b)",  "(log a)",
                                          "(log b)",  "(carry b)", "(mem b)"};
  EXPECT_EQ(DeadNames(g), expected);
  EXPECT_EQ(g.m().num_dead_fluents(), expected.size());
}

TEST(DeadFluentsTest, StatesThatDifferInDeadFluentsOnlyShareATranspositionKey) {
  Game g(kHistory);
  State s;
  g.m().InitialState(&s);
  s = g.Next(g.Next(s, {"(push a)"}), {"(push a)"});
  ASSERT_TRUE(g.Fluents(s).count("(log a)"));
  State other = s;
  other.Reset(IndexOf(g, "(log a)"));
  other.Set(IndexOf(g, "(log b)"));
  other.Reset(IndexOf(g, "(last a)"));
  EXPECT_NE(s.Hash(), other.Hash());
  EXPECT_EQ(g.m().TranspositionKey(s), g.m().TranspositionKey(other));
  // The same futures: the one move after which the game is over scores alike.
  const State end = g.Next(s, {"(push b)"});
  const State other_end = g.Next(other, {"(push b)"});
  EXPECT_TRUE(g.m().IsTerminal(other_end, g.ws()));
  EXPECT_EQ(g.m().Goal(end, 0, g.ws()), g.m().Goal(other_end, 0, g.ws()));
  EXPECT_EQ(g.m().TranspositionKey(end), g.m().TranspositionKey(other_end));

  // A live fluent still tells states apart, also one read only through another's `next`.
  State carried = s;
  carried.Reset(IndexOf(g, "(carry a)"));
  EXPECT_NE(g.m().TranspositionKey(s), g.m().TranspositionKey(carried));
}

TEST(DeadFluentsTest, WithoutDeadFluentsTheKeyIsTheStateHash) {
  Game g(R"(
(role r)
(init (on 0))
(legal r flip)
(<= (next (on 1)) (true (on 0)))
(<= (next (on 0)) (true (on 1)))
(<= terminal (true (on 1)))
(<= (goal r 100) (true (on 1)))
(<= (goal r 0) (true (on 0)))
)");
  EXPECT_EQ(g.m().num_dead_fluents(), 0u);
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.m().TranspositionKey(s), static_cast<uint64_t>(s.Hash()));
}

}  // namespace
}  // namespace ggp::reasoner::propnet
