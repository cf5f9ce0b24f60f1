#include "reasoner/propnet/evaluator.h"

#include <algorithm>
#include <bit>
#include <functional>

namespace ggp::reasoner::propnet {

Evaluator::Evaluator(const Propnet& net)
    : net_(net),
      counters_(net.base_counter),
      loaded_((net.num_fluents + 63) / 64, 0),
      next_words_((net.num_fluents + 63) / 64, 0),
      legal_words_(net.legal_words, 0),
      active_inputs_(net.legal.size(), -1),
      dirty_(net.scc_range.size(), 0),
      old_values_(net.max_scc_size, 0),
      goal_seen_(net.goal_boundary.size(), 0) {
  stack_.resize(1024);
  dirty_heap_.reserve(net.scc_range.size());
  work_.reserve(net.max_scc_size);
  if (net.num_fluents % 64 != 0) last_word_mask_ = (uint64_t{1} << (net.num_fluents % 64)) - 1;
}

void Evaluator::FullInit(const State& s) {
  std::copy(net_.base_counter.begin(), net_.base_counter.end(), counters_.begin());
  std::span<const uint64_t> words = s.words();
  for (size_t w = 0; w < loaded_.size(); ++w) {
    loaded_[w] = w < words.size() ? words[w] : 0;
    if (w + 1 == loaded_.size()) loaded_[w] &= last_word_mask_;
  }
  for (uint32_t f = 0; f < net_.num_fluents; ++f) {
    int32_t c = net_.fluent_base[f];
    if (c >= 0 && ((loaded_[f >> 6] >> (f & 63)) & 1)) counters_[static_cast<uint32_t>(c)] = kTrueCounter;
  }
  for (size_t r = 0; r < active_inputs_.size(); ++r) {
    counters_[net_.no_move[r]] = kTrueCounter;
    active_inputs_[r] = static_cast<int32_t>(net_.no_move[r]);
  }
  uint32_t n = net_.num_components();
  for (uint32_t i = 0; i < n; ++i) {
    if (net_.is_leaf[i]) continue;
    int32_t scc = net_.scc_of[i];
    if (scc >= 0) {
      if (net_.scc_range[static_cast<size_t>(scc)].first == i) RecomputeScc(static_cast<uint32_t>(scc), false);
      continue;
    }
    uint32_t c = net_.base_counter[i];
    for (uint32_t k = net_.in_begin[i]; k < net_.in_begin[i + 1]; ++k) {
      uint32_t e = net_.in_edges[k];
      c += (counters_[e & kEdgeTargetMask] >> 31) ^ (e >> 31);
    }
    counters_[i] = c;
  }
  for (size_t k = 0; k < net_.goal_boundary.size(); ++k) goal_seen_[k] = Value(net_.goal_boundary[k]);
  std::fill(legal_words_.begin(), legal_words_.end(), 0);
  for (size_t r = 0; r < net_.legal.size(); ++r) {
    for (size_t m = 0; m < net_.legal[r].size(); ++m) {
      uint32_t bit = net_.legal_bit[r] + static_cast<uint32_t>(m);
      legal_words_[bit >> 6] |= static_cast<uint64_t>(counters_[net_.legal[r][m]] >> 31) << (bit & 63);
    }
  }
  std::fill(next_words_.begin(), next_words_.end(), 0);
  for (uint32_t f = 0; f < net_.num_fluents; ++f) {
    next_words_[f >> 6] |= static_cast<uint64_t>(counters_[net_.fluent_next[f]] >> 31) << (f & 63);
  }
  goals_synced_ = true;
  initialized_ = true;
}

void Evaluator::SyncGoals() {
  if (goals_synced_) return;
  for (size_t k = 0; k < net_.goal_boundary.size(); ++k) {
    uint32_t c = net_.goal_boundary[k];
    uint8_t v = Value(c) ? 1 : 0;
    if (v == goal_seen_[k]) continue;
    goal_seen_[k] = v;
    Push(c << 1 | v);
  }
  if (top_ != 0) Drain(true);
  goals_synced_ = true;
}

void Evaluator::LoadState(const State& s) {
  if (!initialized_) {
    FullInit(s);
    return;
  }
  std::span<const uint64_t> words = s.words();
  size_t nw = loaded_.size();
  // Two passes: fluents that become false are pushed first, so that the ones that become
  // true are propagated first. When a cell changes owner, a gate such as "the cell is
  // empty" then sees the new owner before losing the old one and does not flip twice.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t w = 0; w < nw; ++w) {
      uint64_t now = w < words.size() ? words[w] : 0;
      if (w + 1 == nw) now &= last_word_mask_;
      uint64_t diff = now ^ loaded_[w];
      diff &= pass == 0 ? ~now : now;
      if (pass == 1) loaded_[w] = now;
      while (diff != 0) {
        uint32_t f = static_cast<uint32_t>(w * 64 + static_cast<size_t>(std::countr_zero(diff)));
        diff &= diff - 1;
        int32_t c = net_.fluent_base[f];
        if (c >= 0) SetLeaf(static_cast<uint32_t>(c), pass == 1);
      }
    }
  }
  if (top_ != 0) Drain(false);
}

void Evaluator::SetJoint(std::span<const Move> joint) {
  for (size_t r = 0; r < active_inputs_.size(); ++r) {
    int32_t c = static_cast<int32_t>(net_.no_move[r]);
    if (r < joint.size() && joint[r] >= 0 &&
        static_cast<size_t>(joint[r]) < net_.input[r].size()) {
      int32_t leaf = net_.input[r][static_cast<size_t>(joint[r])];
      if (leaf >= 0) c = leaf;
    }
    if (c == active_inputs_[r]) continue;
    if (active_inputs_[r] >= 0) SetLeaf(static_cast<uint32_t>(active_inputs_[r]), false);
    active_inputs_[r] = ~c;  // marks the role for the second pass
  }
  // Moves that become true are pushed last, so propagated first (as in LoadState).
  for (size_t r = 0; r < active_inputs_.size(); ++r) {
    if (active_inputs_[r] >= 0) continue;  // unchanged
    int32_t c = ~active_inputs_[r];
    SetLeaf(static_cast<uint32_t>(c), true);
    active_inputs_[r] = c;
  }
  if (top_ != 0) Drain(false);
}

void Evaluator::ReadNext(State* out) const {
  out->Clear(net_.num_fluents);
  std::span<uint64_t> words = out->mutable_words();
  std::copy(next_words_.begin(), next_words_.end(), words.begin());
}

void Evaluator::Drain(bool goal_edges) {
  Propagate(goal_edges);
  while (!dirty_heap_.empty()) {
    std::pop_heap(dirty_heap_.begin(), dirty_heap_.end(), std::greater<>());
    uint32_t scc = dirty_heap_.back();
    dirty_heap_.pop_back();
    dirty_[scc] = 0;
    RecomputeScc(scc, true);
    Propagate(goal_edges);
  }
}

void Evaluator::Propagate(bool goal_edges) {
  uint32_t* counters = counters_.data();
  // Main edges of c: [out_begin[c], out_mid[c]); goal-only edges: [out_mid[c], out_begin[c+1]).
  const uint32_t* first = goal_edges ? net_.out_mid.data() : net_.out_begin.data();
  const uint32_t* last = goal_edges ? net_.out_begin.data() + 1 : net_.out_mid.data();
  const uint32_t* out_edges = net_.out_edges.data();
  uint32_t* stack = stack_.data();
  size_t top = top_;
  size_t capacity = stack_.size();
  while (top != 0) {
    uint32_t ev = stack[--top];
    uint32_t c = ev >> 1;
    uint32_t d = (ev & 1) ? 1u : 0xFFFFFFFFu;  // +1 / -1
    for (uint32_t k = first[c], end = last[c]; k < end; ++k) {
      uint32_t e = out_edges[k];
      uint32_t t = e & kEdgeTargetMask;
      if (e & (kSccEdge | kNextEdge | kLegalEdge)) [[unlikely]] {
        // Pseudo-edges: the source computes (next t) / legal bit t; it flipped, so does
        // the bit.
        if (e & kNextEdge) {
          next_words_[t >> 6] ^= uint64_t{1} << (t & 63);
          continue;
        }
        if (e & kLegalEdge) {
          legal_words_[t >> 6] ^= uint64_t{1} << (t & 63);
          continue;
        }
        uint32_t scc = static_cast<uint32_t>(net_.scc_of[t]);
        if (net_.scc_of[c] != static_cast<int32_t>(scc) && !dirty_[scc]) {
          dirty_[scc] = 1;
          dirty_heap_.push_back(scc);
          std::push_heap(dirty_heap_.begin(), dirty_heap_.end(), std::greater<>());
        }
        continue;
      }
      uint32_t delta = (e & kInvertedEdge) ? 0u - d : d;
      uint32_t before = counters[t];
      uint32_t after = before + delta;
      counters[t] = after;
      if (((before ^ after) >> 31) != 0 && !(e & kSinkEdge)) {
        if (top == capacity) [[unlikely]] {
          stack_.resize(capacity * 2);
          stack = stack_.data();
          capacity = stack_.size();
        }
        stack[top++] = t << 1 | (after >> 31);
      }
    }
  }
  top_ = 0;
}

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
  while (!work_.empty()) {
    uint32_t i = work_.back();
    work_.pop_back();
    for (uint32_t k = net_.out_begin[i]; k < net_.out_begin[i + 1]; ++k) {
      uint32_t edge = net_.out_edges[k];
      uint32_t t = edge & kEdgeTargetMask;
      if ((edge & (kNextEdge | kLegalEdge)) || net_.scc_of[t] != id) continue;
      uint32_t before = counters_[t];
      counters_[t] = before + 1;
      if (((before ^ (before + 1)) >> 31) != 0) work_.push_back(t);
    }
  }
  if (!emit_changes) return;
  for (uint32_t i = b; i < e; ++i) {
    uint32_t now = counters_[i] >> 31;
    if (now != old_values_[i - b]) Push(i << 1 | now);
  }
}

}  // namespace ggp::reasoner::propnet
