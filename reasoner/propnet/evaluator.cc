#include "reasoner/propnet/evaluator.h"

#include <algorithm>
#include <bit>
#include <functional>

namespace ggp::reasoner::propnet {

Evaluator::Evaluator(const Propnet& net)
    : net_(net),
      counters_(net.num_components() + 1, kFalseCounter),  // + the spare (LeafCode)
      loaded_((net.num_fluents + 63) / 64, 0),
      next_words_((net.num_fluents + 63) / 64, 0),
      next_dirty_((next_words_.size() + 63) / 64, 0),
      legal_words_(net.legal_words, 0),
      active_inputs_(net.legal.size(), net.num_components() << 1),
      dirty_(net.scc_range.size(), 0),
      old_values_(net.max_scc_size, 0),
      goal_seen_(net.goal_boundary.size(), 0),
      group_active_(net.group_members.size(), -1) {
  for (uint64_t w : net.selector_words) has_selectors_ |= w != 0;
  for (const Propnet::Fanout& f : net.fanout) any_branch_free_ |= f.branch_free != 0;
  // Pushes one event can make without a capacity check: its plain outputs, and on main
  // edges its recompute outputs and the gates of its demuxes too (Propagate).
  std::vector<size_t> demux_pushes(net.demux_group.size(), 0);
  for (size_t d = 0; d < demux_pushes.size(); ++d) {
    const size_t members = net.group_members[net.demux_group[d]].size();
    for (size_t k = 0; k < members; ++k) {
      const uint32_t i = net.demux_index_begin[d] + static_cast<uint32_t>(k);
      demux_pushes[d] =
          std::max<size_t>(demux_pushes[d], net.demux_index[i + 1] - net.demux_index[i]);
    }
  }
  for (const Propnet::Fanout& f : net.fanout) {
    size_t pushes = f.end - f.begin;
    for (uint32_t k = f.special; k < f.end; ++k) {
      const uint32_t e = net.out_edges[k];
      if ((e & kSpecialKindMask) == kDemuxEdge) pushes += demux_pushes[e & kEdgeTargetMask];
    }
    max_fanout_ = std::max(max_fanout_, pushes);
  }
  for (const Propnet::Fanout& f : net.goal_fanout) {
    max_fanout_ = std::max<size_t>(max_fanout_, f.special - f.begin);
  }
  size_t leaves = 0;
  for (uint8_t leaf : net.is_leaf) leaves += leaf;
  stack_.resize(1024 + leaves + max_fanout_);
  stack_limit_ = 1024 + leaves;
  move_begin_.push_back(0);
  for (size_t r = 0; r < net.input.size(); ++r) {
    for (int32_t leaf : net.input[r]) {
      move_leaf_.push_back(LeafCode(leaf >= 0 ? static_cast<uint32_t>(leaf) : net.no_move[r]));
    }
    move_leaf_.push_back(LeafCode(net.no_move[r]));  // for ids out of range
    move_begin_.push_back(static_cast<uint32_t>(move_leaf_.size()));
  }
  fluent_leaf_.assign(loaded_.size() * 64, net.num_components() << 1);
  for (uint32_t f = 0; f < net.num_fluents; ++f) {
    if (net.fluent_base[f] >= 0)
      fluent_leaf_[f] = LeafCode(static_cast<uint32_t>(net.fluent_base[f]));
  }
  dirty_heap_.resize(net.scc_range.size());
  work_.reserve(net.max_scc_size);
  if (net.num_fluents % 64 != 0) last_word_mask_ = (uint64_t{1} << (net.num_fluents % 64)) - 1;
}

void Evaluator::FullInit(const State& s) {
  at_checkpoint_ = false;
  std::copy(net_.base_counter.begin(), net_.base_counter.end(), counters_.begin());
  std::span<const uint64_t> words = s.words();
  for (size_t w = 0; w < loaded_.size(); ++w) {
    loaded_[w] = w < words.size() ? words[w] : 0;
    if (w + 1 == loaded_.size()) loaded_[w] &= last_word_mask_;
  }
  for (uint32_t f = 0; f < net_.num_fluents; ++f) {
    int32_t c = net_.fluent_base[f];
    if (c >= 0 && ((loaded_[f >> 6] >> (f & 63)) & 1))
      counters_[static_cast<uint32_t>(c)] = kTrueCounter;
  }
  for (size_t r = 0; r < active_inputs_.size(); ++r) {
    // Move 0 rather than the no-move leaf: a playout's first joint move then changes
    // inputs the way later ones do, not from a state no step leaves behind (with the
    // no-move leaf set, complemented move disjunctions hold that otherwise never do, and
    // a checkpoint taken now would make every playout start from there).
    const uint32_t leaf = move_leaf_[move_begin_[r]];  // the no-move leaf if there is no move
    counters_[leaf >> 1] = kTrueCounter;
    active_inputs_[r] = leaf;
  }
  uint32_t n = net_.num_components();
  for (uint32_t i = 0; i < n; ++i) {
    if (net_.is_leaf[i]) continue;
    int32_t scc = net_.scc_of[i];
    if (scc >= 0) {
      if (net_.scc_range[static_cast<size_t>(scc)].first == i)
        RecomputeScc(static_cast<uint32_t>(scc), false);
      continue;
    }
    counters_[i] = Recomputed(i);
  }
  for (size_t k = 0; k < net_.goal_boundary.size(); ++k)
    goal_seen_[k] = Value(net_.goal_boundary[k]);
  std::fill(group_active_.begin(), group_active_.end(), -1);
  for (size_t w = 0; w < loaded_.size(); ++w) {
    TrackSelectors(w, loaded_[w] & net_.selector_words[w], true);
  }
  std::fill(legal_words_.begin(), legal_words_.end(), 0);
  for (size_t r = 0; r < net_.legal.size(); ++r) {
    for (size_t m = 0; m < net_.legal[r].size(); ++m) {
      uint32_t bit = net_.legal_bit[r] + static_cast<uint32_t>(m);
      legal_words_[bit >> 6] |= static_cast<uint64_t>(counters_[net_.legal[r][m]] >> 31)
                                << (bit & 63);
    }
  }
  std::fill(next_words_.begin(), next_words_.end(), 0);
  for (uint32_t f = 0; f < net_.num_fluents; ++f) {
    next_words_[f >> 6] |= static_cast<uint64_t>(counters_[net_.fluent_next[f]] >> 31) << (f & 63);
  }
  ResetNextDirty();
  goals_synced_ = true;
  initialized_ = true;
}

template <bool kCount>
void Evaluator::DrainSccs(bool goal_edges) {
  const Propnet::Fanout* fanout = goal_edges ? net_.goal_fanout.data() : net_.fanout.data();
  const uint32_t* edges = goal_edges ? net_.goal_edges.data() : net_.out_edges.data();
  while (heap_size_ != 0) {
    std::pop_heap(dirty_heap_.begin(),
                  dirty_heap_.begin() + static_cast<std::ptrdiff_t>(heap_size_), std::greater<>());
    const uint32_t scc = dirty_heap_[--heap_size_];
    dirty_[scc] = 0;
    RecomputeScc(scc, true);
    Propagate<kCount>(fanout, edges);
  }
}

// The hot loop. An edge is target << 1 | inverted; the target's new value, should it flip,
// is v ^ inverted (v: the source's new value), its counter moves by +1 if that is true and
// -1 if false, and it flips exactly when the counter's top bit changes (a counter never
// wraps). A target that flips is pushed in one of two ways. Behind a branch on the flip:
// the branch is predicted and the processor runs ahead to the next event before the
// counters are read (connectFour, ticTacToe and hex 1.2-1.3x faster than the other way).
// Or branch-free, writing every target and keeping it only if it flipped: the next pop
// then waits for every counter of the event, but no misprediction costs a flush, which
// wins for components whose flips are hard to predict (Fanout::branch_free; reversi's
// cells, 1.2x). Demux and recompute pushes branch.
template <bool kCount, Evaluator::PushMode kMode>
bool Evaluator::PropagateUntilFull(const Propnet::Fanout* fanout, const uint32_t* edges) {
  uint32_t* const counters = counters_.data();
  uint32_t* const stack = stack_.data();
  const size_t limit = stack_limit_;
  size_t top = top_;
  uint64_t events = 0;
  while (top != 0) {
    if (top > limit) [[unlikely]]
      break;
    const uint32_t ev = stack[--top];
    if constexpr (kCount) ++events;
    const uint32_t v = ev & 1;
    const Propnet::Fanout f = fanout[ev >> 1];
    const uint32_t* const end = edges + f.special;
    // Profiles count main edges only: the choice they inform is the main fanout's.
    const bool profiled = kMode == kProfiling && fanout == net_.fanout.data();
    if (profiled) flip_profile_->edges[ev >> 1] += f.special - f.begin;
    const size_t top_before = top;
    if (kMode != kBranching && f.branch_free != 0) {
      for (const uint32_t* p = edges + f.begin; p != end; ++p) {
        const uint32_t e = *p ^ v;  // target << 1 | its new value if it flips
        uint32_t* const counter = counters + (e >> 1);
        const uint32_t before = *counter;
        const uint32_t after = before + ((e & 1) << 1) - 1;
        *counter = after;
        stack[top] = e;
        top += (before ^ after) >> 31;
      }
    } else {
#pragma GCC unroll 2
      for (const uint32_t* p = edges + f.begin; p != end; ++p) {
        const uint32_t e = *p ^ v;
        uint32_t* const counter = counters + (e >> 1);
        const uint32_t before = *counter;
        const uint32_t after = before + ((e & 1) << 1) - 1;
        *counter = after;
        if ((before ^ after) >> 31) stack[top++] = e;
      }
    }
    if (profiled) flip_profile_->flips[ev >> 1] += top - top_before;
    for (const uint32_t* k = end; k != edges + f.end; ++k) {  // flagged outputs
      const uint32_t e = *k;
      const uint32_t t = e & kEdgeTargetMask;
      const uint32_t kind = e & kSpecialKindMask;
      if (kind == kNextEdge) {  // ev computes (next t): the bit flips
        next_words_[t >> 6] ^= uint64_t{1} << (t & 63);
        next_dirty_[t >> 12] |= uint64_t{1} << ((t >> 6) & 63);
      } else if (kind == kLegalEdge) {  // ev is legal bit t
        legal_words_[t >> 6] ^= uint64_t{1} << (t & 63);
      } else if (kind == kRecomputeEdge) {  // ev selects gate t
        // t = ev AND partner, set from their values (demux.cc); counted in max_fanout_.
        const uint32_t partner = net_.demux_partner[t];
        const uint32_t after = kTrueCounter - 2 + (counters[ev >> 1] >> 31) +
                               ((counters[partner & kEdgeTargetMask] ^ partner) >> 31);
        const uint32_t before = counters[t];
        counters[t] = after;
        if ((before ^ after) >> 31) stack[top++] = t << 1 | after >> 31;
      } else if (kind == kDemuxEdge) {
        top = PropagateDemux(ev >> 1, t, top);
      } else {  // a plain edge into another cyclic SCC
        MarkSccDirty(ev >> 1, t);
      }
    }
  }
  top_ = top;
  if constexpr (kCount) events_ += events;
  return top == 0;
}

template bool Evaluator::PropagateUntilFull<false, Evaluator::kBranching>(const Propnet::Fanout*,
                                                                          const uint32_t*);
template bool Evaluator::PropagateUntilFull<false, Evaluator::kMixed>(const Propnet::Fanout*,
                                                                      const uint32_t*);
template bool Evaluator::PropagateUntilFull<false, Evaluator::kProfiling>(const Propnet::Fanout*,
                                                                          const uint32_t*);
template bool Evaluator::PropagateUntilFull<true, Evaluator::kBranching>(const Propnet::Fanout*,
                                                                         const uint32_t*);
template bool Evaluator::PropagateUntilFull<true, Evaluator::kMixed>(const Propnet::Fanout*,
                                                                     const uint32_t*);
template bool Evaluator::PropagateUntilFull<true, Evaluator::kProfiling>(const Propnet::Fanout*,
                                                                         const uint32_t*);
template void Evaluator::DrainSccs<false>(bool);
template void Evaluator::DrainSccs<true>(bool);

// Least fixpoint of a positive cycle given its external inputs: start from all members
// false and let truth spread along internal edges.
void Evaluator::RecomputeScc(uint32_t scc, bool emit_changes) {
  auto [b, e] = net_.scc_range[scc];
  int32_t id = static_cast<int32_t>(scc);
  work_.clear();
  for (uint32_t i = b; i < e; ++i) {
    old_values_[i - b] = static_cast<uint8_t>(counters_[i] >> 31);
    uint32_t c = net_.base_counter[i];
    for (uint32_t k = net_.in_begin[i]; k < net_.in_begin[i + 1]; ++k) {
      uint32_t edge = net_.in_edges[k];
      uint32_t src = edge & kEdgeTargetMask;
      if (net_.scc_of[src] == id) continue;
      c += (counters_[src] >> 31) ^ (edge >> 31);
    }
    counters_[i] = c;
    if (c >> 31) work_.push_back(i);
  }
  // Internal edges are plain (no recursion through negation) and flagged kSccEdge, in
  // the special main outputs of a main SCC or the goal outputs of a goal-only one.
  auto spread = [&](uint32_t edge) {
    uint32_t t = edge & kEdgeTargetMask;
    if (!(edge & kSccEdge) || net_.scc_of[t] != id) return;
    uint32_t before = counters_[t];
    counters_[t] = before + 1;
    if (((before ^ (before + 1)) >> 31) != 0) work_.push_back(t);
  };
  while (!work_.empty()) {
    uint32_t i = work_.back();
    work_.pop_back();
    const Propnet::Fanout& f = net_.fanout[i];
    for (uint32_t k = f.special; k < f.end; ++k) spread(net_.out_edges[k]);
    const Propnet::Fanout& g = net_.goal_fanout[i];
    for (uint32_t k = g.special; k < g.end; ++k) spread(net_.goal_edges[k]);
  }
  if (!emit_changes) return;
  for (uint32_t i = b; i < e; ++i) {
    uint32_t now = counters_[i] >> 31;
    if (now != old_values_[i - b]) Push(i << 1 | now);
  }
}

}  // namespace ggp::reasoner::propnet
