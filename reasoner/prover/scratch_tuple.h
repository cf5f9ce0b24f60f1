#pragma once
// A tuple of term ids that lives on the stack when it is short (nearly every one is) and on
// the heap otherwise: the prover's joins, term builds and calls fill one per step, so the
// common case must not allocate.
//
// Ownership: the buffer owns its storage; data() is valid until the buffer is destroyed.
// Not thread safe (one per call frame).

#include <cstddef>
#include <span>
#include <vector>

#include "reasoner/prover/term_store.h"

namespace ggp::reasoner::prover {

template <size_t kInline>
class ScratchTuple {
 public:
  // Room for `size` ids, uninitialised when inline.
  explicit ScratchTuple(size_t size) : size_(size) {
    if (size > kInline) heap_.resize(size);
  }
  ScratchTuple(const ScratchTuple&) = delete;
  ScratchTuple& operator=(const ScratchTuple&) = delete;

  TermId* data() { return size_ > kInline ? heap_.data() : inline_; }
  std::span<const TermId> view() { return std::span<const TermId>(data(), size_); }

 private:
  TermId inline_[kInline];
  std::vector<TermId> heap_;
  size_t size_;
};

}  // namespace ggp::reasoner::prover
