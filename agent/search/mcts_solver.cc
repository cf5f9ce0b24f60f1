// MCTS-Solver proof rules (see mcts_search.h for which games they are sound in) and the
// final move choice at the root.

#include <algorithm>
#include <vector>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

bool SameValues(const Node& a, const Node& b) {
  for (int r = 0; r < a.num_roles(); ++r) {
    if (a.value(r) != b.value(r)) return false;
  }
  return true;
}

}  // namespace

bool MctsSearch::ConstantSum() const {
  if (num_roles_ == 1) return true;
  return num_roles_ == 2 && goal_sum_.load(std::memory_order_relaxed) >= 0 &&
         !sum_varies_.load(std::memory_order_relaxed);
}

bool MctsSearch::TryProve(Node& node) const {
  const uint32_t children = node.num_children();
  if (children == 0) return false;
  const bool constant_sum = ConstantSum();
  if (node.num_movers() <= 1) {
    int mover = -1;
    for (int r = 0; r < num_roles_; ++r) {
      if (node.num_moves(r) > 1) mover = r;
    }
    const Node* best = nullptr;
    double best_utility = 0;  // of best, for the mover
    bool all = true;
    bool ambiguous = false;
    for (uint32_t j = 0; j < children; ++j) {
      const Node* c = node.child(j);
      if (c == nullptr || !c->proven()) {
        all = false;
        continue;
      }
      if (mover < 0) {
        best = c;
        break;
      }
      if (constant_sum && c->value(mover) >= 1.0f) {
        node.SetProven(c->values());
        return true;
      }
      const double u = Utility(c->values().data(), mover);
      if (best == nullptr || u > best_utility) {
        best = c;
        best_utility = u;
        ambiguous = false;
      } else if (u == best_utility && !SameValues(*c, *best)) {
        ambiguous = true;
      }
    }
    if (!all || best == nullptr || (ambiguous && !constant_sum)) return false;
    node.SetProven(best->values());
    return true;
  }

  // Simultaneous moves.
  const Node* first = nullptr;
  bool all_same = true;
  for (uint32_t j = 0; j < children && all_same; ++j) {
    const Node* c = node.child(j);
    if (c == nullptr || !c->proven()) {
      all_same = false;
    } else if (first == nullptr) {
      first = c;
    } else if (!SameValues(*c, *first)) {
      all_same = false;
    }
  }
  if (all_same && first != nullptr) {
    node.SetProven(first->values());
    return true;
  }
  if (!constant_sum || num_roles_ != 2) return false;
  // A role with a move that wins against every reply of the other.
  for (int p = 0; p < num_roles_; ++p) {
    for (uint32_t a = 0; a < node.num_moves(p) && node.num_moves(p) > 1; ++a) {
      const Node* witness = nullptr;
      bool wins = true;
      for (uint32_t j = 0; j < children && wins; ++j) {
        if (node.MoveIndexOf(j, p) != a) continue;
        const Node* c = node.child(j);
        wins = c != nullptr && c->proven() && c->value(p) >= 1.0f;
        witness = c;
      }
      if (wins && witness != nullptr) {
        node.SetProven(witness->values());
        return true;
      }
    }
  }
  return false;
}

bool MctsSearch::ExactValues() const {
  return num_roles_ == 2 && ConstantSum() && goal_sum_.load(std::memory_order_relaxed) == 100;
}

bool MctsSearch::ProveRootMove(uint32_t move_index, bool win) {
  if (!ExactValues()) return false;
  if (!root_ || root_->terminal() || root_->num_movers() != 1 ||
      root_->num_moves(role_) <= move_index || root_->num_moves(role_) < 2) {
    return false;
  }
  Node* child = root_->child(move_index);  // a turn of ours: child i follows move i
  if (child == nullptr) return false;
  float values[2];
  values[role_] = win ? 1.0f : 0.0f;
  values[1 - role_] = win ? 0.0f : 1.0f;
  if (!child->SetProven(values) && !(child->proven() && child->value(role_) == values[role_])) {
    return false;
  }
  if (!root_->proven()) TryProve(*root_);
  return true;
}

Decision MctsSearch::DecideFor(int role) const {
  Decision d;
  if (!root_ || root_->terminal()) return d;
  const Node& root = *root_;
  const uint32_t k = root.num_moves(role);
  if (k == 0) return d;
  const double n_total = std::max<uint32_t>(root.visits().load(std::memory_order_relaxed), 1);

  // Single-role games: the best line found is a guarantee (deterministic rules) of at least
  // its value.
  if (num_roles_ == 1) {
    std::lock_guard<std::mutex> lock(line_mu_);
    const double v = line_value_.load(std::memory_order_acquire);
    if (v >= 0 && line_pos_ < line_.size()) {
      std::span<const reasoner::Move> moves = root.moves(0);
      auto it = std::find(moves.begin(), moves.end(), line_[line_pos_]);
      if (it != moves.end()) {
        d.move_index = static_cast<uint32_t>(it - moves.begin());
        d.move = *it;
        d.value = v;
        d.visits = root.stat(0, d.move_index).visits.load(std::memory_order_relaxed);
        d.visit_share = static_cast<double>(d.visits) / n_total;
        // A lower bound: only the best goal there is ends the question.
        d.proven = d.certain = v >= 1.0;
        return d;
      }
    }
  }

  const bool turn = root.num_movers() == 1 && root.num_children() == k && k > 1;
  int best_unproven = -1, best_proven = -1, best_win = -1;
  double best_unproven_mean = 0, best_proven_value = -1;
  int64_t best_unproven_visits = -1, best_proven_visits = -1, best_win_visits = -1;
  bool all_proven = true;
  // Where a trusted opponent moves with us, the answer to its model decides (mcts_priors.cc).
  const bool answer = root.num_movers() >= 2 && role == role_ && trust_follow_;
  std::vector<double> guarantees(answer ? k : 0, -1.0);
  for (uint32_t i = 0; i < k; ++i) {
    const MoveStat& s = root.stat(role, i);
    const int64_t n = s.visits.load(std::memory_order_relaxed);
    const double mean = n > 0 ? s.reward_sum() / static_cast<double>(n) : 0.0;
    // The guaranteed value of playing i, if every outcome of i is proven.
    bool proven = root.num_children() > 0;
    double guaranteed = 1.0;
    if (turn) {
      const Node* c = root.child(i);
      proven = c != nullptr && c->proven();
      if (proven) guaranteed = c->value(role);
    } else {
      for (uint32_t j = 0; j < root.num_children() && proven; ++j) {
        if (root.MoveIndexOf(j, role) != i) continue;
        const Node* c = root.child(j);
        proven = c != nullptr && c->proven();
        if (proven) guaranteed = std::min<double>(guaranteed, c->value(role));
      }
    }
    if (!proven) {
      all_proven = false;
      if (n > best_unproven_visits || (n == best_unproven_visits && mean > best_unproven_mean)) {
        best_unproven = static_cast<int>(i);
        best_unproven_visits = n;
        best_unproven_mean = mean;
      }
      continue;
    }
    if (answer) guarantees[i] = guaranteed;
    if (guaranteed >= 1.0 && n > best_win_visits) {
      best_win = static_cast<int>(i);
      best_win_visits = n;
    }
    if (guaranteed > best_proven_value || (guaranteed == best_proven_value && n > best_proven_visits)) {
      best_proven = static_cast<int>(i);
      best_proven_value = guaranteed;
      best_proven_visits = n;
    }
  }

  int pick;
  if (k == 1) {
    pick = 0;
    d.certain = true;
  } else if (best_win >= 0) {
    pick = best_win;
    d.proven = d.certain = true;
  } else if (all_proven) {
    // The best guarantee; among equal ones the best answer to a trusted model, else (equal
    // losses) the most resisted move.
    pick = best_proven;
    if (const int a = answer ? AnswerTheModel(root, guarantees, best_proven_value) : -1; a >= 0) {
      pick = a;
    }
    d.proven = d.certain = true;
  } else if (best_proven >= 0 && best_proven_value > best_unproven_mean) {
    pick = best_proven;
    d.proven = true;
  } else {
    pick = best_unproven;
    if (const int a = answer ? AnswerTheModel(root, {}, 0) : -1; a >= 0) pick = a;
  }
  const MoveStat& s = root.stat(role, static_cast<uint32_t>(pick));
  d.move_index = static_cast<uint32_t>(pick);
  d.move = root.moves(role)[d.move_index];
  d.visits = s.visits.load(std::memory_order_relaxed);
  d.visit_share = static_cast<double>(d.visits) / n_total;
  if (d.proven) {
    d.value = pick == best_win ? 1.0 : best_proven_value;
  } else {
    d.value = d.visits > 0 ? s.reward_sum() / static_cast<double>(d.visits) : -1;
  }
  return d;
}

Decision MctsSearch::MixFor(const Decision& d, double u) const {
  const double floor = params_.simultaneous_mix;
  if (floor <= 0 || d.proven || d.certain || d.move < 0 || !root_) return d;
  const Node& root = *root_;
  const uint32_t k = root.num_moves(role_);
  if (root.terminal() || root.num_movers() < 2 || k < 2) return d;
  // Only where what one role wins the other loses: there a mixed strategy is the safe one
  // (von Neumann), elsewhere being predictable can pay (coordination, chicken).
  if (!ConstantSum()) return d;
  if (trust_follow_ && AnswerTheModel(root, {}, 0) >= 0) return d;
  // As in DecideFor, a move whose every outcome is proven is judged by its guarantee, not
  // its visits; the draw is among the others whose mean reward is within
  // simultaneous_mix_gap of the pure choice's (visits also remember values a move had
  // before the tree's opponent found its answer).
  auto mean = [&root, this](uint32_t i) {
    const MoveStat& s = root.stat(role_, i);
    const double n = static_cast<double>(s.visits.load(std::memory_order_relaxed));
    return n > 0 ? s.reward_sum() / n : 0.0;
  };
  const double level = mean(d.move_index) - params_.simultaneous_mix_gap;
  std::vector<double> visits(k, -1.0);
  double most = 0;
  for (uint32_t i = 0; i < k; ++i) {
    bool proven = root.num_children() > 0;
    for (uint32_t j = 0; j < root.num_children() && proven; ++j) {
      const Node* c = root.child(j);
      proven = root.MoveIndexOf(j, role_) != i || (c != nullptr && c->proven());
    }
    if (proven || (i != d.move_index && mean(i) < level)) continue;
    visits[i] = static_cast<double>(root.stat(role_, i).visits.load(std::memory_order_relaxed));
    most = std::max(most, visits[i]);
  }
  if (most <= 0 || visits[d.move_index] < 0) return d;
  const double least = floor * most;
  double total = 0;
  for (const double n : visits) {
    if (n >= least) total += n;
  }
  double target = std::clamp(u, 0.0, 1.0) * total;
  uint32_t pick = d.move_index;
  for (uint32_t i = 0; i < k; ++i) {
    if (visits[i] < least) continue;
    pick = i;
    if (target < visits[i]) break;
    target -= visits[i];
  }
  if (pick == d.move_index) return d;
  Decision mixed = d;
  const MoveStat& s = root.stat(role_, pick);
  mixed.move_index = pick;
  mixed.move = root.moves(role_)[pick];
  mixed.visits = s.visits.load(std::memory_order_relaxed);
  mixed.visit_share = static_cast<double>(mixed.visits) /
                      std::max<uint32_t>(root.visits().load(std::memory_order_relaxed), 1);
  mixed.value = mixed.visits > 0 ? s.reward_sum() / static_cast<double>(mixed.visits) : -1;
  return mixed;
}

}  // namespace ggp::agent::search
