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

#include <bit>
#include <cstdint>
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
  void SetLeaf(uint32_t c, bool value) {
    counters_[c] = value ? kTrueCounter : kFalseCounter;
    const Propnet::Fanout& f = net_.fanout[c];
    // No capacity check: leaves are pushed only between drains, each at most once, and
    // the stack has room for all of them. A leaf that feeds nothing (a noop) is not pushed.
    if (f.begin != f.end) stack_[top_++] = c << 1 | (value ? 1u : 0u);
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
  // Sets the leaves of the fluents w * 64 + i for each bit i of `bits` to `value`.
  void SetFluents(size_t w, uint64_t bits, bool value) {
    if (has_selectors_ && (bits & net_.selector_words[w]) != 0) [[unlikely]] {
      TrackSelectors(w, bits & net_.selector_words[w], value);
    }
    for (; bits != 0; bits &= bits - 1) {
      const int32_t c = net_.fluent_base[w * 64 + static_cast<size_t>(std::countr_zero(bits))];
      if (c >= 0) SetLeaf(static_cast<uint32_t>(c), value);
    }
  }
  // Loads the successor state (next_words_): only the words flagged in next_dirty_.
  void LoadNext();
  // Whether `words` (the words of a state) equals `ref` on the first num_fluents bits.
  bool SameFluents(std::span<const uint64_t> words, const std::vector<uint64_t>& ref) const;
  // Flags every word in which next_words_ and loaded_ differ, and only those.
  void ResetNextDirty();
  // Propagates pending changes along main edges, or along goal-only edges.
  void Drain(bool goal_edges) {
    if (goal_edges) {
      Propagate(net_.goal_fanout.data(), net_.goal_edges.data());
    } else {
      Propagate(net_.fanout.data(), net_.out_edges.data());
    }
    if (!dirty_heap_.empty()) [[unlikely]] DrainSccs(goal_edges);
  }
  // Recomputes the dirty cyclic SCCs in order, propagating their changes.
  void DrainSccs(bool goal_edges);
  void Propagate(const Propnet::Fanout* fanout, const uint32_t* edges);
  // A flagged output e of c other than next, legal and recompute: demux or cycle.
  [[gnu::noinline]] void PropagateRare(uint32_t c, uint32_t e);
  // Sets the gates of the active member of a demux's group (its source changed).
  void PropagateDemux(uint32_t source, uint32_t demux);
  // Gives a demuxed gate the counter its inputs' values make and pushes its flip, if any.
  void SetGate(uint32_t gate, uint32_t counter) {
    const uint32_t before = counters_[gate];
    counters_[gate] = counter;
    if ((before ^ counter) >> 31) Push(gate << 1 | counter >> 31);
  }
  // Keeps group_active_ up to date as the selector fluents of `bits` in word w are set to
  // `value` (all turn-offs of a load before its turn-ons).
  void TrackSelectors(size_t w, uint64_t bits, bool value);
  void MarkSccDirty(uint32_t source, uint32_t target);
  void RecomputeScc(uint32_t scc, bool emit_changes);

  const Propnet& net_;
  std::vector<uint32_t> counters_;
  std::vector<uint64_t> loaded_;  // fluent words of the loaded state
  std::vector<uint64_t> next_words_;  // fluents whose `next` holds, kept up to date
  // One bit per word of next_words_: set for every word that differs from loaded_ (and
  // possibly for some that do not).
  std::vector<uint64_t> next_dirty_;
  std::vector<uint64_t> legal_words_;  // values of the legal components, kept up to date
  std::vector<int32_t> active_inputs_;  // per role: the move leaf currently true
  // Role r's move m is leaf move_leaf_[move_begin_[r] + m] (the no-move leaf if none).
  std::vector<uint32_t> move_begin_;
  std::vector<uint32_t> move_leaf_;
  std::vector<uint32_t> stack_;  // pending changes [0, top_): component << 1 | new value
  size_t top_ = 0;
  size_t max_fanout_ = 0;    // most gates reading one component
  size_t stack_limit_ = 0;   // stack_.size() - max_fanout_
  std::vector<uint32_t> dirty_heap_;  // cyclic SCCs to recompute, min-heap by id
  std::vector<uint8_t> dirty_;
  std::vector<uint8_t> old_values_;  // scratch for RecomputeScc
  std::vector<uint32_t> work_;
  std::vector<uint8_t> goal_seen_;  // per goal_boundary entry: value last passed on
  std::vector<int32_t> group_active_;  // per selector group: index of its true member, or -1
  bool has_selectors_ = false;         // some demux reads a selector group
  bool goals_synced_ = false;
  uint64_t events_ = 0;         // changes propagated so far
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
    std::vector<int32_t> active_inputs;
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
};

}  // namespace ggp::reasoner::propnet
