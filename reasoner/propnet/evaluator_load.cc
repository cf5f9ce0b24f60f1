// The loading side of the Evaluator (evaluator.h): states, joint moves, the next state.
#include <algorithm>
#include <bit>
#include <cstring>

#include "reasoner/propnet/evaluator.h"

namespace ggp::reasoner::propnet {

bool Evaluator::SameFluents(std::span<const uint64_t> words,
                            const std::vector<uint64_t>& ref) const {
  size_t nw = ref.size();
  if (nw == 0) return true;
  if (words.size() < nw) {
    for (size_t w = 0; w < nw; ++w) {
      uint64_t now = w < words.size() ? words[w] : 0;
      if (w + 1 == nw) now &= last_word_mask_;
      if (now != ref[w]) return false;
    }
    return true;
  }
  uint64_t diff = (words[nw - 1] & last_word_mask_) ^ ref[nw - 1];
  if (nw > 8) {  // long states: the library's compare beats the loop below
    return diff == 0 && std::memcmp(words.data(), ref.data(), (nw - 1) * sizeof(uint64_t)) == 0;
  }
  for (size_t w = 0; w + 1 < nw; ++w) diff |= words[w] ^ ref[w];  // no early exit: vectorised
  return diff == 0;
}

void Evaluator::ResetNextDirty() {
  std::fill(next_dirty_.begin(), next_dirty_.end(), 0);
  for (size_t w = 0; w < loaded_.size(); ++w) {
    if (loaded_[w] != next_words_[w]) next_dirty_[w >> 6] |= uint64_t{1} << (w & 63);
  }
}

size_t Evaluator::Distance(std::span<const uint64_t> words,
                           const std::vector<uint64_t>& ref) const {
  size_t d = 0;
  for (size_t w = 0; w < ref.size(); ++w) {
    uint64_t now = w < words.size() ? words[w] : 0;
    if (w + 1 == ref.size()) now &= last_word_mask_;
    d += static_cast<size_t>(std::popcount(now ^ ref[w]));
  }
  return d;
}

void Evaluator::SaveCheckpoint() {
  checkpoint_.counters = counters_;  // same sizes after the first call: no allocation
  checkpoint_.loaded = loaded_;
  checkpoint_.next_words = next_words_;
  checkpoint_.next_dirty = next_dirty_;
  checkpoint_.legal_words = legal_words_;
  checkpoint_.active_inputs = active_inputs_;
  checkpoint_.goal_seen = goal_seen_;
  checkpoint_.group_active = group_active_;
  checkpoint_.goals_synced = goals_synced_;
  has_checkpoint_ = true;
  at_checkpoint_ = true;
}

void Evaluator::RestoreCheckpoint() {
  // Equal sizes: each assignment copies into the existing storage, allocating nothing.
  counters_ = checkpoint_.counters;
  loaded_ = checkpoint_.loaded;
  next_words_ = checkpoint_.next_words;
  next_dirty_ = checkpoint_.next_dirty;
  legal_words_ = checkpoint_.legal_words;
  active_inputs_ = checkpoint_.active_inputs;
  goal_seen_ = checkpoint_.goal_seen;
  group_active_ = checkpoint_.group_active;
  goals_synced_ = checkpoint_.goals_synced;
}

void Evaluator::TrackSelectors(size_t w, uint64_t bits, bool value) {
  for (; bits != 0; bits &= bits - 1) {
    const auto f = static_cast<uint32_t>(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
    int32_t& active = group_active_[static_cast<size_t>(net_.fluent_group[f])];
    const auto index = static_cast<int32_t>(net_.fluent_group_index[f]);
    if (value) {
      active = index;
    } else if (active == index) {
      active = -1;
    }
  }
}

void Evaluator::LoadState(const State& s) {
  if (!initialized_) {
    FullInit(s);
    return;
  }
  std::span<const uint64_t> words = s.words();
  if (SameFluents(words, loaded_)) return;
  if (SameFluents(words, next_words_)) {
    LoadNext();
    return;
  }
  // Copying the checkpoint costs about an event per 64 components; propagating a jump of
  // d fluents some d * load_cascade_ events (learnt below).
  size_t changed = Distance(words, loaded_);
  checkpoint_pays_ =
      static_cast<double>(changed) * load_cascade_ * 64 >= static_cast<double>(counters_.size());
  if (has_checkpoint_ && checkpoint_pays_) {
    const size_t from_checkpoint = Distance(words, checkpoint_.loaded);
    if (from_checkpoint < changed) {
      RestoreCheckpoint();
      at_checkpoint_ = true;
      if (from_checkpoint == 0) return;
      changed = from_checkpoint;
    }
  }
  at_checkpoint_ = false;
  const uint64_t before = events_;
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
      SetFluents(w, diff, pass == 1 ? 1 : 0);
    }
  }
  if (top_ != 0) Drain<true>(false);
  load_cascade_ = 0.875 * load_cascade_ +
                  0.125 * static_cast<double>(events_ - before) / static_cast<double>(changed);
  ResetNextDirty();
}

void Evaluator::LoadNext() {
  at_checkpoint_ = false;
  // As in LoadState, turn-offs are pushed first; only flagged words can differ.
  const size_t dirty_words = next_dirty_.size();
  for (size_t d = 0; d < dirty_words; ++d) {
    for (uint64_t dirty = next_dirty_[d]; dirty != 0; dirty &= dirty - 1) {
      const size_t w = d * 64 + static_cast<size_t>(std::countr_zero(dirty));
      const uint64_t now = next_words_[w];
      SetFluents(w, (now ^ loaded_[w]) & ~now, 0);
    }
  }
  for (size_t d = 0; d < dirty_words; ++d) {
    for (uint64_t dirty = next_dirty_[d]; dirty != 0; dirty &= dirty - 1) {
      const size_t w = d * 64 + static_cast<size_t>(std::countr_zero(dirty));
      const uint64_t now = next_words_[w];
      SetFluents(w, (now ^ loaded_[w]) & now, 1);
      loaded_[w] = now;
    }
    // loaded_ == next_words_ here now; propagation flags the words whose `next` changes.
    next_dirty_[d] = 0;
  }
  if (top_ != 0) Drain<false>(false);
}

void Evaluator::SetJoint(std::span<const Move> joint) {
  uint32_t* const counters = counters_.data();
  uint32_t* const stack = stack_.data();
  size_t top = top_;
  const size_t n = active_inputs_.size();
  bool changed = false;
  for (size_t r = 0; r < n; ++r) {
    const uint32_t begin = move_begin_[r];
    // A negative or too large id selects the no-move leaf, the last of the role's entries.
    const auto m = static_cast<uint32_t>(r < joint.size() ? joint[r] : -1);
    const uint32_t code = move_leaf_[begin + std::min(m, move_begin_[r + 1] - 1 - begin)];
    if (code == active_inputs_[r]) continue;
    top = SetLeafAt(active_inputs_[r], 0, counters, stack, top);
    active_inputs_[r] = code | kPendingLeaf;  // marks the role for the second pass
    changed = true;
  }
  if (!changed) return;
  goals_synced_ = false;
  // Moves that become true are pushed last, so propagated first (as in LoadState).
  for (size_t r = 0; r < n; ++r) {
    const uint32_t code = active_inputs_[r];
    if ((code & kPendingLeaf) == 0) continue;  // unchanged
    active_inputs_[r] = code & ~kPendingLeaf;
    top = SetLeafAt(code & ~kPendingLeaf, 1, counters, stack, top);
  }
  top_ = top;
  if (top_ != 0) Drain<false>(false);
}

void Evaluator::ReadNext(State* out) const {
  out->Clear(net_.num_fluents);
  std::span<uint64_t> words = out->mutable_words();
  std::copy(next_words_.begin(), next_words_.end(), words.begin());
}

void Evaluator::ReadLoaded(State* out) const {
  out->Clear(net_.num_fluents);
  std::span<uint64_t> words = out->mutable_words();
  std::copy(loaded_.begin(), loaded_.end(), words.begin());
}

}  // namespace ggp::reasoner::propnet
