#pragma once
// Append-only numbering with lock-free reads, for the prover's fluent and move numbers.
//
// DenseNumbering assigns 0, 1, 2, ... to TermIds in order of first sight and answers both
// directions (TermId -> number, number -> TermId) without locking once a number exists:
// values live in chunks that never move (chunk k holds kFirst << k slots), published with
// release stores and read with acquire loads. Assigning a new number takes a mutex.
//
// Thread safety: every method may be called from any thread at any time.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

#include "reasoner/prover/term_store.h"

namespace ggp::reasoner::prover {

// A growable array of atomic int32 slots indexed by a dense id, every slot starting at -1.
class DenseSlots {
 public:
  DenseSlots() {
    for (auto& c : chunks_) c.store(nullptr, std::memory_order_relaxed);
  }
  ~DenseSlots() {
    for (auto& c : chunks_) delete[] c.load(std::memory_order_relaxed);
  }
  DenseSlots(const DenseSlots&) = delete;
  DenseSlots& operator=(const DenseSlots&) = delete;

  // The value at `i`, or -1 if never set.
  int32_t Get(uint32_t i) const {
    auto [chunk, offset] = Locate(i);
    const std::atomic<int32_t>* c = chunks_[chunk].load(std::memory_order_acquire);
    return c == nullptr ? -1 : c[offset].load(std::memory_order_acquire);
  }
  // Sets slot `i`; callers serialise Set calls (one writer at a time).
  void Set(uint32_t i, int32_t value) {
    auto [chunk, offset] = Locate(i);
    std::atomic<int32_t>* c = chunks_[chunk].load(std::memory_order_relaxed);
    if (c == nullptr) {
      size_t n = size_t{1} << (chunk + kFirstBits);
      c = new std::atomic<int32_t>[n];
      for (size_t k = 0; k < n; ++k) c[k].store(-1, std::memory_order_relaxed);
      chunks_[chunk].store(c, std::memory_order_release);
    }
    c[offset].store(value, std::memory_order_release);
  }

 private:
  static constexpr int kFirstBits = 8;
  static constexpr int kMaxChunks = 32 - kFirstBits;
  static std::pair<size_t, uint32_t> Locate(uint32_t i) {
    uint64_t x = uint64_t{i} + (uint64_t{1} << kFirstBits);
    int top = 63 - __builtin_clzll(x);
    return {static_cast<size_t>(top - kFirstBits), static_cast<uint32_t>(x - (uint64_t{1} << top))};
  }
  std::array<std::atomic<std::atomic<int32_t>*>, kMaxChunks> chunks_;
};

class DenseNumbering {
 public:
  // The number of `term`, assigning the next one on first sight.
  int32_t NumberOf(TermId term) {
    int32_t n = numbers_.Get(static_cast<uint32_t>(term));
    if (n >= 0) return n;
    std::lock_guard lock(mu_);
    n = numbers_.Get(static_cast<uint32_t>(term));
    if (n >= 0) return n;
    n = count_;
    terms_.Set(static_cast<uint32_t>(n), term);  // before the number is visible
    numbers_.Set(static_cast<uint32_t>(term), n);
    ++count_;
    return n;
  }
  // The term of number `n` (which must have been assigned).
  TermId TermOf(int32_t n) const { return terms_.Get(static_cast<uint32_t>(n)); }

 private:
  std::mutex mu_;
  int32_t count_ = 0;  // guarded by mu_
  DenseSlots numbers_;  // TermId -> number
  DenseSlots terms_;    // number -> TermId
};

}  // namespace ggp::reasoner::prover
