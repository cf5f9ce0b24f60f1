#include "agent/search/minimax_player.h"

#include <algorithm>
#include <limits>

namespace ggp::agent::search {
namespace {

constexpr int kInf = std::numeric_limits<int>::max() / 2;

}  // namespace

MinimaxPlayer::MinimaxPlayer(const PlayerOptions& options) {
  const nlohmann::json& p = options.params;
  if (p.is_object()) {
    max_depth_limit_ = p.value("max_depth", max_depth_limit_);
    decision_margin_ms_ = p.value("decision_margin_ms", decision_margin_ms_);
  }
}

void MinimaxPlayer::Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                          const reasoner::State& /*initial*/, Deadline /*deadline*/) {
  machine_ = std::move(machine);
  role_ = role;
  ws_ = machine_->NewWorkspace();
  plies_.clear();
}

void MinimaxPlayer::Advance(std::span<const reasoner::Move>, const reasoner::State&) {}

void MinimaxPlayer::Finish() {
  plies_.clear();
  ws_.reset();
  machine_.reset();
}

int MinimaxPlayer::Evaluate(const reasoner::State& s) {
  const int g = machine_->Goal(s, role_, *ws_);
  return g == reasoner::kNoGoal ? 50 : g;
}

int MinimaxPlayer::Value(const reasoner::State& s, int depth, int alpha, int beta, size_t ply) {
  ++nodes_;
  if (SteadyClock::now() >= deadline_) {
    aborted_ = true;
    return 0;
  }
  if (machine_->IsTerminal(s, *ws_)) {
    const int g = machine_->Goal(s, role_, *ws_);
    return g == reasoner::kNoGoal ? 0 : g;
  }
  if (depth == 0) {
    depth_cut_ = true;
    return Evaluate(s);
  }
  const int num_roles = machine_->num_roles();
  Ply& p = plies_[ply];
  p.legal.resize(static_cast<size_t>(num_roles));
  p.joint.resize(static_cast<size_t>(num_roles));
  p.counter.assign(static_cast<size_t>(num_roles), 0);
  for (int r = 0; r < num_roles; ++r) {
    machine_->LegalMoves(s, r, *ws_, &p.legal[static_cast<size_t>(r)]);
    if (p.legal[static_cast<size_t>(r)].empty()) return Evaluate(s);  // broken rules
  }
  const std::vector<reasoner::Move>& ours = p.legal[static_cast<size_t>(role_)];
  int best = -kInf;
  for (size_t a = 0; a < ours.size(); ++a) {
    p.joint[static_cast<size_t>(role_)] = ours[a];
    const int floor = std::max(alpha, best);
    int worst = kInf;
    std::fill(p.counter.begin(), p.counter.end(), 0);
    // Enumerate the joint replies of the other roles (mixed-radix counter).
    while (true) {
      for (int r = 0; r < num_roles; ++r) {
        if (r != role_) p.joint[static_cast<size_t>(r)] = p.legal[static_cast<size_t>(r)][p.counter[static_cast<size_t>(r)]];
      }
      machine_->NextState(s, p.joint, *ws_, &p.next);
      const int v = Value(p.next, depth - 1, floor, std::min(beta, worst), ply + 1);
      if (aborted_) return 0;
      Ply& q = p;
      worst = std::min(worst, v);
      if (worst <= floor) break;  // this move cannot beat what we have
      int r = num_roles - 1;
      for (; r >= 0; --r) {
        if (r == role_) continue;
        if (++q.counter[static_cast<size_t>(r)] < q.legal[static_cast<size_t>(r)].size()) break;
        q.counter[static_cast<size_t>(r)] = 0;
      }
      if (r < 0) break;
    }
    best = std::max(best, worst);
    if (best >= beta) break;
  }
  return best;
}

bool MinimaxPlayer::SearchRoot(const reasoner::State& s, int depth, int* best_index, int* best_value) {
  // Search the previous best first, then the others in their order.
  std::vector<size_t> order(root_moves_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (*best_index > 0) std::rotate(order.begin(), order.begin() + *best_index, order.begin() + *best_index + 1);
  const int num_roles = machine_->num_roles();
  int best = -kInf;
  int pick = *best_index;
  for (size_t i : order) {
    // Our move fixed; the others' replies are a min level: reuse Value on a one-move root.
    int worst = kInf;
    std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(num_roles));
    for (int r = 0; r < num_roles; ++r) {
      if (r == role_) legal[static_cast<size_t>(r)] = {root_moves_[i]};
      else machine_->LegalMoves(s, r, *ws_, &legal[static_cast<size_t>(r)]);
    }
    std::vector<uint32_t> counter(static_cast<size_t>(num_roles), 0);
    std::vector<reasoner::Move> joint(static_cast<size_t>(num_roles));
    reasoner::State next;
    while (true) {
      bool empty = false;
      for (int r = 0; r < num_roles; ++r) {
        const auto& l = legal[static_cast<size_t>(r)];
        if (l.empty()) empty = true;
        else joint[static_cast<size_t>(r)] = l[counter[static_cast<size_t>(r)]];
      }
      if (empty) {
        worst = Evaluate(s);
        break;
      }
      machine_->NextState(s, joint, *ws_, &next);
      const int v = Value(next, depth - 1, best, worst, 0);
      if (aborted_) return false;
      worst = std::min(worst, v);
      if (worst <= best) break;
      int r = num_roles - 1;
      for (; r >= 0; --r) {
        if (++counter[static_cast<size_t>(r)] < legal[static_cast<size_t>(r)].size()) break;
        counter[static_cast<size_t>(r)] = 0;
      }
      if (r < 0) break;
    }
    if (worst > best) {
      best = worst;
      pick = static_cast<int>(i);
    }
  }
  *best_index = pick;
  *best_value = best;
  return true;
}

reasoner::Move MinimaxPlayer::SelectMove(const reasoner::State& state, Deadline deadline,
                                         MoveStats* stats) {
  const auto begin = SteadyClock::now();
  deadline_ = deadline - std::chrono::milliseconds(decision_margin_ms_);
  machine_->LegalMoves(state, role_, *ws_, &root_moves_);
  if (root_moves_.empty()) return 0;
  // Every ply's scratch exists before the recursion, so references into plies_ stay valid.
  if (plies_.size() < static_cast<size_t>(max_depth_limit_) + 1) {
    plies_.resize(static_cast<size_t>(max_depth_limit_) + 1);
  }
  int best_index = 0;
  int best_value = -1;
  int completed = 0;
  bool exact = false;
  nodes_ = 0;
  aborted_ = false;
  if (root_moves_.size() > 1) {
    for (int depth = 1; depth <= max_depth_limit_; ++depth) {
      depth_cut_ = false;
      int index = best_index;
      int value = -1;
      if (!SearchRoot(state, depth, &index, &value)) break;
      best_index = index;
      best_value = value;
      completed = depth;
      if (!depth_cut_) {
        exact = true;
        break;
      }
    }
  }
  if (stats != nullptr) {
    stats->iterations = nodes_;
    stats->max_depth = completed;
    stats->value = best_value;
    stats->proven = exact;
    stats->elapsed_ms = std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
    if (stats->elapsed_ms > 0) stats->iterations_per_s = static_cast<double>(nodes_) * 1000.0 / stats->elapsed_ms;
  }
  return root_moves_[static_cast<size_t>(best_index)];
}

}  // namespace ggp::agent::search
