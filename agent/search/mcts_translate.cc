// MctsSearch::AdoptTree: the tree of one search rebuilt over another machine of the same
// game (the machine swap of agent/session: propnet -> verified board machine).

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

// Old move id -> new move id, per role, through the move's GDL term. One lookup per
// distinct move: MoveTerm and FindMove build terms, the tree has far more nodes than moves.
class MoveMap {
 public:
  MoveMap(const reasoner::StateMachine& from, const reasoner::StateMachine& to, int roles)
      : from_(from), to_(to), maps_(static_cast<size_t>(roles)) {}

  std::optional<reasoner::Move> operator()(int role, reasoner::Move m) {
    auto& map = maps_[static_cast<size_t>(role)];
    auto it = map.find(m);
    if (it == map.end()) it = map.emplace(m, reasoner::TranslateMove(from_, to_, role, m)).first;
    return it->second;
  }

 private:
  const reasoner::StateMachine& from_;
  const reasoner::StateMachine& to_;
  std::vector<std::unordered_map<reasoner::Move, std::optional<reasoner::Move>>> maps_;
};

}  // namespace

bool MctsSearch::AdoptTree(MctsSearch& from, const reasoner::State& root_state,
                           TranslateInfo* info) {
  const auto begin = std::chrono::steady_clock::now();
  TranslateInfo local;
  TranslateInfo& out = info != nullptr ? *info : local;
  out = TranslateInfo{};
  from.Pause();
  Pause();
  DiscardTree();
  auto fail = [&](std::string problem) {
    out.problem = std::move(problem);
    DiscardTree();  // whatever was built goes to the collector, charged back to us
    out.nodes = 0;
    out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    return false;
  };
  if (!from.root_) return fail("no tree to translate");
  if (from.num_roles_ != num_roles_ || from.role_ != role_) return fail("another game or role");
  WorkerContext& c = *contexts_.back();
  root_ = BuildNode(root_state, c);
  if (!root_) return fail("the new machine has no legal move for some role at the root");
  out.nodes = 1;

  MoveMap map(*from.machine_, *machine_, num_roles_);
  struct Pending {
    const Node* old;
    Node* made;
  };
  std::vector<Pending> queue{{from.root_.get(), root_.get()}};
  // A node of `from` reached by several parents (transpositions) is rebuilt once.
  std::unordered_map<const Node*, Node*> rebuilt{{from.root_.get(), root_.get()}};
  std::vector<std::vector<uint32_t>> index(static_cast<size_t>(num_roles_));  // old -> new
  std::vector<reasoner::Move> joint(static_cast<size_t>(num_roles_));
  reasoner::State state, next;
  for (size_t q = 0; q < queue.size(); ++q) {
    const Node& o = *queue[q].old;
    Node& n = *queue[q].made;
    if (o.terminal() != n.terminal()) return fail("the machines disagree on a terminal state");
    for (int r = 0; r < num_roles_; ++r) {
      const uint32_t k = o.num_moves(r);
      if (k != n.num_moves(r)) return fail("the machines disagree on the number of legal moves");
      std::vector<uint32_t>& idx = index[static_cast<size_t>(r)];
      idx.assign(k, 0);
      std::span<const reasoner::Move> made = n.moves(r);
      for (uint32_t i = 0; i < k; ++i) {
        const std::optional<reasoner::Move> m = map(r, o.moves(r)[i]);
        auto at = m ? std::find(made.begin(), made.end(), *m) : made.end();
        if (at == made.end()) return fail("a legal move of the old machine is not legal in the new one");
        idx[i] = static_cast<uint32_t>(at - made.begin());
        MoveStat& to = n.stat(r, idx[i]);
        const MoveStat& was = o.stat(r, i);
        to.visits.store(was.visits.load(std::memory_order_relaxed), std::memory_order_relaxed);
        to.reward_fixed.store(was.reward_fixed.load(std::memory_order_relaxed),
                              std::memory_order_relaxed);
      }
    }
    n.visits().store(o.visits().load(std::memory_order_relaxed), std::memory_order_relaxed);
    if (o.proven() && !n.proven()) n.SetProven(o.values());
    if (o.num_children() == 0 || n.num_children() == 0) continue;
    n.LoadState(&state);
    for (uint32_t oj = 0; oj < o.num_children(); ++oj) {
      const Node* oc = o.child(oj);
      if (oc == nullptr) continue;
      // Joint index: role 0 most significant (node.h).
      uint32_t rest = oj;
      for (int r = num_roles_ - 1; r >= 0; --r) {
        const uint32_t k = o.num_moves(r);
        const uint32_t i = rest % k;
        rest /= k;
        joint[static_cast<size_t>(r)] = n.moves(r)[index[static_cast<size_t>(r)][i]];
      }
      uint32_t nj = 0;
      for (int r = 0; r < num_roles_; ++r) {
        std::span<const reasoner::Move> made = n.moves(r);
        nj = nj * n.num_moves(r) +
             static_cast<uint32_t>(std::find(made.begin(), made.end(), joint[static_cast<size_t>(r)]) -
                                   made.begin());
      }
      if (const auto it = rebuilt.find(oc); it != rebuilt.end()) {
        it->second->AddRef();
        if (!n.TryAttach(nj, it->second)) it->second->DropRef();
        continue;
      }
      if (!ReserveNode()) {
        ++out.left_out;  // the node budget is full: the rest is re-expanded when visited
        continue;
      }
      machine_->NextState(state, joint, *c.ws, &next);
      std::unique_ptr<Node> child =
          Node::Create(*machine_, *c.ws, next, *prior_, params_.max_children, &c.scratch, relative_,
                       role_, params_.contempt, joint, pool());
      if (!child) {
        ReleaseNode(0);
        return fail("the new machine has no legal move for some role in a tree state");
      }
      account_->bytes.fetch_add(static_cast<int64_t>(child->bytes()), std::memory_order_relaxed);
      Node* added = child.release();
      added->set_ply(n.ply() + 1);
      n.TryAttach(nj, added);  // the slot is empty: this node was made just now
      rebuilt.emplace(oc, added);
      queue.push_back({oc, added});
      ++out.nodes;
    }
  }
  goal_sum_.store(from.goal_sum_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  sum_varies_.store(from.sum_varies_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  iterations_.store(0, std::memory_order_relaxed);
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  return true;
}

}  // namespace ggp::agent::search
