#include "agent/player/montecarlo_player.h"

#include <stdexcept>
#include <utility>

#include "agent/player/simple_players.h"

namespace ggp::agent {

using reasoner::Move;
using reasoner::State;

MonteCarloPlayer::MonteCarloPlayer(const PlayerOptions& options) : rng_(ResolveSeed(options)) {
  if (options.params.is_object()) {
    auto it = options.params.find("max_playout_steps");
    if (it != options.params.end() && it->is_number_integer() && it->get<int>() > 0) {
      max_playout_steps_ = it->get<int>();
    }
  }
}

void MonteCarloPlayer::Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                             const State& /*initial*/, Deadline /*deadline*/) {
  machine_ = std::move(machine);
  role_ = role;
  workspace_ = machine_->NewWorkspace();
  joint_.assign(static_cast<size_t>(machine_->num_roles()), 0);
}

void MonteCarloPlayer::Advance(std::span<const Move> /*joint*/, const State& /*next*/) {}

bool MonteCarloPlayer::SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                                     const State& current, nlohmann::json* report) {
  Start(std::move(machine), role_, current, SteadyClock::now());
  if (report != nullptr) *report = {{"tree_kept", false}};
  return true;
}

void MonteCarloPlayer::Finish() {
  workspace_.reset();
  machine_.reset();
}

bool MonteCarloPlayer::FillRandomMoves(const State& s, int skip_role) {
  const int n = machine_->num_roles();
  for (int r = 0; r < n; ++r) {
    if (r == skip_role) continue;
    machine_->LegalMoves(s, r, *workspace_, &scratch_);
    if (scratch_.empty()) return false;
    std::uniform_int_distribution<size_t> pick(0, scratch_.size() - 1);
    joint_[static_cast<size_t>(r)] = scratch_[pick(rng_)];
  }
  return true;
}

int MonteCarloPlayer::Playout(const State& state, Move ours, int* depth) {
  int steps = 0;
  joint_[static_cast<size_t>(role_)] = ours;
  if (FillRandomMoves(state, role_)) {
    machine_->NextState(state, joint_, *workspace_, &current_);
    ++steps;
    while (steps < max_playout_steps_ && !machine_->IsTerminal(current_, *workspace_)) {
      if (!FillRandomMoves(current_, -1)) break;
      machine_->NextState(current_, joint_, *workspace_, &next_);
      std::swap(current_, next_);
      ++steps;
    }
  } else {
    current_ = state;
  }
  *depth = steps;
  int goal = machine_->Goal(current_, role_, *workspace_);
  return goal == reasoner::kNoGoal ? 0 : goal;
}

Move MonteCarloPlayer::SelectMove(const State& state, Deadline deadline, MoveStats* stats) {
  const auto begin = SteadyClock::now();
  machine_->LegalMoves(state, role_, *workspace_, &legal_);
  if (legal_.empty()) throw std::logic_error("SelectMove called without a legal move");
  visits_.assign(legal_.size(), 0);
  totals_.assign(legal_.size(), 0);

  long long iterations = 0;
  int max_depth = 0;
  if (legal_.size() > 1) {
    size_t next_move = 0;
    while (SteadyClock::now() < deadline) {
      int depth = 0;
      int goal = Playout(state, legal_[next_move], &depth);
      ++visits_[next_move];
      totals_[next_move] += goal;
      ++iterations;
      if (depth > max_depth) max_depth = depth;
      next_move = (next_move + 1) % legal_.size();
    }
  }

  size_t best = 0;
  double best_value = -1;
  for (size_t i = 0; i < legal_.size(); ++i) {
    if (visits_[i] == 0) continue;
    double v = static_cast<double>(totals_[i]) / static_cast<double>(visits_[i]);
    if (v > best_value) {
      best_value = v;
      best = i;
    }
  }
  if (stats != nullptr) {
    *stats = MoveStats{};
    stats->iterations = iterations;
    stats->max_depth = max_depth;
    stats->value = best_value;
    stats->elapsed_ms =
        std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
    if (stats->elapsed_ms > 0) stats->iterations_per_s = iterations * 1000.0 / stats->elapsed_ms;
    stats->extra = {{"legal_moves", legal_.size()}, {"playouts_of_move", visits_[best]}};
  }
  return legal_[best];
}

}  // namespace ggp::agent
