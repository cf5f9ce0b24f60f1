#pragma once
// Helpers of the threat search's tests (threat_search_test.cc, mcts_player_threats_test.cc).

#include <chrono>
#include <vector>

#include "agent/player/player.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search::threat_testing {

// A deadline no test reaches.
inline Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

// The state after our move `ours` (role `role`) in a two-role game, the other role playing
// its first legal move.
inline reasoner::State After(const reasoner::StateMachine& m, const reasoner::State& s,
                             reasoner::Move ours, int role) {
  auto ws = m.NewWorkspace();
  std::vector<reasoner::Move> joint(2), legal;
  m.LegalMoves(s, 1 - role, *ws, &legal);
  joint[static_cast<size_t>(1 - role)] = legal.front();
  joint[static_cast<size_t>(role)] = ours;
  reasoner::State next;
  m.NextState(s, joint, *ws, &next);
  return next;
}

}  // namespace ggp::agent::search::threat_testing
