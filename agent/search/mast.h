#pragma once
// Move-Average Sampling Technique (MAST; Finnsson and Björnsson, 2008), in its
// epsilon-greedy form (Tak, Winands and Björnsson, 2012): the search learns, for every
// role and move, the average reward of the iterations in which that role played the move
// (in the tree or in the playout), whatever the state. Playouts then play, with
// probability 1 - epsilon, a legal move of highest average (a move never seen counts as
// the best, so each gets tried), and otherwise a uniformly random one. Good moves of a
// game tend to be good in many states (a capture, a central cell, an advance), so the
// playouts become less random and their results say more about the position.
//
// One table per search thread: no sharing, no atomics. Moves are indexed by their id
// modulo the table size (ids are dense per role in both back ends; beyond the table, ids
// share slots, which only blurs their averages).
//
// Thread safety: none; owned by one WorkerContext. Record/Update/Choose do not allocate
// once the per-iteration list has reached its working size.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "agent/search/policies.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

class MastTable {
 public:
  static constexpr size_t kSlotsPerRole = size_t{1} << 13;

  void Init(int num_roles) {
    sum_.assign(static_cast<size_t>(num_roles) * kSlotsPerRole, 0.0f);
    count_.assign(static_cast<size_t>(num_roles) * kSlotsPerRole, 0);
    played_.clear();
    played_.reserve(1024);
  }

  // Notes that `role` played `move` in the current iteration.
  void Record(int role, reasoner::Move move) { played_.push_back(Slot(role, move)); }
  // Credits every move recorded since the last call with its role's reward (0..1).
  void Update(std::span<const double> rewards) {
    for (uint32_t slot : played_) {
      sum_[slot] += static_cast<float>(rewards[slot / kSlotsPerRole]);
      ++count_[slot];
    }
    played_.clear();
  }
  // Forgets the moves recorded in an iteration that was abandoned.
  void Discard() { played_.clear(); }

  // An index into `legal` (non-empty): epsilon-greedy on the averages, ties broken at
  // random.
  size_t Choose(int role, std::span<const reasoner::Move> legal, double epsilon, Rng& rng) const {
    const uint32_t k = static_cast<uint32_t>(legal.size());
    if (k == 1 || rng.Uniform() < epsilon) return rng.Below(k);
    const uint32_t start = rng.Below(k);
    uint32_t best = start;
    float best_value = -1.0f;
    for (uint32_t step = 0; step < k; ++step) {
      const uint32_t i = start + step < k ? start + step : start + step - k;
      const uint32_t slot = Slot(role, legal[i]);
      const uint32_t n = count_[slot];
      const float value = n == 0 ? 2.0f : sum_[slot] / static_cast<float>(n);
      if (value > best_value) {
        best_value = value;
        best = i;
      }
    }
    return best;
  }

  // The average reward of `role` playing `move`, or -1 if never seen. For tests and logs.
  double Average(int role, reasoner::Move move) const {
    const uint32_t slot = Slot(role, move);
    return count_[slot] == 0 ? -1.0 : static_cast<double>(sum_[slot]) / count_[slot];
  }

 private:
  static uint32_t Slot(int role, reasoner::Move move) {
    return static_cast<uint32_t>(role) * static_cast<uint32_t>(kSlotsPerRole) +
           (static_cast<uint32_t>(move) & static_cast<uint32_t>(kSlotsPerRole - 1));
  }

  std::vector<float> sum_;
  std::vector<uint32_t> count_;
  std::vector<uint32_t> played_;  // slots played in the current iteration
};

}  // namespace ggp::agent::search
