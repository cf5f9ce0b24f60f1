// Mixed moves where the other role moves with us in a constant-sum game
// (SearchParams::simultaneous_mix, MctsSearch::MixFor): the move is drawn from the root's
// visits among our open moves with at least the floor's share of the most visited one's;
// turns, proofs, other games and the setting off leave the pure choice.

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "agent/search/stat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using search_testing::CellGame;
using search_testing::EncodeCells;
using search_testing::Grab;
using search_testing::Guess;
using search_testing::MakeCellMachine;
using search_testing::SetStat;
using search_testing::TicTacToe;
using search_testing::TicTacToeCells;

SearchParams Mixing(double floor, double gap = 0.02) {
  SearchParams p;
  p.seed = 7;
  p.simultaneous_mix = floor;
  p.simultaneous_mix_gap = gap;
  p.transpositions = false;  // (0, 0) and (1, 1) reach one state: each joint move its node
  return p;
}

// A six-round game searched until every joint move of the root has its node (none is
// proven so soon, and a terminal has shown the goals' sum), then the seeker's visits set
// by hand: 100, 60 and 10 (means 0.5, 0.5, 0.49).
struct HandSet {
  HandSet(std::shared_ptr<const CellGame> game, double floor, double gap = 0.02)
      : machine(MakeCellMachine(std::move(game))),
        pool(1),
        search(machine, 0, Mixing(floor, gap), &pool) {
    reasoner::State s;
    machine->InitialState(&s);
    search.SetRoot(s);
    for (int i = 0; i < 100 && !AllExpanded(); ++i) search.RunIterations(20);
    EXPECT_TRUE(AllExpanded());
    const Node& root = *search.root();
    root.visits().store(170);
    SetStat(root, 0, 0, 100, 0.5);
    SetStat(root, 0, 1, 60, 0.5);
    SetStat(root, 0, 2, 10, 0.49);
  }
  bool AllExpanded() const {
    const Node& root = *search.root();
    for (uint32_t j = 0; j < root.num_children(); ++j) {
      if (root.child(j) == nullptr) return false;
    }
    return root.num_children() == 9;
  }
  std::shared_ptr<const reasoner::StateMachine> machine;
  SearchPool pool;
  MctsSearch search;
};

TEST(MctsMixTest, DrawsInProportionToVisitsAboveTheFloor) {
  HandSet f(Guess(6), 0.25);
  const Decision pure = f.search.Decide();
  ASSERT_EQ(pure.move_index, 0u);  // the most visited
  ASSERT_FALSE(pure.proven);
  // Candidates 0 (100 visits) and 1 (60); 2 has 10, below 0.25 * 100. The draw u * 160
  // falls in [0, 100) for move 0 and in [100, 160) for move 1.
  EXPECT_EQ(f.search.MixFor(pure, 0.0).move_index, 0u);
  EXPECT_EQ(f.search.MixFor(pure, 0.62).move_index, 0u);
  const Decision second = f.search.MixFor(pure, 0.63);
  EXPECT_EQ(second.move_index, 1u);
  EXPECT_EQ(second.move, f.search.root()->moves(0)[1]);
  EXPECT_EQ(second.visits, 60);
  EXPECT_DOUBLE_EQ(second.value, 0.5);
  EXPECT_DOUBLE_EQ(second.visit_share, 60.0 / 170.0);
  EXPECT_EQ(f.search.MixFor(pure, 0.999).move_index, 1u);
  // A floor of 0.1 lets move 2 in: the last 10 of 170.
  HandSet low(Guess(6), 0.1);
  EXPECT_EQ(low.search.MixFor(low.search.Decide(), 0.95).move_index, 2u);
  EXPECT_EQ(low.search.MixFor(low.search.Decide(), 0.9).move_index, 1u);
}

// A move whose every outcome is proven is judged by its guarantee (DecideFor), however
// many visits it has: the draw leaves it out and takes its floor from the others.
TEST(MctsMixTest, MovesWithEveryOutcomeProvenAreNotDrawn) {
  HandSet f(Guess(6), 0.25);
  const Node& root = *f.search.root();
  const std::vector<float> lost = {0.0f, 1.0f};
  for (uint32_t j = 0; j < root.num_children(); ++j) {
    ASSERT_FALSE(root.child(j)->proven());
    if (root.MoveIndexOf(j, 0) == 0) root.child(j)->SetProven(lost);
  }
  SetStat(root, 0, 0, 1000, 0.9);
  SetStat(root, 0, 2, 40, 0.49);
  const Decision pure = f.search.Decide();
  ASSERT_EQ(pure.move_index, 1u);
  ASSERT_FALSE(pure.proven);
  std::set<uint32_t> drawn;
  for (int i = 0; i < 40; ++i) drawn.insert(f.search.MixFor(pure, i / 40.0).move_index);
  EXPECT_EQ(drawn, (std::set<uint32_t>{1, 2}));
}

// Visits remember values a move had earlier; a move whose mean is now more than the gap
// below the pure choice's is not drawn, however many visits it has.
TEST(MctsMixTest, MovesWellBelowThePureChoicesMeanAreNotDrawn) {
  for (const double gap : {0.02, 0.1}) {
    SCOPED_TRACE(gap);
    HandSet f(Guess(6), 0.25, gap);
    SetStat(*f.search.root(), 0, 1, 60, 0.45);
    const Decision pure = f.search.Decide();
    ASSERT_EQ(pure.move_index, 0u);
    std::set<uint32_t> drawn;
    for (int i = 0; i < 40; ++i) drawn.insert(f.search.MixFor(pure, i / 40.0).move_index);
    const std::set<uint32_t> expected =
        gap < 0.05 ? std::set<uint32_t>{0} : std::set<uint32_t>{0, 1};
    EXPECT_EQ(drawn, expected);
  }
}

TEST(MctsMixTest, OffProvenTurnsOrOtherGamesKeepThePureChoice) {
  HandSet off(Guess(6), 0.0);
  const Decision pure = off.search.Decide();
  EXPECT_EQ(off.search.MixFor(pure, 0.99).move_index, pure.move_index);

  HandSet on(Guess(6), 0.25);
  Decision proven = on.search.Decide();
  proven.proven = true;
  EXPECT_EQ(on.search.MixFor(proven, 0.99).move_index, proven.move_index);

  // Grab is not constant-sum (picking apart scores for both): being predictable can pay.
  HandSet grab(Grab(6), 0.25);
  EXPECT_EQ(grab.search.MixFor(grab.search.Decide(), 0.99).move_index, 0u);

  // Tic-tac-toe: x alone chooses; equal visits everywhere, still the pure choice.
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch turn(machine, 0, Mixing(0.25), &pool);
  turn.SetRoot(EncodeCells(*game, TicTacToeCells("xo.ox.ox.", true)));
  const Node& root = *turn.root();
  root.visits().store(300);
  for (uint32_t i = 0; i < 3; ++i) SetStat(root, 0, i, 100, 0.5);
  const Decision d = turn.Decide();
  for (const double u : {0.0, 0.5, 0.99}) EXPECT_EQ(turn.MixFor(d, u).move_index, d.move_index);
}

TEST(MctsMixTest, AGuessingGameIsPlayedMixedAfterARealSearch) {
  // Guess: any pure choice of the hider can be answered; the search's visits spread over
  // its picks, and the draws play more than one of them.
  auto machine = MakeCellMachine(Guess(4));
  for (const double floor : {0.25, 0.0}) {
    SCOPED_TRACE(floor);
    SearchPool pool(1);
    MctsSearch search(machine, 1, Mixing(floor), &pool);
    reasoner::State s;
    machine->InitialState(&s);
    search.SetRoot(s);
    ASSERT_EQ(search.RunIterations(3000), 3000);
    const Decision pure = search.Decide();
    std::set<reasoner::Move> drawn;
    for (int i = 0; i < 40; ++i) drawn.insert(search.MixFor(pure, i / 40.0).move);
    EXPECT_EQ(drawn.size() > 1, floor > 0);
  }
}

TEST(MctsMixTest, ReadFromPlayerSettings) {
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_mix", 0.5}}).simultaneous_mix, 0.5);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_mix", 3.0}}).simultaneous_mix, 1.0);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_mix", 0}}).simultaneous_mix, 0.0);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson(nlohmann::json::object()).simultaneous_mix, 0.0);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_mix_gap", 0.1}}).simultaneous_mix_gap, 0.1);
  EXPECT_DOUBLE_EQ(SearchParamsFromJson({{"simultaneous_mix_gap", -1}}).simultaneous_mix_gap, 0.0);
}

}  // namespace
}  // namespace ggp::agent::search
