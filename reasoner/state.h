#pragma once
// A game state as a set of fluent indices, stored as a bitset. Back ends number their
// fluents densely from 0; a back end whose fluent set is not known in advance (the prover)
// may grow states, so equality and hashing ignore trailing zero words.
//
// Copying a state copies its words. Reusing one State object as an output parameter keeps
// its capacity, so steady-state loops do not allocate.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/hash.h"

namespace ggp::reasoner {

class State {
 public:
  State() = default;
  explicit State(size_t num_fluents) : words_((num_fluents + 63) / 64, 0) {}

  bool Test(uint32_t fluent) const {
    size_t w = fluent >> 6;
    return w < words_.size() && ((words_[w] >> (fluent & 63)) & 1u);
  }
  void Set(uint32_t fluent) {
    size_t w = fluent >> 6;
    if (w >= words_.size()) words_.resize(w + 1, 0);
    words_[w] |= uint64_t{1} << (fluent & 63);
  }
  void Reset(uint32_t fluent) {
    size_t w = fluent >> 6;
    if (w < words_.size()) words_[w] &= ~(uint64_t{1} << (fluent & 63));
  }
  // Removes every fluent, keeping capacity; `num_fluents` sizes the bitset.
  void Clear(size_t num_fluents) { words_.assign((num_fluents + 63) / 64, 0); }

  size_t Count() const {
    size_t n = 0;
    for (uint64_t w : words_) n += static_cast<size_t>(std::popcount(w));
    return n;
  }

  // Calls f(index) for each fluent in increasing order.
  template <typename F>
  void ForEach(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w) {
      uint64_t bits = words_[w];
      while (bits != 0) {
        f(static_cast<uint32_t>(w * 64 + static_cast<size_t>(std::countr_zero(bits))));
        bits &= bits - 1;
      }
    }
  }

  std::span<const uint64_t> words() const { return words_; }
  std::span<uint64_t> mutable_words() { return words_; }

  size_t Hash() const { return HashWords(words_); }
  // The hash of a state with these words (trailing zero words do not count, so that states
  // of different capacity that compare equal hash alike). Finalised by Mix64: the
  // word-by-word combine alone leaves the low bits of similar states clustered.
  static size_t HashWords(std::span<const uint64_t> words) {
    return HashOf(words.size(), [&](size_t i) { return words[i]; });
  }
  // HashWords of the words with only the bits of `keep` (words past its end: all bits):
  // equal to HashWords(words) where `keep` clears no set bit.
  static size_t HashWordsMasked(std::span<const uint64_t> words, std::span<const uint64_t> keep) {
    return HashOf(words.size(), [&](size_t i) { return MaskedWord(words, keep, i); });
  }
  // Whether `a` and `b` agree on the bits of `keep` (words past its end: all bits; words
  // past a span's end: zero). With an empty `keep`, whether they are the same state.
  static bool EqualWordsMasked(std::span<const uint64_t> a, std::span<const uint64_t> b,
                               std::span<const uint64_t> keep) {
    const size_t n = a.size() > b.size() ? a.size() : b.size();
    for (size_t i = 0; i < n; ++i) {
      if (MaskedWord(a, keep, i) != MaskedWord(b, keep, i)) return false;
    }
    return true;
  }

  friend bool operator==(const State& a, const State& b) {
    const auto& x = a.words_.size() >= b.words_.size() ? a.words_ : b.words_;
    const auto& y = a.words_.size() >= b.words_.size() ? b.words_ : a.words_;
    for (size_t i = 0; i < y.size(); ++i) {
      if (x[i] != y[i]) return false;
    }
    for (size_t i = y.size(); i < x.size(); ++i) {
      if (x[i] != 0) return false;
    }
    return true;
  }

 private:
  // Word i of `words` (0 past its end) with only the bits of `keep` (all past its end).
  static uint64_t MaskedWord(std::span<const uint64_t> words, std::span<const uint64_t> keep,
                             size_t i) {
    const uint64_t w = i < words.size() ? words[i] : 0;
    return i < keep.size() ? w & keep[i] : w;
  }
  // The hash of the n words word(0..n-1), trailing zero words left out.
  template <typename WordAt>
  static size_t HashOf(size_t n, WordAt word) {
    while (n > 0 && word(n - 1) == 0) --n;
    uint64_t h = 0x243F6A8885A308D3ull;
    for (size_t i = 0; i < n; ++i) {
      h ^= word(i) + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    }
    return static_cast<size_t>(Mix64(h));
  }

  std::vector<uint64_t> words_;
};

struct StateHash {
  size_t operator()(const State& s) const { return s.Hash(); }
};

}  // namespace ggp::reasoner
