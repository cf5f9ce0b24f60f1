// The endgame solver: values and moves against the plain minimax player's proofs, the
// guarantee reading where others choose at the same time, the table kept across calls, and
// the MCTS player's use of it.

#include "agent/search/endgame_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "agent/search/mcts_player.h"
#include "agent/search/minimax_player.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

EndgameResult Solve(std::shared_ptr<const CellGame> game, const Cells& cells, int role) {
  EndgameSolver solver(MakeCellMachine(game), role, EndgameOptions{});
  return solver.Solve(EncodeCells(*game, cells), Far(), nullptr);
}

// The minimax player's proven value of `cells` for `role` (it searches without a table).
int MinimaxValue(std::shared_ptr<const CellGame> game, const Cells& cells, int role) {
  MinimaxPlayer player(PlayerOptions{});
  const reasoner::State s = EncodeCells(*game, cells);
  player.Start(MakeCellMachine(game), role, s, Far());
  MoveStats stats;
  player.SelectMove(s, Far(), &stats);
  player.Finish();
  EXPECT_TRUE(stats.proven);
  return static_cast<int>(stats.value);
}

TEST(EndgameSolverTest, TicTacToeWinsBlocksAndDraws) {
  EndgameResult r = Solve(TicTacToe(), TicTacToeCells("xx.oo....", true), 0);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.value, 100);
  EXPECT_EQ(r.move, 2);
  EXPECT_TRUE(r.exact);
  // o must block the row; every other move loses at once.
  r = Solve(TicTacToe(), TicTacToeCells("xx..o....", false), 1);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.move, 2);
  EXPECT_GT(r.value, 0);
  r = Solve(TicTacToe(), TicTacToe()->Initial(), 0);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.value, 50);
  EXPECT_TRUE(r.exact);
}

TEST(EndgameSolverTest, AgreesWithMinimaxOnTicTacToePositions) {
  const std::vector<std::pair<std::string, bool>> positions = {
      {"x........", false}, {"x...o....", true}, {"xo.......", true}, {"xx..o....", false},
      {"x.o.x....", false}, {"xo..x...o", true}, {"....x...o", true}, {"xo.ox....", true}};
  for (const auto& [board, x_to_move] : positions) {
    const int role = x_to_move ? 0 : 1;
    const Cells cells = TicTacToeCells(board, x_to_move);
    const EndgameResult r = Solve(TicTacToe(), cells, role);
    ASSERT_TRUE(r.solved) << board;
    EXPECT_EQ(r.value, MinimaxValue(TicTacToe(), cells, role)) << board;
    // The move played keeps the value: after it, the opponent's best leaves us as much.
    const auto game = TicTacToe();
    auto machine = MakeCellMachine(game);
    auto ws = machine->NewWorkspace();
    reasoner::State next;
    std::vector<reasoner::Move> joint(2, 9);
    joint[static_cast<size_t>(role)] = r.move;
    machine->NextState(EncodeCells(*game, cells), joint, *ws, &next);
    EndgameSolver after(machine, role, EndgameOptions{});
    EXPECT_EQ(after.Solve(next, Far(), nullptr).value, r.value) << board;
  }
}

TEST(EndgameSolverTest, Nim) {
  const EndgameResult r = Solve(Nim({1, 3, 4}), {1, 3, 4, 0}, 0);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.value, 100);
  EXPECT_EQ(r.move, NimTake(2, 2));  // the only move that leaves a nim-sum of 0
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(Solve(Nim({1, 2, 3}), {1, 2, 3, 0}, 0).value, 0);  // nim-sum 0: lost
}

TEST(EndgameSolverTest, SimultaneousAndManyRolesGiveAGuarantee) {
  // Duel: picking 2 guarantees 50 whatever the other picks; not the game's value reading.
  EndgameResult r = Solve(Duel(), Duel()->Initial(), 0);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.value, 50);
  EXPECT_EQ(r.move, 2);
  EXPECT_FALSE(r.exact);
  // Three roles: our pick alone decides our goal.
  r = Solve(ThreePlayers(), ThreePlayers()->Initial(), 0);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.value, 100);
  EXPECT_EQ(r.move, 1);
  EXPECT_FALSE(r.exact);
}

// The clock is read among terminal children too: each of them is a call, though none is a
// state expanded. (A one-shot game of four guessers on the prover once kept the solver a
// whole move past its deadline, its 101^4 children being terminal.)
TEST(EndgameSolverTest, StopsAmongTerminalChildren) {
  auto game = std::make_shared<PickGame>(64, /*together=*/true);
  const auto machine = MakeCellMachine(game);
  const reasoner::State initial = EncodeCells(*game, game->Initial());
  {
    EndgameSolver solver(machine, 0, EndgameOptions{});
    const EndgameResult r = solver.Solve(initial, Far(), nullptr);
    ASSERT_TRUE(r.solved);
    EXPECT_EQ(r.value, 0);  // the other can always pick ours
    EXPECT_EQ(r.nodes, 1);  // the root alone is expanded: the rest are terminal
  }
  std::atomic<bool> stop{false};
  game->RaiseAfterGoals(&stop, 10);  // raised among the first move's 64 replies
  EndgameSolver solver(machine, 0, EndgameOptions{});
  const EndgameResult r = solver.Solve(initial, Far(), &stop);
  EXPECT_TRUE(stop.load());
  EXPECT_FALSE(r.solved);
  EXPECT_EQ(r.root_done, 0);
}

TEST(EndgameSolverTest, TableIsKeptAcrossCallsAndStopsAtTheDeadline) {
  const auto game = TicTacToe();
  EndgameSolver solver(MakeCellMachine(game), 0, EndgameOptions{});
  const reasoner::State initial = EncodeCells(*game, game->Initial());
  const EndgameResult late =
      solver.Solve(initial, SteadyClock::now() - std::chrono::seconds(1), nullptr);
  EXPECT_FALSE(late.solved);
  EXPECT_EQ(late.move, -1);
  EXPECT_EQ(late.root_done, 0);
  const EndgameResult first = solver.Solve(initial, Far(), nullptr);
  ASSERT_TRUE(first.solved);
  EXPECT_EQ(first.value, 50);
  EXPECT_GT(first.entries, 100);
  EXPECT_EQ(first.root_done, 9);  // no move reaches the root's beta: each one is searched
  // Again: the root's children are proven in the table.
  const EndgameResult again = solver.Solve(initial, Far(), nullptr);
  EXPECT_EQ(again.value, 50);
  EXPECT_LE(again.nodes, 10);
  solver.Clear();
  const EndgameResult cleared = solver.Solve(initial, Far(), nullptr);
  EXPECT_EQ(cleared.value, 50);
  EXPECT_EQ(cleared.nodes, first.nodes);
  // A stop flag already set stops the call as the deadline does.
  std::atomic<bool> stop{true};
  solver.Clear();
  EXPECT_FALSE(solver.Solve(initial, Far(), &stop).solved);
}

TEST(EndgameSolverTest, MctsPlayerPlaysTheSolvedEnding) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  // x in a corner, o beside it: a win for x five plies deep, which twenty iterations of
  // the tree do not prove.
  const Cells cells = TicTacToeCells("xo.......", true);
  const reasoner::State s = EncodeCells(*game, cells);
  const EndgameResult proof = Solve(game, cells, 0);
  ASSERT_TRUE(proof.solved);
  ASSERT_EQ(proof.value, 100);
  for (const bool on : {true, false}) {
    PlayerOptions o;
    o.seed = 5;
    o.params = {{"max_iterations", 20}, {"endgame", on}};
    MctsPlayer player(o);
    player.Start(machine, 0, s, Far());
    MoveStats stats;
    const reasoner::Move m = player.SelectMove(s, Far(), &stats);
    player.Finish();
    if (on) {
      ASSERT_TRUE(stats.extra.contains("endgame"));
      EXPECT_TRUE(stats.extra["endgame"]["solved"].get<bool>());
      EXPECT_TRUE(stats.extra["endgame"]["played"].get<bool>());
      EXPECT_EQ(m, proof.move);
      EXPECT_TRUE(stats.proven);
      EXPECT_EQ(stats.value, 100);
    } else {
      EXPECT_FALSE(stats.extra.contains("endgame"));
    }
  }
}

// Random games of nim end soon, but eight piles of fifteen are far from solvable: each try
// that finishes none of the root's moves halves the next one's share, down to an eighth.
TEST(EndgameSolverTest, MctsPlayerBacksOffWhereTheEndingIsOutOfReach) {
  const auto game = Nim({15, 15, 15, 15, 15, 15, 15, 15});
  auto machine = MakeCellMachine(game);
  auto ws = machine->NewWorkspace();
  PlayerOptions o;
  o.seed = 3;
  o.params = {{"endgame_plies", 1000}, {"decision_margin_ms", 0}};
  MctsPlayer player(o);
  reasoner::State s = EncodeCells(*game, game->Initial());
  player.Start(machine, 0, s, Far());
  std::vector<reasoner::Move> replies;
  for (const double share : {0.5, 0.25, 0.125, 0.0625, 0.0625}) {
    MoveStats stats;
    const reasoner::Move m =
        player.SelectMove(s, SteadyClock::now() + std::chrono::milliseconds(40), &stats);
    ASSERT_TRUE(stats.extra.contains("endgame"));
    const auto& eg = stats.extra["endgame"];
    EXPECT_FALSE(eg["solved"].get<bool>());
    EXPECT_EQ(eg["root_done"].get<int>(), 0);
    EXPECT_DOUBLE_EQ(eg["share"].get<double>(), share);
    std::vector<reasoner::Move> joint = {m, kNimNoop};
    reasoner::State next;
    machine->NextState(s, joint, *ws, &next);
    player.Advance(joint, next);
    MoveStats waiting;
    player.SelectMove(next, Far(), &waiting);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    machine->LegalMoves(next, 1, *ws, &replies);
    joint = {kNimNoop, replies.front()};  // one object from the first pile left
    machine->NextState(next, joint, *ws, &s);
    ASSERT_FALSE(machine->IsTerminal(s, *ws));
    player.Advance(joint, s);
  }
  player.Finish();
}

TEST(EndgameSolverTest, MctsPlayerPondersEndingsOnTheOpponentsTurn) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  auto ws = machine->NewWorkspace();
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"max_iterations", 50}};
  MctsPlayer player(o);
  reasoner::State s;
  machine->InitialState(&s);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move first = player.SelectMove(s, Far(), &stats);
  ASSERT_TRUE(stats.extra.contains("endgame"));
  EXPECT_EQ(stats.extra["endgame"]["value"].get<int>(), 50);  // the whole game: a draw
  EXPECT_FALSE(stats.extra["endgame"].contains("pondered"));
  // o to move: as a referee does, we are asked for our (single) move first; then, while o
  // thinks, the solver searches from there in the search's place until our next call.
  std::vector<reasoner::Move> joint = {first, 9};
  reasoner::State next;
  machine->NextState(s, joint, *ws, &next);
  player.Advance(joint, next);
  MoveStats waiting;
  EXPECT_EQ(player.SelectMove(next, Far(), &waiting), 9);  // noop: nothing to solve
  EXPECT_FALSE(waiting.extra.contains("endgame"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::vector<reasoner::Move> replies;
  machine->LegalMoves(next, 1, *ws, &replies);
  joint = {9, replies.front()};
  machine->NextState(next, joint, *ws, &s);
  player.Advance(joint, s);
  MoveStats after;
  const reasoner::Move m = player.SelectMove(s, Far(), &after);
  player.Finish();
  ASSERT_TRUE(after.extra.contains("endgame"));
  EXPECT_GT(after.extra["endgame"].value("pondered", int64_t{0}), 0);
  EXPECT_TRUE(after.extra["endgame"]["solved"].get<bool>());
  std::vector<reasoner::Move> legal;
  machine->LegalMoves(s, 0, *ws, &legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end());
}

}  // namespace
}  // namespace ggp::agent::search
