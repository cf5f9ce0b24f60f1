#pragma once
// Test helpers for single-role games: replaying a line, and playing a whole game with a
// player that is asked for every move.

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "agent/search/mcts_player.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search::puzzle_testing {

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
