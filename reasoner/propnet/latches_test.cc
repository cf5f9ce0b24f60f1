#include "reasoner/propnet/latches.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"
#include "reasoner/propnet/test_games.h"
#include "reasoner/random.h"
#include "tests/testing/shared_dir.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;

// One role marks cells a, b, c (each once); marking c breaks the puzzle for good. A lamp
// toggles every step, a step counter ends the game after three moves.
//   latches: (marked x) and broken once true; (free x) and (step 0) once false (nothing
//   makes step 0 again); neither: lamp, the later steps.
//   goal 100: a and b marked, not broken; 50: not broken otherwise; 0: broken.
constexpr const char* kMarks = R"(
(role r)
(cell a) (cell b) (cell c)
(succ 0 1) (succ 1 2) (succ 2 3)
(init (free a)) (init (free b)) (init (free c)) (init (step 0))
(<= (legal r (mark ?x)) (true (free ?x)))
(<= (next (marked ?x)) (true (marked ?x)))
(<= (next (marked ?x)) (does r (mark ?x)))
(<= (next (free ?x)) (true (free ?x)) (not (does r (mark ?x))))
(<= (next broken) (true broken))
(<= (next broken) (does r (mark c)))
(<= (next lamp) (not (true lamp)))
(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))
(<= terminal (true (step 3)))
(<= both (true (marked a)) (true (marked b)))
(<= (goal r 100) both (not (true broken)))
(<= (goal r 50) (not both) (not (true broken)))
(<= (goal r 0) (true broken))
)";

std::map<std::string, uint8_t> LatchesByName(const Game& g) {
  const LatchAnalysis& a = g.m().latches();
  std::map<std::string, uint8_t> out;
  for (size_t f = 0; f < a.latch.size(); ++f) {
    out[kif::ToString(g.m().fluent_terms()[f], g.m().symbols())] = a.latch[f];
  }
  return out;
}

TEST(LatchesTest, FindsPositiveAndNegativeLatchesOfAHandMadePuzzle) {
  Game g(kMarks);
  const std::map<std::string, uint8_t> latch = LatchesByName(g);
  for (const char* f : {"(marked a)", "(marked b)", "(marked c)", "broken"}) {
    ASSERT_TRUE(latch.count(f)) << f;
    EXPECT_EQ(latch.at(f), kLatchPositive) << f;
  }
  for (const char* f : {"(free a)", "(free b)", "(free c)", "(step 0)"}) {
    ASSERT_TRUE(latch.count(f)) << f;
    EXPECT_EQ(latch.at(f), kLatchNegative) << f;
  }
  for (const char* f : {"lamp", "(step 1)", "(step 2)"}) {
    ASSERT_TRUE(latch.count(f)) << f;
    EXPECT_EQ(latch.at(f), 0) << f;
  }
  const LatchAnalysis& a = g.m().latches();
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.positive, 4u);
  EXPECT_EQ(a.negative, 4u);
  EXPECT_TRUE(g.m().ProvesGoalBounds());
}

TEST(LatchesTest, AWorkBudgetTooSmallStopsBeforeCallingAnythingALatch) {
  Game g(kMarks);
  const LatchAnalysis a = AnalyseLatches(g.m().net(), 1);
  EXPECT_FALSE(a.complete);
  EXPECT_EQ(a.positive + a.negative, 0u);
}

TEST(LatchesTest, GoalBoundFallsWhenALatchRulesTheBestGoalsOut) {
  Game g(kMarks);
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.m().GoalUpperBound(s, 0, g.ws()), 100);
  State marked_a = g.Next(s, {"(mark a)"});
  EXPECT_EQ(g.m().GoalUpperBound(marked_a, 0, g.ws()), 100);
  State broken = g.Next(marked_a, {"(mark c)"});
  EXPECT_EQ(g.m().GoalUpperBound(broken, 0, g.ws()), 0);  // 100 and 50 need "not broken"
  State end = g.Next(broken, {"(mark b)"});
  ASSERT_TRUE(g.m().IsTerminal(end, g.ws()));
  EXPECT_EQ(g.m().Goal(end, 0, g.ws()), 0);
}

// The queens puzzles' way of keeping a piece: (next (placed x)) when it is placed now, or
// when it was there and is not placed now. The proof needs the cases "placed now" and
// "not placed now"; a lamp that follows the move (on exactly when a is placed) is no latch
// in any case.
constexpr const char* kKeepUnlessMoved = R"(
(role r)
(cell a) (cell b)
(succ 0 1) (succ 1 2)
(init (step 0))
(<= (legal r (place ?x)) (cell ?x) (not (true (placed ?x))))
(<= (next (placed ?x)) (does r (place ?x)))
(<= (next (placed ?x)) (true (placed ?x)) (not (does r (place ?x))))
(<= (next lamp) (does r (place a)))
(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))
(<= terminal (true (step 2)))
(<= clash (true (placed a)) (true (placed b)))
(<= (goal r 100) (not clash))
(<= (goal r 0) clash)
)";

TEST(LatchesTest, CasesOnTheMoveProveAPieceThatStays) {
  Game g(kKeepUnlessMoved);
  const std::map<std::string, uint8_t> latch = LatchesByName(g);
  ASSERT_TRUE(latch.count("(placed a)"));
  EXPECT_EQ(latch.at("(placed a)"), kLatchPositive);
  EXPECT_EQ(latch.at("(placed b)"), kLatchPositive);
  EXPECT_EQ(latch.at("lamp"), 0);
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.m().GoalUpperBound(s, 0, g.ws()), 100);
  const State one = g.Next(s, {"(place a)"});
  EXPECT_EQ(g.m().GoalUpperBound(one, 0, g.ws()), 100);
  const State both = g.Next(one, {"(place b)"});
  EXPECT_EQ(g.m().GoalUpperBound(both, 0, g.ws()), 0);  // the clash stays
}

TEST(LatchesTest, TakeAwayHasNoLatchThatBoundsAGoal) {
  Game g(testgames::kTakeAway);
  State s;
  g.m().InitialState(&s);
  // (last p) is set by every take of p and cleared by the other's: no latch; the pile
  // only shrinks, but each (pile n) fluent changes.
  for (int r = 0; r < 2; ++r) EXPECT_EQ(g.m().GoalUpperBound(s, r, g.ws()), 100);
}

TEST(LatchesTest, RecursiveReachabilityKeepsOpenedEdgesAsLatches) {
  Game g(testgames::kReach);
  const std::map<std::string, uint8_t> latch = LatchesByName(g);
  EXPECT_EQ(latch.at("(open n1 n2)"), kLatchPositive);
  EXPECT_EQ(latch.at("(at n1)"), kLatchNegative);  // once left (jump), never back
}

// On real games: every latch holds along random playouts, and the goal bound of every
// state of a playout is at least the goal the playout ends with.
TEST(LatchesTest, LatchesAndBoundsHoldAlongRandomPlayoutsOfCorpusGames) {
  GGP_REQUIRE_SHARED();
  for (const char* name :
       {"ticTacToe", "connectFour", "breakthroughSmall", "hanoi_6_disks", "sudokuGrade1",
        "knightsTour", "queens08lg", "queens08ug", "pentago", "max_knights", "lightsOut"}) {
    auto symbols = std::make_shared<kif::SymbolTable>();
    gdl::Description rules;
    std::vector<kif::Diagnostic> errors;
    ASSERT_TRUE(gdl::LoadDescriptionFile(ggp::testing::SharedDir() + "/games/" + name + ".kif",
                                         symbols, &rules, &errors))
        << name;
    PropnetBuild b = PropnetMachine::Build(rules, {});
    ASSERT_TRUE(b.machine) << name << ": " << b.error;
    const PropnetMachine& m = *b.machine;
    const LatchAnalysis& a = m.latches();
    auto ws = m.NewWorkspace();
    Rng rng(17);
    size_t bounded = 0;
    for (int playout = 0; playout < 20; ++playout) {
      std::vector<State> line(1);
      m.InitialState(&line[0]);
      std::vector<Move> joint(static_cast<size_t>(m.num_roles()));
      std::vector<Move> legal;
      while (!m.IsTerminal(line.back(), *ws) && line.size() < 400) {
        for (int r = 0; r < m.num_roles(); ++r) {
          m.LegalMoves(line.back(), r, *ws, &legal);
          ASSERT_FALSE(legal.empty()) << name;
          joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
        }
        State next;
        m.NextState(line.back(), joint, *ws, &next);
        for (uint32_t f = 0; f < a.latch.size(); ++f) {
          if ((a.latch[f] & kLatchPositive) && line.back().Test(f)) {
            ASSERT_TRUE(next.Test(f)) << name << ": positive latch " << f << " dropped";
          }
          if ((a.latch[f] & kLatchNegative) && !line.back().Test(f)) {
            ASSERT_FALSE(next.Test(f)) << name << ": negative latch " << f << " came back";
          }
        }
        line.push_back(std::move(next));
      }
      if (!m.IsTerminal(line.back(), *ws)) continue;
      for (int r = 0; r < m.num_roles(); ++r) {
        const int goal = m.Goal(line.back(), r, *ws);
        for (const State& s : line) {
          const int bound = m.GoalUpperBound(s, r, *ws);
          ASSERT_GE(bound, goal) << name << " role " << r;
          if (bound < 100) ++bounded;
        }
      }
    }
    std::cout << name << ": " << a.positive << " positive, " << a.negative
              << " negative latches of " << a.latch.size() << " fluents, "
              << (a.complete ? "complete" : "budget ran out") << "; states bounded below 100: "
              << bounded << "\n";
  }
}

}  // namespace
}  // namespace ggp::reasoner::propnet
