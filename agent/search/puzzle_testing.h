#pragma once
// Test helpers for single-role games: a lamps puzzle, its machine, replaying a line,
// solving from the start with the puzzle solver, and playing a whole game with a player
// that is asked for every move.

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "agent/search/mcts_player.h"
#include "agent/search/puzzle_solver.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search::puzzle_testing {

// Five by five lamps, fifteen lit (five presses from dark); a press flips a lamp and its
// four neighbours; twenty presses at most. Every line scores 0 until the board is dark,
// and presses undo each other, so depth first wanders among 2^25 boards; best first on
// the goal's fuzzy degree (fewer lamps lit reads closer to dark) finds a dark board.
inline constexpr char kFlip[] = R"(
(role p)
(ix 1) (ix 2) (ix 3) (ix 4) (ix 5)
(nb 1 2) (nb 2 1) (nb 2 3) (nb 3 2) (nb 3 4) (nb 4 3) (nb 4 5) (nb 5 4)
(tick 0 1) (tick 1 2) (tick 2 3) (tick 3 4) (tick 4 5) (tick 5 6) (tick 6 7) (tick 7 8)
(tick 8 9) (tick 9 10) (tick 10 11) (tick 11 12) (tick 12 13) (tick 13 14) (tick 14 15)
(tick 15 16) (tick 16 17) (tick 17 18) (tick 18 19) (tick 19 20)
(init (time 0))
(init (lit 1 2)) (init (lit 1 5)) (init (lit 2 1)) (init (lit 2 2)) (init (lit 2 4))
(init (lit 3 2)) (init (lit 3 3)) (init (lit 3 4)) (init (lit 4 1)) (init (lit 4 2))
(init (lit 4 3)) (init (lit 4 4)) (init (lit 5 1)) (init (lit 5 2)) (init (lit 5 3))
(<= (legal p (press ?x ?y)) (ix ?x) (ix ?y))
(<= (flips ?x ?y) (does p (press ?x ?y)))
(<= (flips ?x ?y) (does p (press ?u ?y)) (nb ?u ?x))
(<= (flips ?x ?y) (does p (press ?x ?v)) (nb ?v ?y))
(<= (next (lit ?x ?y)) (true (lit ?x ?y)) (not (flips ?x ?y)))
(<= (next (lit ?x ?y)) (flips ?x ?y) (not (true (lit ?x ?y))))
(<= (next (time ?b)) (true (time ?a)) (tick ?a ?b))
(<= anylit (true (lit ?x ?y)))
(<= terminal (not anylit))
(<= terminal (true (time 20)))
(<= (goal p 100) (not anylit))
(<= (goal p 0) anylit)
)";

// The machine `auto` builds for `gdl` (no board learner); null if the rules do not parse.
inline std::shared_ptr<const reasoner::StateMachine> Machine(std::string_view gdl) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(gdl, std::make_shared<kif::SymbolTable>(), &d, &errors))
    return nullptr;
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  return reasoner::CreateMachine(d, mo).machine;
}

// Plays `line` from the initial state; the goal at its end (-1 if a move is illegal or
// the game does not end exactly there).
inline int Replay(const reasoner::StateMachine& m, const std::vector<reasoner::Move>& line) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  std::vector<reasoner::Move> legal;
  for (reasoner::Move mv : line) {
    if (m.IsTerminal(s, *ws)) return -1;
    m.LegalMoves(s, 0, *ws, &legal);
    if (std::find(legal.begin(), legal.end(), mv) == legal.end()) return -1;
    const reasoner::Move joint[1] = {mv};
    m.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return m.IsTerminal(s, *ws) ? m.Goal(s, 0, *ws) : -1;
}

// Waits (a hang guard of 30 s, not a timing assertion) for the solver to finish.
inline PuzzleResult Finish(PuzzleSolver& solver) {
  for (int i = 0; i < 3000 && solver.Running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return solver.Best();
}

// Solves `gdl` from its initial state; the line found must replay to its value.
inline PuzzleResult SolveFromTheStart(std::string_view gdl, PuzzleSolver::Options options = {}) {
  auto m = Machine(gdl);
  EXPECT_NE(m, nullptr);
  if (m == nullptr) return {};
  PuzzleSolver solver(m, options);
  reasoner::State s;
  m->InitialState(&s);
  solver.Start(s);
  PuzzleResult r = Finish(solver);
  EXPECT_EQ(Replay(*m, r.line), r.value);
  return r;
}

// Starts `player` on `m` from `s` with a start clock of 1 s and waits while it thinks ahead
// (a hang guard of 10 s, not a timing assertion): a puzzle it settles in the start clock
// is settled when this returns.
inline void StartAndSettle(MctsPlayer& player, std::shared_ptr<const reasoner::StateMachine> m,
                           const reasoner::State& s) {
  player.Start(std::move(m), 0, s, SteadyClock::now() + std::chrono::seconds(1));
  for (int i = 0; i < 2000 && player.ThinksAhead(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

struct Played {
  int moves = 0;
  int goal = -1;  // at the end (kNoGoal if the game did not end within max_moves)
};

// Asks `player` (started on `m`) for every move from the initial state, at most
// `max_moves`, with a generous deadline; `check` sees each move's stats and move.
inline Played PlayGame(MctsPlayer& player, const reasoner::StateMachine& m, int max_moves,
                       const std::function<void(const MoveStats&, reasoner::Move)>& check) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  Played p;
  while (!m.IsTerminal(s, *ws) && p.moves < max_moves) {
    MoveStats stats;
    const reasoner::Move mv = player.SelectMove(s, SteadyClock::now() + std::chrono::seconds(20), &stats);
    check(stats, mv);
    const reasoner::Move joint[1] = {mv};
    m.NextState(s, joint, *ws, &next);
    player.Advance(joint, next);
    std::swap(s, next);
    ++p.moves;
  }
  if (m.IsTerminal(s, *ws)) p.goal = m.Goal(s, 0, *ws);
  return p;
}

}  // namespace ggp::agent::search::puzzle_testing
