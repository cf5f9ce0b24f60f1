#pragma once
// The puzzle solver's transposition table (PuzzleSolver::Table, puzzle_solver.h) and the
// state hash it is keyed by. Included by puzzle_solver.cc alone.
//
// Thread safety: none; the table belongs to the solver's own thread.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "agent/search/puzzle_solver.h"
#include "reasoner/state.h"

namespace ggp::agent::search {

// A 64-bit hash of a state's bits (trailing zero words ignored, as State's equality does).
inline uint64_t PuzzleKey(const reasoner::State& s) {
  std::span<const uint64_t> w = s.words();
  size_t n = w.size();
  while (n > 0 && w[n - 1] == 0) --n;
  uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  for (size_t i = 0; i < n; ++i) {
    uint64_t z = w[i] + 0x9E3779B97F4A7C15ull * (i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    h = (h ^ (z ^ (z >> 31))) * 0xD6E8FEB86659FD93ull;
  }
  return h == 0 ? 1 : h;  // 0 marks an empty slot
}

// Open addressing, linear probing: key -> exact value of a fully explored state. Grows by
// doubling up to its byte cap, then refuses new keys.
class PuzzleSolver::Table {
 public:
  explicit Table(size_t max_bytes) : max_slots_(std::max<size_t>(1024, max_bytes / sizeof(Slot))) {
    slots_.resize(std::min<size_t>(1 << 16, max_slots_));
  }
  bool Get(uint64_t key, int* value) const {
    const size_t mask = slots_.size() - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask) {
      if (slots_[i].key == 0) return false;
      if (slots_[i].key == key) {
        *value = slots_[i].value;
        return true;
      }
    }
  }
  void Put(uint64_t key, int value) {
    if (2 * (size_ + 1) > slots_.size()) {
      if (2 * slots_.size() > max_slots_) {
        full_ = true;
        return;
      }
      Grow();
    }
    const size_t mask = slots_.size() - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask) {
      if (slots_[i].key == key) return;
      if (slots_[i].key == 0) {
        slots_[i] = Slot{key, static_cast<int16_t>(value)};
        ++size_;
        return;
      }
    }
  }
  size_t size() const { return size_; }
  bool full() const { return full_; }
  void Clear() {
    slots_.assign(std::min<size_t>(1 << 16, max_slots_), Slot{});
    size_ = 0;
    full_ = false;
  }

 private:
  struct Slot {
    uint64_t key = 0;
    int16_t value = 0;
  };
  void Grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    size_ = 0;
    for (const Slot& s : old) {
      if (s.key != 0) Put(s.key, s.value);
    }
  }
  size_t max_slots_;
  std::vector<Slot> slots_;
  size_t size_ = 0;
  bool full_ = false;
};

}  // namespace ggp::agent::search
