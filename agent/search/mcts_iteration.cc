// One MCTS iteration: select / expand / playout / backup. Nothing here allocates once the
// per-thread scratch has reached its working size (nodes themselves excepted).

#include <algorithm>
#include <cmath>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {

bool MctsSearch::RunIteration(WorkerContext& c) {
  Node* node = root_.get();
  c.path.clear();
  c.path_moves.clear();
  c.line.clear();
  c.terminal = false;
  c.draw = false;
  c.ref = nullptr;
  if (grave_) c.amaf.Begin();
  bool have_state = false;  // c.next holds the state to play out from
  while (true) {
    if (node->proven()) {
      for (int r = 0; r < num_roles_; ++r) c.rewards[static_cast<size_t>(r)] = node->value(r);
      c.terminal = node->terminal();
      c.draw = node->draw();
      break;
    }
    if (grave_) UpdateReference(*node, c);
    const uint32_t joint = SelectJoint(*node, c);
    c.path.push_back({node, joint});
    Node* child = node->num_children() > 0 ? node->child(joint) : nullptr;
    if (child != nullptr) {
      node = child;
      continue;
    }
    // Frontier: compute the successor, add it to the tree if the budget allows.
    const uint32_t* picks = c.path_moves.data() + c.path_moves.size() - static_cast<size_t>(num_roles_);
    for (int r = 0; r < num_roles_; ++r) c.joint[static_cast<size_t>(r)] = node->moves(r)[picks[r]];
    node->LoadState(&c.cur);
    machine_->NextState(c.cur, c.joint, *c.ws, &c.next);
    have_state = true;
    if (node->num_children() > 0 && ReserveNode()) {
      std::unique_ptr<Node> created =
          Node::Create(*machine_, *c.ws, c.next, *prior_, params_.max_children, &c.scratch,
                   relative_, role_, params_.contempt, c.joint);
      if (created && node->TryAttach(joint, created.get())) {
        account_->bytes.fetch_add(static_cast<int64_t>(created->bytes()), std::memory_order_relaxed);
        Node* added = created.release();
        if (prior_visits_ > 0 && !added->terminal() && node->num_movers() == 1) {
          // Progressive bias: the mover's move starts with the heuristic's value.
          for (int r = 0; r < num_roles_; ++r) {
            if (node->num_moves(r) < 2 || !heuristic_->usable(r)) continue;
            double value = 0;
            if (!PriorValue(r, c, &value)) continue;
            MoveStat& stat = node->stat(r, picks[r]);
            stat.visits.fetch_add(prior_visits_, std::memory_order_relaxed);
            stat.AddReward(prior_visits_ * value);
          }
        }
        if (added->terminal()) {
          for (int r = 0; r < num_roles_; ++r) c.rewards[static_cast<size_t>(r)] = added->value(r);
          c.terminal = true;
          c.draw = added->draw();
          have_state = false;
        }
        break;
      }
      ReleaseNode(0);
      if (created) {  // another thread attached this child first: descend into theirs
        node = node->child(joint);
        have_state = false;
        continue;
      }
    }
    break;
  }
  if (have_state && !Playout(c)) {
    RevertVirtualLoss(c);
    return false;
  }
  if (c.terminal) NoteTerminal(c.rewards, c.draw);
  if (paranoia_ != 0) {
    for (int r = 0; r < num_roles_; ++r) c.rewards[static_cast<size_t>(r)] = Utility(c.rewards.data(), r);
  }
  Backup(c);
  if (num_roles_ == 1 && c.terminal) RecordLine(c);
  const int depth = static_cast<int>(c.path.size());
  int seen = max_depth_.load(std::memory_order_relaxed);
  while (depth > seen && !max_depth_.compare_exchange_weak(seen, depth, std::memory_order_relaxed)) {
  }
  return true;
}

uint32_t MctsSearch::SelectJoint(Node& node, WorkerContext& c) {
  const uint32_t n_total = node.visits().fetch_add(1, std::memory_order_relaxed) + 1;
  if (grave_ && n_total >= params_.grave_table_visits && node.amaf() == nullptr) {
    AddAmafTable(node, c);
  }
  const bool simultaneous = node.num_movers() >= 2;
  uint32_t joint = 0;
  for (int r = 0; r < num_roles_; ++r) {
    const uint32_t k = node.num_moves(r);
    uint32_t pick = 0;
    if (k > 1) {
      const uint32_t m = widen_ && r != role_ ? Widen(node, r, n_total, c) : k;
      if (m < k) {  // widened: only c.ranked[0..m) are eligible
        pick = simultaneous && c.rng.Uniform() < params_.simultaneous_epsilon
                   ? c.ranked[c.rng.Below(m)]
                   : SelectMove(node, r, n_total, c, c.ranked.data(), m);
      } else {
        pick = simultaneous && c.rng.Uniform() < params_.simultaneous_epsilon
                   ? c.rng.Below(k)
                   : SelectMove(node, r, n_total, c);
      }
    }
    if (Tracked(node, r, c.path.size())) node.stat(r, pick).visits.fetch_add(1, std::memory_order_relaxed);
    c.path_moves.push_back(pick);
    if (num_roles_ == 1) c.line.push_back(node.moves(0)[pick]);
    joint = joint * std::max<uint32_t>(k, 1) + pick;
  }
  return joint;
}

uint32_t MctsSearch::Widen(const Node& node, int role, uint32_t n, WorkerContext& c) const {
  const uint32_t k = node.num_moves(role);
  const double limit =
      std::ceil(params_.widening_c * std::pow(static_cast<double>(n), params_.widening));
  if (!(limit < k)) return k;
  const float first = node.stat(role, 0).prior;
  uint32_t i = 1;
  while (i < k && node.stat(role, i).prior == first) ++i;
  if (i == k) return k;  // uniform prior: nothing to rank by
  const uint32_t m = limit < 1 ? 1 : static_cast<uint32_t>(limit);
  c.ranked.resize(k);  // allocates only until it has grown to the widest node
  for (uint32_t j = 0; j < k; ++j) c.ranked[j] = j;
  std::nth_element(c.ranked.begin(), c.ranked.begin() + m, c.ranked.end(),
                   [&node, role](uint32_t a, uint32_t b) {
                     const float pa = node.stat(role, a).prior, pb = node.stat(role, b).prior;
                     return pa > pb || (pa == pb && a < b);
                   });
  return m;
}

uint32_t MctsSearch::SelectMove(const Node& node, int role, uint32_t n_total, WorkerContext& c,
                                const uint32_t* eligible, uint32_t count) const {
  const uint32_t k = node.num_moves(role);
  const bool turn = node.num_movers() == 1 && node.num_children() == k;
  const double log_n = std::log(static_cast<double>(n_total));
  const double sqrt_n = std::sqrt(static_cast<double>(n_total));
  const double uniform = 1.0 / k;
  const AmafTable* ref = c.ref;
  const uint32_t span = eligible != nullptr ? count : k;
  const uint32_t start = c.rng.Below(span);  // rotates ties between threads and iterations
  uint32_t best = eligible != nullptr ? eligible[start] : start;
  double best_score = -1e300;
  for (uint32_t step = 0; step < span; ++step) {
    const uint32_t at = start + step < span ? start + step : start + step - span;
    const uint32_t i = eligible != nullptr ? eligible[at] : at;
    const MoveStat& s = node.stat(role, i);
    const uint32_t n = s.visits.load(std::memory_order_relaxed);
    // GRAVE: the move's all-moves-as-first count and mean at the reference node.
    uint32_t amaf_n = 0;
    double amaf_q = 0;
    if (ref != nullptr) {
      const reasoner::Move m = node.moves(role)[i];
      amaf_n = ref->count(role, m);
      if (amaf_n > 0) amaf_q = ref->sum(role, m) / amaf_n;
    }
    double score;
    if (n == 0) {
      // Unvisited: by AMAF mean as if visited once where it has one, else first, by prior.
      score = amaf_n > 0 ? amaf_q + params_.exploration * std::sqrt(log_n) : 1e9 + s.prior;
    } else {
      double q = s.reward_sum() / n;
      const Node* child = turn ? node.child(i) : nullptr;
      if (child != nullptr && child->proven()) {
        q = Utility(child->values().data(), role);
      } else if (amaf_n > 0) {
        const double beta = amaf_n / (amaf_n + n + params_.grave_bias * amaf_n * n);
        q = (1.0 - beta) * q + beta * amaf_q;
      }
      score = q + params_.exploration * std::sqrt(log_n / n) +
              params_.prior_weight * (s.prior - uniform) * sqrt_n / (1.0 + n);
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

bool MctsSearch::Playout(WorkerContext& c) {
  if (machine_playout_) return MachinePlayout(c);
  reasoner::State* s = &c.next;
  reasoner::State* t = &c.cur;
  for (int step = 0;; ++step) {
    if (stop_.load(std::memory_order_relaxed)) return false;
    const bool terminal = machine_->IsTerminal(*s, *c.ws);
    bool stuck = false;
    if (!terminal && step < playout_steps_) {
      int chooser = -1;  // the one role with a choice (-2: several)
      for (int r = 0; r < num_roles_ && !stuck; ++r) {
        std::vector<reasoner::Move>& legal = c.legal[static_cast<size_t>(r)];
        machine_->LegalMoves(*s, r, *c.ws, &legal);
        if (legal.empty()) {
          stuck = true;  // broken rules: score the state as it is
        } else {
          const size_t pick = mast_ ? c.mast.Choose(r, legal, params_.mast_epsilon, c.rng)
                                    : playout_->Choose(*s, r, legal, c.rng);
          c.joint[static_cast<size_t>(r)] = legal[pick];
          if (legal.size() > 1) chooser = chooser == -1 ? r : -2;
        }
      }
      if (!stuck) {
        const bool decided = decisive_ && chooser >= 0 && DecisiveMove(*s, chooser, t, c);
        for (int r = 0; r < num_roles_; ++r) {
          if (c.legal[static_cast<size_t>(r)].size() < 2) continue;
          if (mast_) c.mast.Record(r, c.joint[static_cast<size_t>(r)]);
          if (grave_) c.amaf.Add(r, c.joint[static_cast<size_t>(r)]);
        }
        if (num_roles_ == 1) c.line.push_back(c.joint[0]);
        if (!decided) machine_->NextState(*s, c.joint, *c.ws, t);
        std::swap(s, t);
        continue;
      }
    }
    ScorePlayout(*s, terminal, c);
    return true;
  }
}

bool MctsSearch::DecisiveMove(const reasoner::State& s, int chooser, reasoner::State* out,
                               WorkerContext& c) {
  const reasoner::Move drawn = c.joint[static_cast<size_t>(chooser)];
  for (reasoner::Move m : c.legal[static_cast<size_t>(chooser)]) {
    c.joint[static_cast<size_t>(chooser)] = m;
    machine_->NextState(s, c.joint, *c.ws, out);
    if (machine_->IsTerminal(*out, *c.ws) && machine_->Goal(*out, chooser, *c.ws) >= 100) return true;
  }
  c.joint[static_cast<size_t>(chooser)] = drawn;
  return false;
}

// Uniform playouts without MAST: the machine runs the loop (StateMachine::RandomPlayout,
// the same moves the loop above would draw, or the machine's own DecisivePlayout) and the
// moves are recorded afterwards.
bool MctsSearch::MachinePlayout(WorkerContext& c) {
  const bool want_moves = grave_ || num_roles_ == 1;
  c.playout_moves.clear();
  std::vector<reasoner::PlayoutMove>* moves = want_moves ? &c.playout_moves : nullptr;
  const reasoner::PlayoutResult result =
      decisive_
          ? machine_->DecisivePlayout(c.next, playout_steps_, c.rng, *c.ws, &c.cur, moves, &stop_)
          : machine_->RandomPlayout(c.next, playout_steps_, c.rng, *c.ws, &c.cur, moves, &stop_);
  if (result.stopped) return false;
  for (size_t i = 0; i < c.playout_moves.size(); ++i) {
    const reasoner::PlayoutMove& m = c.playout_moves[i];
    const int r = static_cast<int>(i % static_cast<size_t>(num_roles_));
    if (num_roles_ == 1) c.line.push_back(m.move);
    if (grave_ && m.choices > 1) c.amaf.Add(r, m.move);
  }
  ScorePlayout(c.cur, result.terminal, c);
  return true;
}

void MctsSearch::ScorePlayout(const reasoner::State& s, bool terminal, WorkerContext& c) {
  const bool evaluate = !terminal && heuristic_ != nullptr;  // a playout cut short
  for (int r = 0; r < num_roles_; ++r) {
    c.rewards[static_cast<size_t>(r)] = evaluate && heuristic_->usable(r)
                                            ? heuristic_->Value(s, r, *c.ws)
                                            : ScaledGoal(machine_->Goal(s, r, *c.ws));
  }
  c.draw = terminal && IsDraw(std::span<const double>(c.rewards));
  if (relative_) RelativeRewards(std::span<double>(c.rewards));
  ApplyContempt(std::span<double>(c.rewards), c.draw, role_, params_.contempt);
  c.terminal = terminal;
}

void MctsSearch::Backup(WorkerContext& c) {
  bool check = false;  // the child below the current step was proven: try its parent
  if (params_.solver && !c.path.empty()) {
    const PathStep& last = c.path.back();
    const Node* below = last.node->num_children() > 0 ? last.node->child(last.joint) : nullptr;
    check = below != nullptr && below->proven();
  }
  for (size_t i = c.path.size(); i-- > 0;) {
    Node& node = *c.path[i].node;
    const uint32_t* picks = c.path_moves.data() + i * static_cast<size_t>(num_roles_);
    for (int r = 0; r < num_roles_; ++r) {
      if (!Tracked(node, r, i)) continue;
      node.stat(r, picks[r]).AddReward(c.rewards[static_cast<size_t>(r)]);
      if (mast_ && node.num_moves(r) > 1) c.mast.Record(r, node.moves(r)[picks[r]]);
    }
    if (check) check = node.proven() ? false : TryProve(node);
  }
  if (mast_) c.mast.Update(c.rewards);
  if (grave_) CreditAmaf(c);
}

void MctsSearch::RevertVirtualLoss(WorkerContext& c) {
  if (mast_) c.mast.Discard();
  for (size_t i = 0; i < c.path.size(); ++i) {
    Node& node = *c.path[i].node;
    node.visits().fetch_sub(1, std::memory_order_relaxed);
    const uint32_t* picks = c.path_moves.data() + i * static_cast<size_t>(num_roles_);
    for (int r = 0; r < num_roles_; ++r) {
      if (!Tracked(node, r, i)) continue;
      node.stat(r, picks[r]).visits.fetch_sub(1, std::memory_order_relaxed);
    }
  }
}

void MctsSearch::NoteTerminal(std::span<const double> rewards, bool draw) {
  if (num_roles_ != 2 || sum_varies_.load(std::memory_order_relaxed)) return;
  // A draw's goals are equal: the other role's is ours without the contempt shift.
  const double other = rewards[static_cast<size_t>(1 - role_)];
  const double ours = draw ? other : rewards[static_cast<size_t>(role_)];
  const int sum = static_cast<int>(std::lround((ours + other) * 100.0));
  int expected = -1;
  if (!goal_sum_.compare_exchange_strong(expected, sum, std::memory_order_relaxed) &&
      expected != sum) {
    sum_varies_.store(true, std::memory_order_relaxed);
  }
}

void MctsSearch::RecordLine(const WorkerContext& c) {
  const double v = c.rewards[0];
  if (v <= line_value_.load(std::memory_order_acquire)) return;
  std::lock_guard<std::mutex> lock(line_mu_);
  if (v <= line_value_.load(std::memory_order_relaxed)) return;
  line_.assign(c.line.begin(), c.line.end());
  line_pos_ = 0;
  line_value_.store(v, std::memory_order_release);
}

bool MctsSearch::ReserveNode() {
  const int64_t nodes = account_->nodes.fetch_add(1, std::memory_order_relaxed);
  if ((params_.max_nodes > 0 && nodes >= params_.max_nodes) ||
      account_->bytes.load(std::memory_order_relaxed) >= static_cast<int64_t>(params_.memory_limit_bytes)) {
    account_->nodes.fetch_sub(1, std::memory_order_relaxed);
    return false;
  }
  return true;
}

void MctsSearch::ReleaseNode(int64_t bytes) {
  account_->nodes.fetch_sub(1, std::memory_order_relaxed);
  if (bytes != 0) account_->bytes.fetch_sub(bytes, std::memory_order_relaxed);
}

}  // namespace ggp::agent::search
