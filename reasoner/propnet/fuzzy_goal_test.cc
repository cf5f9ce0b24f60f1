#include "reasoner/propnet/fuzzy_goal.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;

// `n` lamps, all off at the start; a move switches one on for good. The goal is 100 while
// no lamp is lit (an or over every lamp, negated), `all` asks for lamps 1, 2 and 3.
std::string Lamps(int n) {
  std::string text = "(role r)\n";
  for (int i = 0; i < n; ++i) text += "(lamp " + std::to_string(i) + ")\n";
  text += R"(
(<= (legal r (switch ?x)) (lamp ?x) (not (true (on ?x))))
(<= (next (on ?x)) (does r (switch ?x)))
(<= (next (on ?x)) (true (on ?x)))
(<= lit (true (on ?x)))
(<= all (true (on 1)) (true (on 2)) (true (on 3)))
(<= terminal all)
(<= (goal r 100) (not lit))
(<= (goal r 0) lit)
(<= (goal q 100) all)
(<= (goal q 0) (not all))
(role q)
(legal q noop)
)";
  return text;
}

// Dark is worth more than one lamp, one more than two, and so on to 150 lamps: a lamp
// is 0.75 dark, so a dark board reads 0.75^150 (about 1e-19), which 1 - (1 - x) rounds to
// 0 for every state; the logarithms keep them apart.
TEST(FuzzyGoalTest, EveryLampLitMakesTheDarkGoalLessLikely) {
  constexpr int kLamps = 150;
  Game g(Lamps(kLamps).c_str());
  FuzzyGoal fuzzy(g.m().net(), 0);
  ASSERT_TRUE(fuzzy.informative());
  State s;
  g.m().InitialState(&s);
  double before = fuzzy.LogDegree(s);
  EXPECT_LT(before, 0.0);
  for (int i = 0; i < kLamps; ++i) {
    s = g.Next(s, {"(switch " + std::to_string(i) + ")", "noop"});
    const double now = fuzzy.LogDegree(s);
    ASSERT_LT(now, before) << "after lamp " << i;
    before = now;
  }
}

TEST(FuzzyGoalTest, EachPartOfAConjunctionMakesItMoreLikely) {
  Game g(Lamps(5).c_str());
  FuzzyGoal fuzzy(g.m().net(), 1);  // q: lamps 1, 2 and 3
  ASSERT_TRUE(fuzzy.informative());
  State s;
  g.m().InitialState(&s);
  const double none = fuzzy.LogDegree(s);
  const State one = g.Next(s, {"(switch 2)", "noop"});
  const State other = g.Next(s, {"(switch 4)", "noop"});  // not a part
  const State two = g.Next(one, {"(switch 3)", "noop"});
  EXPECT_GT(fuzzy.LogDegree(one), none);
  EXPECT_DOUBLE_EQ(fuzzy.LogDegree(other), none);
  EXPECT_GT(fuzzy.LogDegree(two), fuzzy.LogDegree(one));
  // Through the machine, with the same reading.
  const std::optional<double> d = g.m().GoalLogDegree(two, 1, g.ws());
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, fuzzy.LogDegree(two));
}

TEST(FuzzyGoalTest, AGoalThatReadsNoFluentSaysNothing) {
  Game g(R"(
(role r)
(init (at 0))
(legal r go)
(<= (next (at 1)) (true (at 0)))
(<= terminal (true (at 1)))
(goal r 100)
)");
  EXPECT_FALSE(FuzzyGoal(g.m().net(), 0).informative());
  State s;
  g.m().InitialState(&s);
  EXPECT_FALSE(g.m().GoalLogDegree(s, 0, g.ws()).has_value());
}

}  // namespace
}  // namespace ggp::reasoner::propnet
