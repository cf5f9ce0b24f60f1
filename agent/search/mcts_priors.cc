// The search's side of the opponent models where they are trusted (MovePrior::Trust).
//
// Priors of a kept tree (Advance): a node's priors are asked of the MovePrior when it is
// made, but the opponent models learn during the match, so the tree kept from earlier moves
// holds older predictions. The new root's are asked again, and where a trusted opponent
// moves with us (there the model stands in for its choice), those of the nodes nearest the
// root too, and the root's statistics start over.
//
// The answer to the model (DecideFor): at a root where a trusted opponent moves with us,
// our move values differ by what this move wins, which the rest of the game can dwarf; the
// visit counts of decoupled UCT then follow its noise. The move played is the one whose
// children, weighed by the opponent's expected move, are worth most.

#include <algorithm>
#include <chrono>
#include <deque>
#include <unordered_set>
#include <vector>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

// At most this many nodes, and for at most this long, are refreshed per move (on the
// move's clock): a tree of simultaneous moves branches widely, and the models cost up to
// microseconds a prediction.
constexpr size_t kMaxRefreshed = 20000;
constexpr auto kMaxRefreshTime = std::chrono::milliseconds(20);

// The joint move (one move per role) of `node`'s joint index `joint`.
void JointMoves(const Node& node, uint32_t joint, std::vector<reasoner::Move>* out) {
  out->resize(static_cast<size_t>(node.num_roles()));
  for (int r = 0; r < node.num_roles(); ++r) {
    (*out)[static_cast<size_t>(r)] = node.moves(r)[node.MoveIndexOf(joint, r)];
  }
}

}  // namespace

bool MctsSearch::TrustsAMover(const Node& node) const {
  for (int r = 0; r < num_roles_; ++r) {
    if (r != role_ && node.num_moves(r) > 1 && prior_->Trust(r) > 0) return true;
  }
  return false;
}

void MctsSearch::RefreshKeptRoot(std::span<const reasoner::Move> last_joint) {
  WorkerContext& c = *contexts_.back();
  root_->LoadState(&c.cur);
  root_->SetPriors(c.cur, last_joint, *prior_, &c.scratch.prior);
  if (root_->num_movers() < 2 || !trust_follow_ || !TrustsAMover(*root_)) return;
  // Our statistics at the root were gathered against what the model expected of the
  // opponent then (and, below the old root, while the tree's opponent obliged our favourite
  // move): they are relearned against what it expects now.
  root_->ForgetStats();
  std::unordered_set<const Node*> seen = {root_.get()};
  std::deque<const Node*> queue = {root_.get()};
  std::vector<reasoner::Move> joint;
  size_t refreshed = 1;
  const auto stop_at = std::chrono::steady_clock::now() + kMaxRefreshTime;
  while (!queue.empty() && refreshed < kMaxRefreshed &&
         std::chrono::steady_clock::now() < stop_at) {
    const Node* parent = queue.front();
    queue.pop_front();
    for (uint32_t j = 0; j < parent->num_children() && refreshed < kMaxRefreshed; ++j) {
      Node* child = parent->child(j);
      if (child == nullptr || child->terminal() || !seen.insert(child).second) continue;
      JointMoves(*parent, j, &joint);
      child->LoadState(&c.cur);
      child->SetPriors(c.cur, joint, *prior_, &c.scratch.prior);
      ++refreshed;
      queue.push_back(child);
    }
  }
}

int MctsSearch::AnswerTheModel(const Node& root, std::span<const double> guarantees,
                               double floor) const {
  if (num_roles_ != 2 || root.num_children() == 0) return -1;
  const int them = 1 - role_;
  const uint32_t k = root.num_moves(role_), m = root.num_moves(them);
  const double trust = std::min(1.0, params_.simultaneous_follow * prior_->Trust(them));
  if (k < 2 || m < 2 || trust <= 0) return -1;
  // Their expected move: the model where trusted, else what the tree's opponent plays.
  double visits = 0;
  for (uint32_t j = 0; j < m; ++j)
    visits += root.stat(them, j).visits.load(std::memory_order_relaxed);
  if (visits <= 0) return -1;
  int best = -1;
  double best_value = -1;
  for (uint32_t i = 0; i < k; ++i) {
    if (i < guarantees.size() && guarantees[i] < floor) continue;
    double weight = 0, value = 0;
    for (uint32_t j = 0; j < m; ++j) {
      const uint32_t joint = role_ == 0 ? i * m + j : j * k + i;
      const Node* child = root.child(joint);
      if (child == nullptr) continue;
      double v;
      if (child->proven()) {
        v = child->value(role_);
      } else {
        // Our mean reward below the child, where our statistics are kept (we choose there).
        double sum = 0, n = 0;
        for (uint32_t x = 0; x < child->num_moves(role_) && child->num_moves(role_) > 1; ++x) {
          sum += child->stat(role_, x).reward_sum();
          n += child->stat(role_, x).visits.load(std::memory_order_relaxed);
        }
        if (n < 1) continue;
        v = sum / n;
      }
      const double p =
          trust * root.stat(them, j).prior +
          (1 - trust) * root.stat(them, j).visits.load(std::memory_order_relaxed) / visits;
      weight += p;
      value += p * v;
    }
    if (weight < 0.9) continue;  // too little of their expected move is known below i
    if (value / weight > best_value) {
      best_value = value / weight;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace ggp::agent::search
