#pragma once
// The mutable side of a propnet: one counter per component (propnet.h explains the
// encoding) and the machinery of differential propagation. An Evaluator remembers the
// state and joint move it was last given, so asking several questions about one state
// costs one propagation, and moving to a similar state propagates only the fluents that
// differ (when the state is the successor it computed last, only the words of fluents
// whose `next` changed are even looked at). Components that only goals need are brought up
// to date lazily (SyncGoals), so playouts pay for goal logic (e.g. piece counting) only at
// the states they score: by propagating what changed, or, when that is predicted to cost
// more (many changes that cascade), by one pass over the goal gates in order.
//
// Ownership: refers to a Propnet that must outlive it. Thread safety: one Evaluator per
// thread; not synchronised. After the first call no method allocates, except that the
// event stack may grow during the first few propagations and the first SaveCheckpoint
// sizes its copy.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "reasoner/propnet/propnet.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::propnet {

class Evaluator {
 public:
  explicit Evaluator(const Propnet& net);

  // Makes every component's value the one it has in state `s` (bits at or beyond
  // num_fluents are ignored). Move inputs keep their last values. `s` must be a state the
  // game can reach (the initial state, successors, or anything the prover agrees with):
  // gates behind a selector group (demux.cc) assume at most one member of it holds.
  void LoadState(const State& s);
  // Sets the move inputs to `joint` (one move per role; an id out of range sets the
  // role's no-move leaf) and propagates.
  void SetJoint(std::span<const Move> joint);
  // The value of a component that legal, terminal or next need (or of a leaf).
  bool Value(uint32_t component) const { return (counters_[component] >> 31) != 0; }
  // Brings the goal-only components up to date with the loaded state; after this Value()
  // is exact for every component until the next LoadState/SetJoint.
  void SyncGoals();
  // Writes the fluents whose `next` holds into `out` (sized to num_fluents).
  void ReadNext(State* out) const;
  // Loads the successor computed by the last SetJoint, as LoadState(next) would, without
  // comparing states first (for playouts that always move on).
  void Advance() { LoadNext(); }
  // Writes the loaded state into `out` (sized to num_fluents).
  void ReadLoaded(State* out) const;
  // Remembers everything about the loaded state (at the cost of copying one counter per
  // component) so that a later LoadState of a state nearer to it than to the one loaded
  // starts from the copy instead of propagating the difference, when copying is predicted
  // to cost less (LoadState learns how many events a fluent's change costs): a playout that
  // starts where the last one started does not undo the last one fluent by fluent.
  void SaveCheckpoint();
  // Whether the checkpoint holds the loaded state.
  bool AtCheckpoint() const { return at_checkpoint_; }
  // Whether the last jump LoadState made was long enough for a checkpoint to have been
  // cheaper than propagating it (on a large network, copying every counter costs more than
  // a short jump).
  bool CheckpointPays() const { return checkpoint_pays_; }
  // Per component: how many main outputs its changes reached (plain edges) and how many of
  // those flipped, counted while a FlipProfile is attached.
  struct FlipProfile {
    std::vector<uint64_t> edges, flips;
  };
  // Attaches `profile` (sized to the components; null detaches). Not owned; slows
  // propagation down.
  void set_flip_profile(FlipProfile* profile) { flip_profile_ = profile; }
  // The legal bitset (propnet.h, legal_bit): bit legal_bit[r] + m is legal[r][m]'s value.
  std::span<const uint64_t> legal_words() const { return legal_words_; }

 private:
  void FullInit(const State& s);
  // The counter gate i (outside cycles) has given its inputs' values.
  uint32_t Recomputed(uint32_t i) const {
    uint32_t c = net_.base_counter[i];
    for (uint32_t k = net_.in_begin[i]; k < net_.in_begin[i + 1]; ++k) {
      const uint32_t e = net_.in_edges[k];
      c += (counters_[e & kEdgeTargetMask] >> 31) ^ (e >> 31);
    }
    return c;
  }
  static constexpr uint32_t kPendingLeaf = 0x80000000u;  // SetJoint's mark on a LeafCode
  // A leaf in the form fluent_leaf_ and move_leaf_ keep: its id << 1, | 1 if it feeds
  // anything. Fluents that no component reads map to the spare counter at the end of
  // counters_, which feeds nothing.
  uint32_t LeafCode(uint32_t c) const {
    const Propnet::Fanout& f = net_.fanout[c];
    return c << 1 | (f.begin != f.end ? 1u : 0u);
  }
  // Gives the leaf of `code` (LeafCode) the value and pushes its change onto stack[top]
  // if it feeds anything; returns the new top. No capacity check: leaves are pushed only
  // between drains, each at most once, and the stack has room for all of them. Branch-free:
  // a leaf that feeds nothing (a noop) is written to the stack but not kept.
  static size_t SetLeafAt(uint32_t code, uint32_t value, uint32_t* counters, uint32_t* stack,
                          size_t top) {
    counters[code >> 1] = kFalseCounter + value;
    stack[top] = (code & ~1u) | value;
    return top + (code & 1);
  }
  // Sets the leaves of the fluents w * 64 + i for each bit i of `bits` to `value`.
  void SetFluents(size_t w, uint64_t bits, uint32_t value) {
    if (bits == 0) return;
    if (has_selectors_ && (bits & net_.selector_words[w]) != 0) [[unlikely]] {
      TrackSelectors(w, bits & net_.selector_words[w], value != 0);
    }
    uint32_t* const counters = counters_.data();
    uint32_t* const stack = stack_.data();
    const uint32_t* const leaves = fluent_leaf_.data() + w * 64;
    size_t top = top_;
    for (; bits != 0; bits &= bits - 1) {
      top = SetLeafAt(leaves[std::countr_zero(bits)], value, counters, stack, top);
    }
    top_ = top;
    goals_synced_ = false;
  }
  // The number of fluents in which `words` and `ref` differ.
  size_t Distance(std::span<const uint64_t> words, const std::vector<uint64_t>& ref) const;
  void RestoreCheckpoint();
  void Push(uint32_t event) {
    if (top_ == stack_.size()) {
      stack_.resize(stack_.size() * 2);
      stack_limit_ = stack_.size() - max_fanout_;
    }
    stack_[top_++] = event;
  }
  // Loads the successor state (next_words_): only the words flagged in next_dirty_.
  void LoadNext();
  // Whether `words` (the words of a state) equals `ref` on the first num_fluents bits.
  bool SameFluents(std::span<const uint64_t> words, const std::vector<uint64_t>& ref) const;
  // Flags every word in which next_words_ and loaded_ differ, and only those.
  void ResetNextDirty();
  // Propagates pending changes along main edges, or along goal-only edges. kCount adds the
  // events propagated to events_ (for the jumps and goal syncs that learn from it; playout
  // steps skip the count).
  template <bool kCount>
  void Drain(bool goal_edges) {
    if (goal_edges) {
      Propagate<kCount>(net_.goal_fanout.data(), net_.goal_edges.data());
    } else {
      Propagate<kCount>(net_.fanout.data(), net_.out_edges.data());
    }
    if (heap_size_ != 0) [[unlikely]]
      DrainSccs<kCount>(goal_edges);
  }
  // Recomputes the dirty cyclic SCCs in order, propagating their changes.
  template <bool kCount>
  void DrainSccs(bool goal_edges);
  // The loop calls nothing (a call would make the compiler keep fewer values in registers
  // for every event): it returns to grow the stack.
  template <bool kCount>
  void Propagate(const Propnet::Fanout* fanout, const uint32_t* edges) {
    if (flip_profile_ != nullptr) [[unlikely]] {
      while (!PropagateUntilFull<kCount, kProfiling>(fanout, edges)) GrowStack();
    } else if (any_branch_free_) {
      while (!PropagateUntilFull<kCount, kMixed>(fanout, edges)) [[unlikely]] GrowStack();
    } else {
      while (!PropagateUntilFull<kCount, kBranching>(fanout, edges)) [[unlikely]] GrowStack();
    }
  }
  [[gnu::noinline]] void GrowStack() {
    stack_.resize(stack_.size() * 2);
    stack_limit_ = stack_.size() - max_fanout_;
  }
  // Propagate's loop; stops early, returning false, when the stack may lack room for the
  // next event's pushes.
  // How PropagateUntilFull pushes flips: always behind a branch; per component, as
  // Fanout::branch_free says; or per component while counting flips (FlipProfile).
  enum PushMode { kBranching, kMixed, kProfiling };
  template <bool kCount, PushMode kMode>
  bool PropagateUntilFull(const Propnet::Fanout* fanout, const uint32_t* edges);
  // A demux's source changed: sets the gates of the active member of its group
  // from their inputs' values (demux.cc), pushing their flips onto stack_[top, ...);
  // returns the new top. Room for them is counted in max_fanout_.
  //
  // A demuxed gate is set from its inputs' current values, not moved by +1/-1: the gates
  // of inactive members hold stale counts, and a selector and the source may change in
  // one propagation in either order. Setting is idempotent, so the gate is exact once the
  // last change of either input has been processed.
  size_t PropagateDemux(uint32_t source, uint32_t demux, size_t top) {
    const int32_t active = group_active_[net_.demux_group[demux]];
    if (active < 0) return top;  // every gate of the group is false
    // The active member's selector is true: each gate is the source's value (inverted).
    const uint32_t value = counters_[source] >> 31;
    const uint32_t i = net_.demux_index_begin[demux] + static_cast<uint32_t>(active);
    uint32_t* const counters = counters_.data();
    for (uint32_t k = net_.demux_index[i]; k < net_.demux_index[i + 1]; ++k) {
      const uint32_t target = net_.demux_targets[k];
      const uint32_t gate = target >> 1;
      const uint32_t after = kTrueCounter - 1 + (value ^ (target & 1));
      const uint32_t before = counters[gate];
      counters[gate] = after;
      if ((before ^ after) >> 31) stack_[top++] = gate << 1 | after >> 31;
    }
    return top;
  }
  // Keeps group_active_ up to date as the selector fluents of `bits` in word w are set to
  // `value` (all turn-offs of a load before its turn-ons).
  void TrackSelectors(size_t w, uint64_t bits, bool value);
  // Flags the cyclic SCC of `target` for recomputation unless `source` is in it (no
  // allocation: the heap has room for every SCC).
  void MarkSccDirty(uint32_t source, uint32_t target) {
    const auto scc = static_cast<uint32_t>(net_.scc_of[target]);
    if (net_.scc_of[source] == static_cast<int32_t>(scc) || dirty_[scc] != 0) return;
    dirty_[scc] = 1;
    dirty_heap_[heap_size_++] = scc;
    std::push_heap(dirty_heap_.begin(),
                   dirty_heap_.begin() + static_cast<std::ptrdiff_t>(heap_size_), std::greater<>());
  }
  void RecomputeScc(uint32_t scc, bool emit_changes);

  const Propnet& net_;
  std::vector<uint32_t> counters_;
  std::vector<uint64_t> loaded_;      // fluent words of the loaded state
  std::vector<uint64_t> next_words_;  // fluents whose `next` holds, kept up to date
  // One bit per word of next_words_: set for every word that differs from loaded_ (and
  // possibly for some that do not).
  std::vector<uint64_t> next_dirty_;
  std::vector<uint64_t> legal_words_;    // values of the legal components, kept up to date
  std::vector<uint32_t> active_inputs_;  // per role: the move leaf currently true (LeafCode)
  // Per fluent (padded to whole words): its leaf as LeafCode makes it.
  std::vector<uint32_t> fluent_leaf_;
  // Role r's move m is leaf move_leaf_[move_begin_[r] + m] (the no-move leaf if none), as
  // LeafCode makes it; the role's last entry, move_leaf_[move_begin_[r + 1] - 1], is its
  // no-move leaf.
  std::vector<uint32_t> move_begin_;
  std::vector<uint32_t> move_leaf_;
  std::vector<uint32_t> stack_;  // pending changes [0, top_): component << 1 | new value
  size_t top_ = 0;
  size_t max_fanout_ = 0;   // most pushes one event can make (Evaluator::Evaluator)
  size_t stack_limit_ = 0;  // stack_.size() - max_fanout_
  // Cyclic SCCs to recompute: a min-heap by id in dirty_heap_[0, heap_size_).
  std::vector<uint32_t> dirty_heap_;
  size_t heap_size_ = 0;
  std::vector<uint8_t> dirty_;
  std::vector<uint8_t> old_values_;  // scratch for RecomputeScc
  std::vector<uint32_t> work_;
  std::vector<uint8_t> goal_seen_;     // per goal_boundary entry: value last passed on
  std::vector<int32_t> group_active_;  // per selector group: index of its true member, or -1
  bool has_selectors_ = false;         // some demux reads a selector group
  bool goals_synced_ = false;
  uint64_t events_ = 0;  // changes propagated so far
  // Events per direct goal output in recent goal drains; 0 until measured, so that the
  // first goal sync propagates and measures it.
  double goal_cascade_ = 0.0;
  // How many words of a recomputing pass one propagated event costs, roughly (an event
  // with its few edges is some 50 instructions, a word of the pass some 8).
  static constexpr double kEventWeight = 6.0;
  // SaveCheckpoint's copy of everything above that describes the loaded state.
  struct Checkpoint {
    std::vector<uint32_t> counters;
    std::vector<uint64_t> loaded, next_words, next_dirty, legal_words;
    std::vector<uint32_t> active_inputs;
    std::vector<uint8_t> goal_seen;
    std::vector<int32_t> group_active;
    bool goals_synced = false;
  };
  Checkpoint checkpoint_;
  bool has_checkpoint_ = false;
  bool at_checkpoint_ = false;  // the loaded state is the checkpoint's
  bool checkpoint_pays_ = true;
  double load_cascade_ = 8.0;  // events per fluent of recent jumps; starts at a rough mean
  uint64_t last_word_mask_ = ~uint64_t{0};
  bool initialized_ = false;
  FlipProfile* flip_profile_ = nullptr;
  bool any_branch_free_ = false;  // some main Fanout::branch_free is set
};

}  // namespace ggp::reasoner::propnet
