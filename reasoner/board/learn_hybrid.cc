// Moves-only games: the learned DFAs as a hybrid machine over the rules (hybrid_machine.h),
// kept only when verified and measured faster than the reference.
#include <algorithm>
#include <cstdio>

#include "reasoner/board/learn_internal.h"
#include "reasoner/random.h"

namespace ggp::reasoner::board {
namespace {

// Random playouts from the initial state for about `seconds`; adds to *playouts and
// *elapsed.
void TimePlayouts(const StateMachine& m, Workspace& ws, Rng& rng, int max_steps, double seconds,
                  long* playouts, double* elapsed) {
  State start, end;
  m.InitialState(&start);
  const auto begin = Clock::now();
  double spent = 0;
  do {
    m.RandomPlayout(start, max_steps, rng, ws, &end, nullptr, nullptr);
    ++*playouts;
    spent = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (spent < seconds);
  *elapsed += spent;
}

std::string Rate(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", r);
  return buf;
}

}  // namespace

void MarkMovesOnly(BoardGame* game) {
  game->moves_only = true;
  game->eligible.assign(2, std::vector<bool>(game->pieces.size(), false));
  game->goal_squares.assign(2, std::vector<bool>(static_cast<size_t>(game->shape.squares()), false));
  game->max_plies = 0;
}

void FinishHybrid(const std::shared_ptr<const StateMachine>& reference,
                  const BoardLearnOptions& options, const BoardGame& game,
                  const std::vector<SimGame>& games, Clock::time_point deadline,
                  BoardLearnResult* result) {
  auto left = [&] { return std::max(0.0, std::chrono::duration<double>(deadline - Clock::now()).count()); };
  const auto t = Clock::now();
  std::optional<HybridRules> rules = options.hybrid_rules(left());
  if (!rules || rules->machine == nullptr) {
    result->reason = "moves-only board game: DFAs learned, but no rules machine for a hybrid";
    return;
  }
  std::string why;
  std::shared_ptr<const HybridMachine> hybrid = HybridMachine::Create(game, std::move(*rules), games, &why);
  if (hybrid == nullptr) {
    result->reason = "moves-only board game: no hybrid machine (" + why + ")";
    return;
  }
  const bool verified = VerifyLearned(*reference, hybrid, options, options.max_plies, deadline, result);
  result->verify_ms = MsSince(t);
  if (!verified) return;
  result->machine = nullptr;  // until it measures faster

  // Speed, side by side: the two machines in turn, three rounds each.
  const double slice = std::clamp(left() / 8, 0.02, 0.15);
  auto ref_ws = reference->NewWorkspace();
  auto hyb_ws = hybrid->NewWorkspace();
  Rng rng(options.seed + 11);
  long ref_n = 0, hyb_n = 0;
  double ref_s = 0, hyb_s = 0;
  for (int round = 0; round < 3; ++round) {
    TimePlayouts(*reference, *ref_ws, rng, options.max_plies, slice, &ref_n, &ref_s);
    TimePlayouts(*hybrid, *hyb_ws, rng, options.max_plies, slice, &hyb_n, &hyb_s);
  }
  result->reference_rate = ref_n / std::max(ref_s, 1e-9);
  result->hybrid_rate = hyb_n / std::max(hyb_s, 1e-9);
  const std::string speeds = Rate(result->hybrid_rate) + " random playouts/s against " +
                             Rate(result->reference_rate) + " on the " +
                             std::string(reference->backend());
  if (result->hybrid_rate < options.hybrid_min_speedup * result->reference_rate) {
    result->reason += "; hybrid machine not used: " + speeds;
    return;
  }
  result->machine = std::move(hybrid);
  result->reason = "hybrid machine (DFA moves, rules from the " + std::string(reference->backend()) +
                   " without legal moves) " + result->reason + "; " + speeds;
}

}  // namespace ggp::reasoner::board
