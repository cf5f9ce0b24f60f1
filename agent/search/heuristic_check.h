#pragma once
// Does a learned evaluation (heuristic.h) know which moves are good, not only which states
// come before a win? A regression on random games can fit outcomes badly and still rank
// moves well: in breakthrough random play is decided by a runner nobody stops (held-out
// R^2 near 0.04) while the captures the piece counts reward decide every game between
// players who try. GreedyCheck measures the evaluation as a policy: a player that takes,
// at each of its turns, the move after which the evaluation values it highest plays
// uniformly random opponents, in each seat it models, and its mean goal is set against
// that seat's mean goal in random games.
//
// Thread safety: runs on the calling thread; `heuristic` is only read.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "agent/search/heuristic.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct GreedyCheckOptions {
  int games_per_role = 40;  // at most
  int max_steps = 500;      // longer games are dropped
  double epsilon = 0.05;    // share of the greedy player's moves taken at random
  uint64_t seed = 1;
};

struct GreedyCheckResult {
  // Per role, 0..100; NaN where the role is not modelled or no game finished.
  std::vector<double> greedy;  // the greedy player's mean goal in that seat
  std::vector<double> random;  // the seat's mean goal when every role plays at random
  std::vector<int> games;      // greedy games finished in that seat
  // The smallest greedy - random over the modelled seats with games (NaN: none).
  double min_lift() const;
};

// Plays, seat by seat, greedy-versus-random games and as many all-random games from
// `initial` until options.games_per_role of each, `until` or `stop`. At a turn where the
// greedy role has more than one legal move, each of its moves is tried with the same
// random moves of the others and the best successor by heuristic.Value for the role is
// taken (ties at random). `machine` must be the one `heuristic` is bound to.
GreedyCheckResult GreedyCheck(const reasoner::StateMachine& machine, const reasoner::State& initial,
                              const Heuristic& heuristic, const GreedyCheckOptions& options,
                              std::chrono::steady_clock::time_point until,
                              const std::atomic<bool>* stop);

}  // namespace ggp::agent::search
