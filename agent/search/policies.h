#pragma once
// Hooks for opponent models, and the small random generator every search thread owns.
//
//   MovePrior:     P(a | s, role) for each legal move a of `role` in `s`. MCTS uses it in
//                  selection (a PUCT-style bonus, see mcts_search.h) and to order which
//                  unvisited move is tried first. Default: uniform (plain UCT).
//   PlayoutPolicy: picks the move of `role` in a playout. Default: uniform random.
//
// Thread safety: both are called concurrently from every search thread, each with its own
// Rng. Implementations must be safe for concurrent calls and should not allocate (they run
// in the hot loop). They must not block.

#include <cstddef>
#include <cstdint>
#include <span>

#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// xoshiro256** (Blackman & Vigna, 2018), seeded through splitmix64. Not thread-safe: one
// per thread.
class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { Seed(seed); }
  void Seed(uint64_t seed) {
    for (uint64_t& w : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      w = z ^ (z >> 31);
    }
  }
  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n); n > 0. (Lemire's multiply-shift; the bias is below 2^-32 for our n.)
  uint32_t Below(uint32_t n) {
    return static_cast<uint32_t>(((Next() >> 32) * static_cast<uint64_t>(n)) >> 32);
  }
  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

class MovePrior {
 public:
  virtual ~MovePrior() = default;
  // Writes one probability per entry of `legal` into `out` (same size, non-negative; the
  // search normalises the sum to 1). Called once per role when a tree node is created.
  virtual void Prior(const reasoner::State& state, int role,
                     std::span<const reasoner::Move> legal, std::span<float> out) const = 0;
};

class UniformPrior final : public MovePrior {
 public:
  void Prior(const reasoner::State&, int, std::span<const reasoner::Move> legal,
             std::span<float> out) const override {
    const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
    for (float& x : out) x = p;
  }
};

class PlayoutPolicy {
 public:
  virtual ~PlayoutPolicy() = default;
  // Returns an index into `legal` (non-empty) for `role` in `state`.
  virtual size_t Choose(const reasoner::State& state, int role,
                        std::span<const reasoner::Move> legal, Rng& rng) const = 0;
};

class UniformPlayout final : public PlayoutPolicy {
 public:
  size_t Choose(const reasoner::State&, int, std::span<const reasoner::Move> legal,
                Rng& rng) const override {
    return rng.Below(static_cast<uint32_t>(legal.size()));
  }
};

}  // namespace ggp::agent::search
