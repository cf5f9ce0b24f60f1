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
    if (table_ && node->epoch().load(std::memory_order_relaxed) != epoch_) EnterNode(*node);
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
    uint64_t key = 0;  // c.next's transposition key
    if (table_ && node->num_children() > 0) {
      if (Node* known = LinkTransposition(*node, joint, c, &key)) {
        node = known;  // reached before by another move order: select on below it
        have_state = false;
        continue;
      }
    }
    if (node->num_children() > 0 && ReserveNode()) {
      std::unique_ptr<Node> created =
          Node::Create(*machine_, *c.ws, c.next, *prior_, params_.max_children, &c.scratch,
                       relative_, role_, params_.contempt, c.joint, pool());
      if (created) {
        created->set_ply(node->ply() + 1);
        if (table_) created->epoch().store(epoch_, std::memory_order_relaxed);
      }
      if (created && node->TryAttach(joint, created.get())) {
        account_->bytes.fetch_add(static_cast<int64_t>(created->bytes()), std::memory_order_relaxed);
        Node* added = created.release();
        if (table_ && table_->Insert(key, added) == added) {
          account_->bytes.fetch_add(TranspositionTable::kEntryBytes, std::memory_order_relaxed);
        }
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
      // An opponent's move may be drawn from its model (model_follow), else by UCT among
      // all its moves or the widened few.
      const bool follow = r != role_ && (simultaneous ? trust_follow_ : follow_);
      const uint32_t followed = follow ? FollowModel(node, r, simultaneous, c) : k;
      const uint32_t m = followed == k && widen_ && r != role_ ? Widen(node, r, n_total, c) : k;
      if (followed < k) {
        pick = followed;
      } else if (m < k) {  // widened: only c.ranked[0..m) are eligible
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
