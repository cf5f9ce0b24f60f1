// The puzzle solver's exclusive-moves reading (puzzle_exclusion.cc) on queens puzzles
// written here: queens placed anywhere, in any order, a fixed number of them.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "agent/search/puzzle_solver.h"
#include "agent/search/puzzle_testing.h"

namespace ggp::agent::search {
namespace {


// `placements` queens on an n x n board, one a move on any free square; the game ends when
// they are all down. 100 if no two attack each other; with `half_for_rows`, 50 if only
// rows are clear of pairs (columns and diagonals not), else 0.
std::string Queens(int n, int placements, bool half_for_rows) {
  std::string g = "(role p)\n(init (placed 0))\n";
  for (int i = 1; i <= n; ++i) g += "(index " + std::to_string(i) + ")\n";
  for (int i = 0; i < placements; ++i) {
    g += "(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
  }
  for (int a = 1; a <= n; ++a) {
    for (int b = 1; b <= n; ++b) {
      for (int c = 1; c <= n; ++c) {
        for (int d = 1; d <= n; ++d) {
          if (a == c && b == d) continue;
          if (a == c || b == d || std::abs(a - c) == std::abs(b - d)) {
            g += "(attacks " + std::to_string(a) + " " + std::to_string(b) + " " +
                 std::to_string(c) + " " + std::to_string(d) + ")\n";
          }
        }
      }
    }
  }
  g += R"(
(<= (legal p (place ?r ?c)) (index ?r) (index ?c) (not (true (queen ?r ?c))))
(<= (next (queen ?r ?c)) (does p (place ?r ?c)))
(<= (next (queen ?r ?c)) (true (queen ?r ?c)))
(<= (next (placed ?m)) (true (placed ?k)) (succ ?k ?m))
(<= clash (true (queen ?a ?b)) (true (queen ?c ?d)) (attacks ?a ?b ?c ?d))
(<= rowclash (true (queen ?a ?b)) (true (queen ?a ?d)) (distinct ?b ?d))
(<= (goal p 100) (not clash))
)";
  g += "(<= terminal (true (placed " + std::to_string(placements) + ")))\n";
  if (half_for_rows) {
    g += "(<= (goal p 50) clash (not rowclash))\n(<= (goal p 0) rowclash)\n";
  } else {
    g += "(<= (goal p 0) clash)\n";
  }
  return g;
}

using puzzle_testing::SolveFromTheStart;

TEST(PuzzleExclusionTest, PlacesEightQueensByGroupsOfExclusiveMoves) {
  const std::string gdl = Queens(8, 8, false);
  const PuzzleResult grouped = SolveFromTheStart(gdl);
  EXPECT_EQ(grouped.value, 100);
  EXPECT_TRUE(grouped.proven);
  EXPECT_TRUE(grouped.exclusive);
  EXPECT_EQ(grouped.groups, 8);  // the rows (or the columns)
  EXPECT_EQ(grouped.line.size(), 8u);

  PuzzleSolver::Options plain;
  plain.exclusions = false;
  const PuzzleResult ungrouped = SolveFromTheStart(gdl, plain);
  EXPECT_EQ(ungrouped.value, 100);
  EXPECT_EQ(ungrouped.groups, -1);
  EXPECT_FALSE(ungrouped.exclusive);
  // Forward checking by groups expands a small part of what the plain search does
  // (counted states, not time).
  EXPECT_LT(grouped.states * 10, ungrouped.states)
      << "grouped " << grouped.states << ", plain " << ungrouped.states;
}

TEST(PuzzleExclusionTest, FallsBackToTheWholeSearchWhenNoLineReachesTheTop) {
  // Three queens on three by three cannot all be safe; one per row can: 50 is the best,
  // and only the search without the reading's cuts can find and prove it.
  const PuzzleResult r = SolveFromTheStart(Queens(3, 3, true));
  EXPECT_EQ(r.value, 50);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.groups, 3);
  EXPECT_FALSE(r.exclusive);  // dropped
}

TEST(PuzzleExclusionTest, LeavesPuzzlesWithoutExclusiveMovesAlone) {
  // Lamps: a press never rules another out (and lamps are no latches); best first solves it.
  const PuzzleResult r = SolveFromTheStart(puzzle_testing::kFlip);
  EXPECT_EQ(r.groups, -1);
  EXPECT_FALSE(r.exclusive);
  EXPECT_EQ(r.value, 100);
}

// The player: the grouping settles eight queens in the start clock and the line is played;
// `exclusions=false` leaves the reading out.
TEST(PuzzleExclusionTest, ThePlayerPlacesTheQueensItsSolverProved) {
  auto m = puzzle_testing::Machine(Queens(8, 8, false));
  ASSERT_NE(m, nullptr);
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"max_nodes", 2000}, {"nrpa", false}};
  MctsPlayer player(o);
  reasoner::State s;
  m->InitialState(&s);
  puzzle_testing::StartAndSettle(player, m, s);
  const puzzle_testing::Played p =
      puzzle_testing::PlayGame(player, *m, 8, [](const MoveStats& stats, reasoner::Move) {
        ASSERT_TRUE(stats.extra.contains("puzzle"));
        EXPECT_EQ(stats.extra["puzzle"].value("groups", -1), 8);
        EXPECT_TRUE(stats.extra["puzzle"].value("played", false));
      });
  player.Finish();
  EXPECT_EQ(p.goal, 100);

  o.params = {{"max_nodes", 2000}, {"nrpa", false}, {"exclusions", false}};
  MctsPlayer plain(o);
  plain.Start(m, 0, s, SteadyClock::now() + std::chrono::milliseconds(200));
  MoveStats stats;
  plain.SelectMove(s, SteadyClock::now() + std::chrono::milliseconds(300), &stats);
  ASSERT_TRUE(stats.extra.contains("puzzle"));
  EXPECT_EQ(stats.extra["puzzle"].value("groups", 0), -1);
  plain.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
