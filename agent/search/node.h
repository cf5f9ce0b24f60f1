#pragma once
// A node of the MCTS tree: one game state, the legal moves of every role there, decoupled
// statistics per (role, move), and one child slot per joint move.
//
//   joint index j = sum_r move_index[r] * stride[r],  stride[r] = prod_{q > r} k_q
//
// where k_r is the number of legal moves of role r. A turn-taking node has one role with
// k > 1 (the mover), so its children are simply the mover's moves.
//
// Memory: one allocation (from the search's NodePool, node_pool.h, or else operator new)
// holding the Node itself and then, in this order,
//
//   NodeCounter | MoveStat[sum k_r] | atomic<Node*>[prod k_r] | uint64 state words |
//   float value[R] | Move[sum k_r] | uint32 role_begin[R + 1]
//
// What search threads write on every pass (the node's visit count, the move statistics)
// is in the block; the Node itself changes at most twice (proof, AMAF table), so that
// threads reading it (e.g. a parent checking its children's proofs) share its cache line
// instead of taking it from each other.
//
// A node is built completely (state, terminal flag, legal moves, priors, goals of a
// terminal) before it is published into its parent's child slot with a release store;
// from then on only the atomics change:
//  - MoveStat::visits / reward_fixed and the node's visits: updated by any search thread.
//  - child slots: transition once from null to a node (compare-exchange); Detach() clears
//    one while the search is paused (tree reuse).
//  - the proof: 0 -> kProving (one thread writes value[]) -> kProven (release).
//  - the AMAF table (GRAVE): null -> a table, once (compare-exchange).
// Ownership: the tree may be a graph (transpositions, mcts_search.h): a child slot holds one
// counted reference to its node, and a node is deleted when its last reference goes
// (FreeTree, without recursion). A node owns its AMAF table. A node's ply is one more than
// each parent's, so the graph has no cycles.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <vector>

#include "agent/search/amaf.h"
#include "agent/search/node_pool.h"
#include "agent/search/policies.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct MoveStat {
  // Sum of the rewards (each 0..1) of the move's role, in fixed point: an integer add is one
  // locked instruction, where a floating-point add is a compare-exchange loop that retries
  // while another thread updates the same statistic.
  static constexpr double kRewardUnit = 1 << 24;
  double reward_sum() const {
    return static_cast<double>(reward_fixed.load(std::memory_order_relaxed)) / kRewardUnit;
  }
  // Negative (or NaN) amounts count as 0.
  void AddReward(double r) { reward_fixed.fetch_add(ToFixed(r), std::memory_order_relaxed); }
  void SetRewardSum(double sum) {  // tests and setup only
    reward_fixed.store(ToFixed(sum), std::memory_order_relaxed);
  }
  static uint64_t ToFixed(double x) {
    return x > 0 ? static_cast<uint64_t>(x * kRewardUnit + 0.5) : 0;
  }

  std::atomic<uint64_t> reward_fixed{0};
  std::atomic<uint32_t> visits{0};  // includes iterations still in flight (virtual loss)
  float prior = 0.0f;               // P(a), normalised; changed only by Node::SetPriors
};

// The node's visit count and graph bookkeeping, first in its block (16 bytes keep the
// MoveStats aligned).
struct alignas(16) NodeCounter {
  std::atomic<uint32_t> visits{0};  // includes iterations still in flight (virtual loss)
  std::atomic<uint32_t> refs{1};    // child slots (and the root holder) that point here
  std::atomic<uint32_t> epoch{0};   // the search's table epoch this node was entered in
  uint32_t ply = 0;                 // distance from the tree's first root; set before publishing
};

// Scratch for building nodes: one per search thread, reserved up front.
struct NodeScratch {
  std::vector<std::vector<reasoner::Move>> legal;  // per role
  std::vector<float> prior;
};

class Node {
 public:
  static constexpr uint8_t kUnproven = 0;
  static constexpr uint8_t kProving = 1;
  static constexpr uint8_t kProven = 2;

  // Builds the node of `state`. `max_children` bounds the child array (see SearchParams).
  // A terminal node's values are its scaled goals, made relative (RelativeRewards) if
  // `relative_rewards`, then `contempt_role`'s value of a draw shifted by ApplyContempt
  // (contempt_role < 0: no shift). `last_joint` (one move per role, or empty: unknown) is
  // the joint move that led to `state`, passed on to the prior (MovePrior::Prior). The
  // node's memory comes from `pool` (null: operator new), which must outlive it. Returns
  // null if some role of a non-terminal state has no legal move (broken rules).
  static std::unique_ptr<Node> Create(const reasoner::StateMachine& machine,
                                      reasoner::Workspace& ws, const reasoner::State& state,
                                      const MovePrior& prior, uint32_t max_children,
                                      NodeScratch* scratch, bool relative_rewards = false,
                                      int contempt_role = -1, double contempt = 0,
                                      std::span<const reasoner::Move> last_joint = {},
                                      NodePool* pool = nullptr);
  ~Node() { delete amaf_.load(std::memory_order_relaxed); }
  // `delete node` hands the memory back to where Create took it from.
  static void operator delete(Node* node, std::destroying_delete_t);
  // (Re)computes every role's move priors from `prior` for `state` (this node's) reached by
  // `last_joint`. Create calls it; after that only while no search thread runs (the search
  // refreshes its new root's priors so, as the models have learned since it was built).
  void SetPriors(const reasoner::State& state, std::span<const reasoner::Move> last_joint,
                 const MovePrior& prior, std::vector<float>* scratch);
  // Sets the node's visits and every move's visits and rewards to 0 (children, proofs and
  // the AMAF table stay). Only while no search thread runs.
  void ForgetStats();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  int num_roles() const { return num_roles_; }
  bool terminal() const { return terminal_; }
  // A terminal node whose goals make a draw (IsDraw, on the goals before any mapping).
  bool draw() const { return draw_; }
  // Bytes this node accounts for (its block as allocated, plus an estimate of the
  // allocator's overhead outside a pool, plus its AMAF table).
  size_t bytes() const {
    const AmafTable* t = amaf();
    return NodePool::BlockSize(bytes_) + (pool_ != nullptr ? 0 : 16) +
           (t != nullptr ? t->bytes() : 0);
  }

  // Copies the node's state into `out` (keeps out's capacity).
  void LoadState(reasoner::State* out) const;

  uint32_t num_moves(int role) const { return role_begin_[role + 1] - role_begin_[role]; }
  std::span<const reasoner::Move> moves(int role) const {
    return {moves_ + role_begin_[role], num_moves(role)};
  }
  MoveStat& stat(int role, uint32_t move_index) const {
    return stats_[role_begin_[role] + move_index];
  }
  // Roles with more than one legal move.
  int num_movers() const { return num_movers_; }

  // Joint moves (product of k_r); 0 if the node keeps no children (too wide or terminal).
  uint32_t num_children() const { return num_children_; }
  Node* child(uint32_t joint) const { return children_[joint].load(std::memory_order_acquire); }
  // The child slot of the joint move `joint` (one move per role, role order), or -1 if some
  // move is not legal here or the node keeps no children.
  int64_t JointIndexOf(std::span<const reasoner::Move> joint) const;
  // The index of `role`'s move (into moves(role)) in joint index `joint`.
  uint32_t MoveIndexOf(uint32_t joint, int role) const {
    for (int r = num_roles_ - 1; r > role; --r) joint /= std::max<uint32_t>(num_moves(r), 1);
    return joint % std::max<uint32_t>(num_moves(role), 1);
  }
  // Publishes `c` into an empty slot. On success the slot holds the caller's reference to
  // `c` and true is returned; if another thread was first, `c` (and the reference) is left
  // with the caller and false is returned.
  bool TryAttach(uint32_t joint, Node* c) {
    Node* expected = nullptr;
    return children_[joint].compare_exchange_strong(expected, c, std::memory_order_acq_rel);
  }
  // Takes child `joint` out of the tree: the caller gets the slot's reference (the child
  // stays alive while other slots still link to it). Only while no search runs.
  std::unique_ptr<Node> Detach(uint32_t joint) {
    return std::unique_ptr<Node>(children_[joint].exchange(nullptr, std::memory_order_acq_rel));
  }

  std::atomic<uint32_t>& visits() const { return counter()->visits; }

  // Graph bookkeeping (transpositions). A new node holds one reference: the caller's, handed
  // to the slot it is attached to. AddRef before attaching a node to a second slot;
  // DropRef returns true when the last reference went (the caller then deletes the node).
  void AddRef() const { counter()->refs.fetch_add(1, std::memory_order_relaxed); }
  bool DropRef() const { return counter()->refs.fetch_sub(1, std::memory_order_acq_rel) == 1; }
  uint32_t refs() const { return counter()->refs.load(std::memory_order_relaxed); }
  // Plies from the tree's first root (the root of a fresh tree is at 0). set_ply only
  // before the node is published.
  uint32_t ply() const { return counter()->ply; }
  void set_ply(uint32_t ply) { counter()->ply = ply; }
  // The transposition table's epoch the node was last entered in (0: never).
  std::atomic<uint32_t>& epoch() const { return counter()->epoch; }
  // Whether the node's state is `state` / the same as `other`'s.
  bool HasState(const reasoner::State& state) const;
  bool SameState(const Node& other) const {
    return num_words_ == other.num_words_ && std::equal(words_, words_ + num_words_, other.words_);
  }
  // The same on the bits of `keep` only (StateMachine::LiveFluentMask; empty: all bits).
  bool HasState(const reasoner::State& state, std::span<const uint64_t> keep) const {
    return reasoner::State::EqualWordsMasked({words_, num_words_}, state.words(), keep);
  }
  bool SameState(const Node& other, std::span<const uint64_t> keep) const {
    return reasoner::State::EqualWordsMasked({words_, num_words_}, {other.words_, other.num_words_},
                                             keep);
  }
  // reasoner::State::Hash of the node's state.
  size_t StateHash() const { return reasoner::State::HashWords({words_, num_words_}); }
  // StateMachine::TranspositionKey of the node's state under the machine's `keep`.
  size_t StateKey(std::span<const uint64_t> keep) const {
    return keep.empty() ? StateHash()
                        : reasoner::State::HashWordsMasked({words_, num_words_}, keep);
  }
  // Whether ReplaceState can store `state`: it sets no bit past the node's last nonzero word.
  bool CanTakeState(const reasoner::State& state) const {
    const std::span<const uint64_t> w = state.words();
    return std::all_of(w.begin() + std::min<size_t>(w.size(), num_words_), w.end(),
                       [](uint64_t x) { return x == 0; });
  }
  // Overwrites the node's state with `state` (CanTakeState): for a root whose state equals
  // `state` on the live bits (MctsSearch::Advance). Not while searched.
  void ReplaceState(const reasoner::State& state);

  // The node's AMAF table (GRAVE), or null until one is installed.
  AmafTable* amaf() const { return amaf_.load(std::memory_order_acquire); }
  // Installs `t` unless the node has a table already. Returns true if `t` was installed
  // (the node owns it); otherwise `t` is left with the caller.
  bool TryInstallAmaf(AmafTable* t) {
    AmafTable* expected = nullptr;
    return amaf_.compare_exchange_strong(expected, t, std::memory_order_acq_rel);
  }

  // Terminal goals or proven values (0..1 per role); meaningful when proven().
  bool proven() const { return proof_.load(std::memory_order_acquire) == kProven; }
  float value(int role) const { return values_[role]; }
  std::span<const float> values() const { return {values_, static_cast<size_t>(num_roles_)}; }
  // Records a proof; the first caller wins, later calls are ignored. Returns true if this
  // call set it.
  bool SetProven(std::span<const float> v);

 private:
  // Where the block starts after the Node in its allocation.
  static constexpr size_t kHeaderBytes = 96;

  Node() = default;
  std::byte* block() const {
    return reinterpret_cast<std::byte*>(const_cast<Node*>(this)) + kHeaderBytes;
  }
  NodeCounter* counter() const { return std::launder(reinterpret_cast<NodeCounter*>(block())); }

  NodePool* pool_ = nullptr;  // where the allocation came from (null: operator new)
  MoveStat* stats_ = nullptr;
  std::atomic<Node*>* children_ = nullptr;
  uint64_t* words_ = nullptr;
  float* values_ = nullptr;
  reasoner::Move* moves_ = nullptr;
  uint32_t* role_begin_ = nullptr;
  uint32_t bytes_ = 0;
  uint32_t num_children_ = 0;
  uint32_t num_words_ = 0;
  std::atomic<AmafTable*> amaf_{nullptr};
  std::atomic<uint8_t> proof_{kUnproven};
  uint8_t num_roles_ = 0;
  uint8_t num_movers_ = 0;
  bool terminal_ = false;
  bool draw_ = false;
};
static_assert(sizeof(Node) <= 88, "keep nodes compact");

// Drops the reference `root` holds and deletes, iteratively, every node of its subtree whose
// last reference goes with it (a node also reached from outside the subtree stays). Returns
// the number of nodes and bytes freed.
struct FreedCount {
  int64_t nodes = 0;
  int64_t bytes = 0;
};
FreedCount FreeTree(std::unique_ptr<Node> root);

// Distinct nodes reachable from `root` (walks them; for tests and diagnostics, not hot paths).
int64_t CountNodes(const Node* root);

// The indices of `role`'s moves at `node`, most visited first (ties: index order). Reads
// the counters relaxed, so under running search threads it is a snapshot. Allocates.
std::vector<uint32_t> MovesByVisits(const Node& node, int role);

// Goal of `role` scaled to 0..1 (kNoGoal -> 0).
inline float ScaledGoal(int goal) { return goal < 0 ? 0.0f : static_cast<float>(goal) / 100.0f; }

// Replaces scaled goals g (each 0..1) by u_r = (g_r - mean of the other roles' g + 1) / 2,
// also 0..1: with three or more roles, a role then prefers the game going on (or a draw)
// to another role winning, which plain goals leave it indifferent to when its own goal is
// the same either way. For fewer than 3 values nothing changes. Allocates nothing.
template <typename T>
void RelativeRewards(std::span<T> g) {
  const size_t n = g.size();
  if (n < 3) return;
  T sum = 0;
  for (T v : g) sum += v;
  for (T& v : g) v = (v - (sum - v) / static_cast<T>(n - 1) + 1) / 2;
}

// Contempt (seed 002, SearchParams::contempt). A terminal outcome is a draw when the game
// has two or more roles and every role has the same goal, strictly between 0 and 100
// (50-50 in a win/draw/loss game; 0-0 and 100-100 are a shared loss and a shared win, not
// draws). `scaled` holds the goals scaled to 0..1 (ScaledGoal), before RelativeRewards.
template <typename T>
bool IsDraw(std::span<const T> scaled) {
  if (scaled.size() < 2 || !(scaled[0] > 0) || !(scaled[0] < 1)) return false;
  for (T v : scaled) {
    if (v != scaled[0]) return false;
  }
  return true;
}

// The seed's contempt c (-1..1 on its scale of loss -1, draw 0, win +1, which is twice our
// 0..1 scale) moves `role`'s value of a draw by c / 2, clamped to 0..1: a 50-50 draw is
// worth 0.5 + 0.5 c to us (0.2 at c = -0.6, 0.6 at c = 0.2). Applied after
// RelativeRewards, where every role's value of a draw is 0.5, so the draw is worth the
// same with relative rewards on. Other roles' values are left alone. Allocates nothing.
template <typename T>
void ApplyContempt(std::span<T> v, bool draw, int role, double contempt) {
  if (!draw || contempt == 0 || role < 0 || static_cast<size_t>(role) >= v.size()) return;
  const double shifted = static_cast<double>(v[static_cast<size_t>(role)]) + 0.5 * contempt;
  v[static_cast<size_t>(role)] = static_cast<T>(std::clamp(shifted, 0.0, 1.0));
}

}  // namespace ggp::agent::search
