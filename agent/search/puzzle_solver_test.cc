#include "agent/search/puzzle_solver.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "agent/search/puzzle_testing.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/kif/term.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::search {
namespace {

// Best is 60, not 100: the solver must search everything to prove it.
constexpr const char kCapped[] = R"(
(role p)
(init (at 0))
(legal p a) (legal p b)
(<= (next (at ?n)) (true (at ?m)) (succ ?m ?n))
(<= (next (took ?x)) (does p ?x))
(<= (next (took ?x)) (true (took ?x)))
(<= terminal (true (at 3)))
(<= (goal p 60) (true (took a)) (true (took b)))
(<= (goal p 30) (not (true (took b))))
(<= (goal p 0) (not (true (took a))))
(succ 0 1) (succ 1 2) (succ 2 3)
)";

// Taking c spoils the puzzle for good (a latch): 10 at most after it. Best: a and b, never
// c, worth 60 (below 100, so everything is searched, and spoiled states are cut by their
// goal bound once a line worth 10 or more is known).
constexpr const char kSpoiled[] = R"(
(role p)
(init (at 0))
(legal p a) (legal p b) (legal p c)
(<= (next (at ?n)) (true (at ?m)) (succ ?m ?n))
(<= (next (took ?x)) (does p ?x))
(<= (next (took ?x)) (true (took ?x)))
(<= terminal (true (at 4)))
(<= (goal p 60) (true (took a)) (true (took b)) (not (true (took c))))
(<= (goal p 10) (true (took c)))
(<= (goal p 0) (not (true (took c))) (not (true (took a))))
(<= (goal p 0) (not (true (took c))) (not (true (took b))))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
)";

using puzzle_testing::Machine;

using puzzle_testing::Finish;
using puzzle_testing::kFlip;
using puzzle_testing::Replay;
using puzzle_testing::SolveFromTheStart;

TEST(PuzzleSolverTest, SolvesTheTowersInsteadOfGivingUp) {
  PuzzleSolver::Options depth_first;
  depth_first.best_first = false;
  PuzzleResult r = SolveFromTheStart(ggp::testing::kTowersGdl, depth_first);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 100);
  EXPECT_EQ(r.line.size(), 7u);
  EXPECT_GT(r.stored, 0);
  EXPECT_FALSE(r.pruning);  // a disc's place frees up again: nothing is stuck for good
}

TEST(PuzzleSolverTest, BestFirstDarkensTheBoard) {
  PuzzleSolver::Options o;
  o.depth_first_slice = 0;    // straight to best first
  o.best_first_seconds = 60;  // the state budget decides, not the clock
  PuzzleResult r = SolveFromTheStart(kFlip, o);
  EXPECT_EQ(r.value, 100);
  EXPECT_TRUE(r.proven);  // 100 is the best there is
  EXPECT_LE(r.line.size(), 20u);
  EXPECT_GT(r.best_first, 0);
  EXPECT_LT(r.best_first, o.best_first_states);  // found, not out of budget
  // Expanded states: about a hundred here; depth first alone expands some 500,000 before
  // its first dark board (and then the line is 19 presses long).
  EXPECT_LT(r.states, 10000);
}

// Where the reading of the goal never varies (the towers' goal reads the discs, the
// latin square is a constraint puzzle), best first either finds the line or steps aside.
TEST(PuzzleSolverTest, BestFirstLeavesConstraintPuzzlesToTheDepthFirstSearch) {
  PuzzleResult latin = SolveFromTheStart(ggp::testing::kLatinGdl);
  EXPECT_EQ(latin.value, 100);
  EXPECT_EQ(latin.best_first, -1);  // not run: the game reads as a constraint puzzle
  PuzzleResult towers = SolveFromTheStart(ggp::testing::kTowersGdl);
  EXPECT_EQ(towers.value, 100);
  EXPECT_TRUE(towers.proven);
}

TEST(PuzzleSolverTest, FillsTheLatinSquare) {
  PuzzleResult r = SolveFromTheStart(ggp::testing::kLatinGdl);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 100);
  EXPECT_EQ(r.line.size(), 7u);
  // A blank cell that no digit fits any more stays blank, and blanks cost the goal: the
  // search cuts such states and branches on the most constrained cell only.
  EXPECT_TRUE(r.pruning);
}

// Other searches (NRPA) read the solver's reading of the game: unknown until it is made.
TEST(PuzzleSolverTest, TellsWhetherItReadsAConstraintPuzzle) {
  for (const char* gdl : {ggp::testing::kLatinGdl, ggp::testing::kTowersGdl}) {
    auto m = Machine(gdl);
    ASSERT_NE(m, nullptr);
    PuzzleSolver solver(m, {});
    EXPECT_EQ(solver.ConstraintPuzzle(), -1);
    reasoner::State s;
    m->InitialState(&s);
    solver.Start(s);
    Finish(solver);
    EXPECT_EQ(solver.ConstraintPuzzle(), gdl == ggp::testing::kLatinGdl ? 1 : 0);
  }
}

TEST(PuzzleSolverTest, SuccessorsMadeOnTheWayDownFindTheSameLines) {
  PuzzleSolver::Options o;
  o.max_frame_bytes = 0;  // no frame keeps its successors
  for (const char* gdl : {ggp::testing::kLatinGdl, ggp::testing::kTowersGdl}) {
    PuzzleResult r = SolveFromTheStart(gdl, o);
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.value, 100);
    EXPECT_EQ(r.line.size(), 7u);
  }
}

TEST(PuzzleSolverTest, ProvesABestBelowTheMaximumOnlyByExhaustingTheGame) {
  PuzzleResult r = SolveFromTheStart(kCapped);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 60);
  EXPECT_FALSE(r.pruning);
}

TEST(PuzzleSolverTest, GoalBoundsOfLatchesCutStatesThatCannotBeatTheBestLine) {
  PuzzleSolver::Options without;
  without.goal_bounds = false;
  const PuzzleResult plain = SolveFromTheStart(kSpoiled, without);
  const PuzzleResult cut = SolveFromTheStart(kSpoiled);
  for (const PuzzleResult* r : {&plain, &cut}) {
    EXPECT_TRUE(r->proven);
    EXPECT_EQ(r->value, 60);
  }
  EXPECT_FALSE(plain.bounds);
  EXPECT_EQ(plain.bound_cuts, 0);
  EXPECT_TRUE(cut.bounds);
  EXPECT_GT(cut.bound_cuts, 0);
  EXPECT_LT(cut.states, plain.states);
  // A game without latches that bound a goal asks for no bounds.
  EXPECT_FALSE(SolveFromTheStart(ggp::testing::kTowersGdl).bounds);
}

TEST(PuzzleSolverTest, FollowsItsLineAndStartsAgainOffIt) {
  auto m = Machine(ggp::testing::kTowersGdl);
  ASSERT_NE(m, nullptr);
  PuzzleSolver solver(m, {});
  auto ws = m->NewWorkspace();
  reasoner::State s, next;
  m->InitialState(&s);
  solver.Start(s);
  PuzzleResult r = Finish(solver);
  ASSERT_TRUE(r.proven);
  ASSERT_FALSE(r.line.empty());
  // On the line: still proven, one move shorter, nothing to search.
  const reasoner::Move first[1] = {r.line.front()};
  m->NextState(s, first, *ws, &next);
  solver.Advance(r.line.front(), next);
  PuzzleResult on = solver.Best();
  EXPECT_TRUE(on.proven);
  EXPECT_FALSE(solver.Running());
  EXPECT_EQ(on.line.size(), r.line.size() - 1);

  // Off the line (move the small disc back and forth): a new search from there, which
  // finds that 100 is still reachable... only if there are enough steps left.
  std::vector<reasoner::Move> legal;
  m->LegalMoves(next, 0, *ws, &legal);
  reasoner::Move detour = -1;
  for (reasoner::Move mv : legal) {
    if (mv != on.line.front() && kif::ToString(m->MoveTerm(0, mv), m->symbols()) != "giveup") {
      detour = mv;
      break;
    }
  }
  ASSERT_GE(detour, 0);
  const reasoner::Move joint[1] = {detour};
  reasoner::State after;
  m->NextState(next, joint, *ws, &after);
  solver.Advance(detour, after);
  PuzzleResult off = Finish(solver);
  EXPECT_TRUE(off.proven);
  // Seven moves are the minimum and the game ends after seven: a wasted move costs the
  // tower, so the best left is giving up.
  EXPECT_EQ(off.value, 5);
}

TEST(PuzzleSolverTest, StopsWhenAsked) {
  auto m = Machine(ggp::testing::kTowersGdl);
  ASSERT_NE(m, nullptr);
  PuzzleSolver solver(m, {});
  reasoner::State s;
  m->InitialState(&s);
  solver.Start(s);
  solver.Stop();
  EXPECT_FALSE(solver.Running());
  solver.Start(s);  // and starts again, keeping what it proved
  EXPECT_EQ(Finish(solver).value, 100);
}

}  // namespace
}  // namespace ggp::agent::search
