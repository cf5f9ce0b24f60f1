// MCTS-Solver: proven wins are found and played, proven losses resisted; positions whose
// best move is known.

#include <gtest/gtest.h>

#include "agent/search/mcts_search.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

struct Fixture {
  explicit Fixture(std::shared_ptr<const CellGame> g, int role = 0, SearchParams p = {})
      : game(std::move(g)), machine(MakeCellMachine(game)), pool(1), search(machine, role, p, &pool) {}
  std::shared_ptr<const CellGame> game;
  std::shared_ptr<const reasoner::StateMachine> machine;
  SearchPool pool;
  MctsSearch search;
};

TEST(MctsSolverTest, TicTacToeWinInOneIsProvenAndPlayed) {
  Fixture f(TicTacToe());
  // x: 0 1, o: 3 4; x to move wins at 2 (o would win at 5).
  f.search.SetRoot(EncodeCells(*f.game, TicTacToeCells("xx.oo....", true)));
  f.search.RunIterations(2000);
  const Decision d = f.search.Decide();
  EXPECT_EQ(d.move, 2);
  EXPECT_TRUE(d.proven);
  EXPECT_TRUE(d.certain);
  EXPECT_DOUBLE_EQ(d.value, 1.0);
  EXPECT_TRUE(f.search.Info().root_proven);
  EXPECT_FLOAT_EQ(f.search.root()->value(0), 1.0f);
  EXPECT_FLOAT_EQ(f.search.root()->value(1), 0.0f);
}

TEST(MctsSolverTest, TicTacToeBlocksTheOpponentsWin) {
  Fixture f(TicTacToe());
  // o threatens 0-1-2; x (to move) must take 2.
  f.search.SetRoot(EncodeCells(*f.game, TicTacToeCells("oo..x....", true)));
  f.search.RunIterations(5000);
  const Decision d = f.search.Decide();
  EXPECT_EQ(d.move, 2);
  // Every other move is a proven loss (o wins next).
  const Node& root = *f.search.root();
  for (uint32_t i = 0; i < root.num_moves(0); ++i) {
    if (root.moves(0)[i] == 2) continue;
    const Node* c = root.child(i);
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(c->proven());
    EXPECT_FLOAT_EQ(c->value(0), 0.0f);
  }
}

TEST(MctsSolverTest, OpponentToMoveSeesTheThreat) {
  // The same position from o's side: o to move wins at 2.
  Fixture f(TicTacToe(), 1);
  f.search.SetRoot(EncodeCells(*f.game, TicTacToeCells("oo..x.x..", false)));
  f.search.RunIterations(2000);
  EXPECT_EQ(f.search.Decide().move, 2);
  EXPECT_TRUE(f.search.Decide().proven);
}

TEST(MctsSolverTest, NimWinInOne) {
  Fixture f(Nim({3}));
  f.search.SetRoot(EncodeCells(*f.game, {3, 0}));
  f.search.RunIterations(500);
  const Decision d = f.search.Decide();
  EXPECT_EQ(d.move, NimTake(0, 3));
  EXPECT_TRUE(d.proven);
}

TEST(MctsSolverTest, NimWinInTwoIsProven) {
  // Piles 1 and 2: only taking one from the second pile (to 1, 1) wins.
  Fixture f(Nim({1, 2}));
  f.search.SetRoot(EncodeCells(*f.game, {1, 2, 0}));
  f.search.RunIterations(2000);
  EXPECT_TRUE(f.search.Info().root_proven);
  const Decision d = f.search.Decide();
  EXPECT_EQ(d.move, NimTake(1, 1));
  EXPECT_TRUE(d.proven);
  EXPECT_TRUE(d.certain);
}

TEST(MctsSolverTest, NimLargerPositionFindsTheNimSumMove) {
  // Piles 1, 3, 4: nim-sum 6; the only winning move takes 2 from the third pile.
  Fixture f(Nim({1, 3, 4}));
  f.search.SetRoot(EncodeCells(*f.game, {1, 3, 4, 0}));
  f.search.RunIterations(20000);
  EXPECT_EQ(f.search.Decide().move, NimTake(2, 2));
}

TEST(MctsSolverTest, ProvenLossIsResisted) {
  // Piles 2 and 2 lose for the player to move. Taking a whole pile loses at once; taking
  // one from a pile lasts longer, and that is what we play.
  Fixture f(Nim({2, 2}));
  f.search.SetRoot(EncodeCells(*f.game, {2, 2, 0}));
  f.search.RunIterations(5000);
  EXPECT_TRUE(f.search.Info().root_proven);
  EXPECT_FLOAT_EQ(f.search.root()->value(0), 0.0f);
  const Decision d = f.search.Decide();
  EXPECT_TRUE(d.proven);
  EXPECT_DOUBLE_EQ(d.value, 0.0);
  EXPECT_TRUE(d.move == NimTake(0, 1) || d.move == NimTake(1, 1)) << d.move;
}

TEST(MctsSolverTest, SimultaneousMoveThatWinsAgainstEveryReplyIsProven) {
  Fixture f(SureWin());
  reasoner::State s;
  f.machine->InitialState(&s);
  f.search.SetRoot(s);
  f.search.RunIterations(3000);
  EXPECT_TRUE(f.search.Info().root_proven);
  EXPECT_FLOAT_EQ(f.search.root()->value(0), 1.0f);
  const Decision left = f.search.DecideFor(0);
  EXPECT_EQ(left.move, 2);
  EXPECT_TRUE(left.certain);
  EXPECT_FLOAT_EQ(f.search.root()->value(1), 0.0f);
}

TEST(MctsSolverTest, SolverCanBeSwitchedOff) {
  SearchParams p;
  p.solver = false;
  Fixture f(Nim({1, 2}), 0, p);
  f.search.SetRoot(EncodeCells(*f.game, {1, 2, 0}));
  f.search.RunIterations(2000);
  EXPECT_FALSE(f.search.Info().root_proven);
  EXPECT_EQ(f.search.Decide().move, NimTake(1, 1));
}

TEST(MctsSolverTest, PuzzleLineIsKeptAndReplayed) {
  SearchParams p;
  p.max_nodes = 3;  // the tree cannot hold the solution: the line must
  Fixture f(Lock({3, 1, 2, 0}), 0, p);
  reasoner::State s;
  f.machine->InitialState(&s);
  f.search.SetRoot(s);
  f.search.RunIterations(4000);
  EXPECT_DOUBLE_EQ(f.search.BestLineValue(), 1.0);
  EXPECT_EQ(f.search.BestLine(), (std::vector<reasoner::Move>{3, 1, 2, 0}));
  auto ws = f.machine->NewWorkspace();
  for (reasoner::Move expected : {3, 1, 2, 0}) {
    const Decision d = f.search.Decide();
    ASSERT_EQ(d.move, expected);
    EXPECT_TRUE(d.certain);
    // More search never loses the line.
    f.search.RunIterations(100);
    ASSERT_EQ(f.search.Decide().move, expected);
    const reasoner::Move joint[1] = {d.move};
    reasoner::State next;
    f.machine->NextState(s, joint, *ws, &next);
    f.search.Advance(joint, next);
    s = next;
  }
  EXPECT_TRUE(f.machine->IsTerminal(s, *ws));
  EXPECT_EQ(f.machine->Goal(s, 0, *ws), 100);
}

TEST(MctsSolverTest, RelativeRewardsCompareEachGoalWithTheOthers) {
  std::vector<double> win = {1.0, 0.0, 0.0};
  RelativeRewards(std::span<double>(win));
  EXPECT_DOUBLE_EQ(win[0], 1.0);
  EXPECT_DOUBLE_EQ(win[1], 0.25);
  EXPECT_DOUBLE_EQ(win[2], 0.25);
  std::vector<float> draw = {0.0f, 0.0f, 0.0f, 0.0f};
  RelativeRewards(std::span<float>(draw));
  for (float v : draw) EXPECT_FLOAT_EQ(v, 0.5f);
  std::vector<double> two = {0.3, 0.7};  // fewer than 3 roles: unchanged
  RelativeRewards(std::span<double>(two));
  EXPECT_DOUBLE_EQ(two[0], 0.3);
  EXPECT_DOUBLE_EQ(two[1], 0.7);
}

TEST(MctsSolverTest, RelativeRewardsRefuseToCrownAnotherRole) {
  // Red gets 0 either way; picking 1 gives green the win. By goals alone red is
  // indifferent; relative to the others, handing green the win is worse.
  Fixture plain(Kingmaker());  // goals alone, the default
  reasoner::State s;
  plain.machine->InitialState(&s);
  plain.search.SetRoot(s);
  plain.search.RunIterations(200);
  const Node& root = *plain.search.root();
  ASSERT_NE(root.child(0), nullptr);
  ASSERT_NE(root.child(1), nullptr);
  EXPECT_FLOAT_EQ(root.child(0)->value(0), 0.0f);
  EXPECT_FLOAT_EQ(root.child(1)->value(0), 0.0f);
  EXPECT_FLOAT_EQ(root.child(1)->value(1), 1.0f);

  SearchParams relative_params;
  relative_params.relative_rewards = true;
  Fixture relative(Kingmaker(), 0, relative_params);
  relative.search.SetRoot(s);
  relative.search.RunIterations(200);
  const Decision d = relative.search.Decide();
  EXPECT_EQ(d.move, 0);
  EXPECT_TRUE(d.proven);
  EXPECT_DOUBLE_EQ(d.value, 0.5);
  EXPECT_FLOAT_EQ(relative.search.root()->child(1)->value(0), 0.25f);
}

// The decision after `iterations` iterations from `s`.
Decision SearchFrom(Fixture& f, const reasoner::State& s, int64_t iterations) {
  f.search.SetRoot(s);
  f.search.RunIterations(iterations);
  return f.search.Decide();
}

// In a two-step game (gatekeeper, holdout): we stop at once for 40, proven, because going
// on (the root's child 1) is proven to end with `went_on`, the real goals (not utilities).
void ExpectStopsAtForty(const Decision& d, Fixture& f, const std::vector<float>& went_on) {
  EXPECT_EQ(d.move, 0);
  EXPECT_TRUE(d.proven);
  EXPECT_NEAR(d.value, 0.4, 1e-6);
  const Node* child = f.search.root()->child(1);
  ASSERT_NE(child, nullptr);
  EXPECT_TRUE(child->proven());
  for (size_t r = 0; r < went_on.size(); ++r)
    EXPECT_FLOAT_EQ(child->value(static_cast<int>(r)), went_on[r]);
}

TEST(MctsSolverTest, ParanoiaStopsTrustingAnOpponentToBlock) {
  // Max^n: gate blocks (10 > 0), so passing is worth 60 to us, more than guarding (40).
  reasoner::State s;
  Fixture trusting(Gatekeeper());
  trusting.machine->InitialState(&s);
  Decision d = SearchFrom(trusting, s, 300);
  EXPECT_EQ(d.move, 1);
  EXPECT_TRUE(d.proven);
  EXPECT_NEAR(d.value, 0.6, 1e-6);

  // Paranoia 0.5: letting threat win is worth 0.5 to gate, blocking 0.5 * 0.1 + 0.5 * 0.4
  // = 0.25, so gate is expected to let it through and we guard.
  SearchParams p;
  p.paranoia = 0.5;
  Fixture wary(Gatekeeper(), 0, p);
  ExpectStopsAtForty(SearchFrom(wary, s, 300), wary, {0.0f, 0.0f, 1.0f});
}

TEST(MctsSolverTest, RivalryExpectsAnIndifferentOpponentToHoldOut) {
  // Them gets 0 whether it resigns or holds out. Every role for itself (rivalry 0): a tie
  // the proofs leave open, and pressing looks worth about 50 to us, more than settling.
  // So too where the opponent is chance (a role named `random`), whatever the rivalry.
  reasoner::State s;
  SearchParams own;
  own.rivalry = 0;
  Fixture trusting(Holdout(), 0, own);
  Fixture chance(Holdout("random"));
  trusting.machine->InitialState(&s);
  for (Fixture* f : {&trusting, &chance}) {
    const Decision d = SearchFrom(*f, s, 300);
    EXPECT_EQ(d.move, 1);
    EXPECT_FALSE(d.proven);
    EXPECT_GT(d.value, 0.4);
  }
  // The default rivalry (0.25): holding out is worth 0.25 to them, resigning 0, so they are
  // expected to hold out and we settle for 40, proven.
  Fixture wary(Holdout());
  ExpectStopsAtForty(SearchFrom(wary, s, 300), wary, {0.0f, 0.0f});
}

TEST(MctsSolverTest, ParanoiaLeavesTwoRoleGamesAlone) {
  // With two roles paranoia changes nothing, nor does rivalry where the goals are
  // constant-sum: tic-tac-toe still blocks and values as before.
  SearchParams p;
  p.paranoia = 1.0;
  p.rivalry = 1.0;
  Fixture f(TicTacToe(), 0, p);
  f.search.SetRoot(EncodeCells(*f.game, TicTacToeCells("xx.oo....", true)));
  f.search.RunIterations(2000);
  const Decision d = f.search.Decide();
  EXPECT_EQ(d.move, 2);
  EXPECT_DOUBLE_EQ(d.value, 1.0);
}

}  // namespace
}  // namespace ggp::agent::search
