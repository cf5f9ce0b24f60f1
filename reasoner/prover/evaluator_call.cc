// The evaluator's tabled calls (evaluator.h): a call's memo, and the SCCs of calls that
// read each other while pending, iterated to their fixpoint. The rules a call runs are in
// evaluator_join.cc.

#include <algorithm>
#include <vector>

#include "reasoner/prover/evaluator.h"
#include "reasoner/prover/scratch_tuple.h"

namespace ggp::reasoner::prover {

const FactTable& Evaluator::Call(int relation, std::span<const TermId> pattern) {
  const int c = program_.component_of(relation);
  const bool tabled = program_.components()[static_cast<size_t>(c)].recursive;
  if (tabled && depth_ > kMaxNesting) {
    free_pattern_.assign(pattern.size(), kNoTerm);
    pattern = free_pattern_;
  }
  Memo& m = memos_[static_cast<size_t>(relation)];
  // Slots follow the insertion order of the calls table.
  long known = m.calls.IndexOf(pattern);
  if (known >= 0) {
    const int32_t pending = m.pending[static_cast<size_t>(known)];
    if (pending >= 0 && current_ >= 0) {
      // A call still being evaluated: a cycle. Its partial answers are what we have; the
      // reader joins its SCC (only calls of the same component can be pending here).
      Pending& reader = stack_[static_cast<size_t>(current_)];
      reader.low = std::min(reader.low, static_cast<size_t>(pending));
      reader.read_pending = true;
    }
    return m.answers[static_cast<size_t>(known)];
  }
  m.calls.Insert(pattern);
  const size_t slot = m.calls.size() - 1;
  if (m.answers.size() <= slot) {
    m.answers.emplace_back(program_.relation_arity()[static_cast<size_t>(relation)]);
  }
  m.pending.push_back(-1);
  m.used = slot + 1;
  FactTable* out = &m.answers[slot];
  // The pattern may live in scratch that nested calls reuse: copy it (on the stack when
  // short, as nearly every call is).
  ScratchTuple<16> copy(pattern.size());
  std::copy(pattern.begin(), pattern.end(), copy.data());
  const std::span<const TermId> call = copy.view();
  if (!tabled) {
    RunRules(relation, call, out);
    m.pending[slot] = out->empty() ? kFinalEmpty : kFinalAnswered;
    return *out;
  }
  const size_t index = stack_.size();
  stack_.push_back({relation, slot, index, false});
  m.pending[slot] = static_cast<int32_t>(index);
  const int caller = current_;
  current_ = static_cast<int>(index);
  RunRules(relation, call, out);
  Complete(index);
  current_ = caller;
  if (stack_.size() > index && caller >= 0) {
    // Still pending: part of an older call's SCC, which the caller now belongs to.
    Pending& up = stack_[static_cast<size_t>(caller)];
    up.low = std::min(up.low, stack_[index].low);
  }
  return *out;
}

void Evaluator::Complete(size_t root) {
  if (stack_[root].low < root) return;
  // stack_[root..] is an SCC of calls (no call in it read a pending call below root). If
  // none read a pending call, their answers are final after this one pass; otherwise the
  // SCC is run again until no answer is added (re-runs may make new calls: they join it
  // when they stay pending, and if one reaches a pending call below root, the SCC merges
  // into that older one, whose root finishes the work).
  bool cyclic = false;
  for (size_t k = root; k < stack_.size(); ++k) cyclic |= stack_[k].read_pending;
  std::vector<TermId> again;
  bool changed = cyclic;
  while (changed && !overflowed_) {
    changed = false;
    for (size_t k = root; k < stack_.size(); ++k) {
      const Pending p = stack_[k];
      Memo& mm = memos_[static_cast<size_t>(p.relation)];
      auto t = mm.calls.Tuple(p.slot);
      again.assign(t.begin(), t.end());
      current_ = static_cast<int>(k);
      changed |= RunRules(p.relation, again, &mm.answers[p.slot]);
    }
    size_t low = root;
    for (size_t k = root; k < stack_.size(); ++k) low = std::min(low, stack_[k].low);
    if (low < root) {
      stack_[root].low = low;
      return;
    }
  }
  for (size_t k = root; k < stack_.size(); ++k) {
    Memo& mk = memos_[static_cast<size_t>(stack_[k].relation)];
    mk.pending[stack_[k].slot] = mk.answers[stack_[k].slot].empty() ? kFinalEmpty : kFinalAnswered;
  }
  stack_.resize(root);
}

}  // namespace ggp::reasoner::prover
