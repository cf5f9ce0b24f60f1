// GreedyCheck (heuristic_check.h): the learned evaluation played as a one-step greedy policy
// against random opponents.

#include "agent/search/heuristic_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "reasoner/random.h"

namespace ggp::agent::search {
namespace {

using reasoner::Move;
using reasoner::State;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One game from `initial`; `greedy` is the greedy role (-1: every role random). Returns
// false where the game is dropped (too long, a role without moves); else each role's goal.
bool PlayOne(const reasoner::StateMachine& machine, const State& initial, const Heuristic& h,
             int greedy, const GreedyCheckOptions& o, reasoner::Rng& rng, reasoner::Workspace& ws,
             std::vector<int>* goals) {
  const int roles = machine.num_roles();
  std::vector<Move> legal, mine, joint(static_cast<size_t>(roles));
  State state = initial, next, best;
  for (int step = 0; !machine.IsTerminal(state, ws); ++step) {
    if (step >= o.max_steps) return false;
    for (int r = 0; r < roles; ++r) {
      machine.LegalMoves(state, r, ws, r == greedy ? &mine : &legal);
      const std::vector<Move>& from = r == greedy ? mine : legal;
      if (from.empty()) return false;
      joint[static_cast<size_t>(r)] = from[rng.Below(static_cast<uint32_t>(from.size()))];
    }
    if (greedy >= 0 && mine.size() > 1 && rng.Uniform() >= o.epsilon) {
      double top = -1;
      int ties = 0;
      for (Move m : mine) {
        joint[static_cast<size_t>(greedy)] = m;
        machine.NextState(state, joint, ws, &next);
        const double v = h.Value(next, greedy, ws);
        if (v > top + 1e-12) {
          top = v;
          ties = 1;
          best = next;
        } else if (v > top - 1e-12 && rng.Below(static_cast<uint32_t>(++ties)) == 0) {
          best = next;  // reservoir choice among equal values
        }
      }
      std::swap(state, best);
      continue;
    }
    machine.NextState(state, joint, ws, &next);
    std::swap(state, next);
  }
  goals->assign(static_cast<size_t>(roles), 0);
  for (int r = 0; r < roles; ++r)
    (*goals)[static_cast<size_t>(r)] = std::max(0, machine.Goal(state, r, ws));
  return true;
}

}  // namespace

double GreedyCheckResult::min_lift() const {
  double lift = kNaN;
  for (size_t r = 0; r < greedy.size(); ++r) {
    if (std::isnan(greedy[r]) || std::isnan(random[r])) continue;
    const double d = greedy[r] - random[r];
    if (std::isnan(lift) || d < lift) lift = d;
  }
  return lift;
}

GreedyCheckResult GreedyCheck(const reasoner::StateMachine& machine, const State& initial,
                              const Heuristic& heuristic, const GreedyCheckOptions& options,
                              std::chrono::steady_clock::time_point until,
                              const std::atomic<bool>* stop) {
  const int roles = machine.num_roles();
  const size_t n = static_cast<size_t>(roles);
  GreedyCheckResult out;
  out.greedy.assign(n, kNaN);
  out.random.assign(n, kNaN);
  out.games.assign(n, 0);
  std::vector<double> greedy_sum(n, 0), random_sum(n, 0);
  int random_games = 0;
  auto ws = machine.NewWorkspace();
  reasoner::Rng rng(options.seed);
  std::vector<int> goals;
  const auto out_of_time = [&] {
    return std::chrono::steady_clock::now() >= until ||
           (stop != nullptr && stop->load(std::memory_order_relaxed));
  };
  // Round robin over the seats, one all-random game per round, so that a deadline leaves
  // every seat with about as many games.
  for (int round = 0; round < options.games_per_role && !out_of_time(); ++round) {
    for (int r = -1; r < roles && !out_of_time(); ++r) {
      if (r >= 0 && !heuristic.usable(r)) continue;
      if (!PlayOne(machine, initial, heuristic, r, options, rng, *ws, &goals)) continue;
      if (r < 0) {
        ++random_games;
        for (size_t k = 0; k < n; ++k) random_sum[k] += goals[k];
      } else {
        ++out.games[static_cast<size_t>(r)];
        greedy_sum[static_cast<size_t>(r)] += goals[static_cast<size_t>(r)];
      }
    }
  }
  for (size_t r = 0; r < n; ++r) {
    if (out.games[r] > 0) out.greedy[r] = greedy_sum[r] / out.games[r];
    if (random_games > 0 && heuristic.usable(static_cast<int>(r)))
      out.random[r] = random_sum[r] / random_games;
  }
  return out;
}

}  // namespace ggp::agent::search
