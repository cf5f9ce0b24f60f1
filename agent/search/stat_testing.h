#pragma once
// Test helpers for reading and writing a node's move statistics directly. Tests only; not
// thread-safe against a running search (use them on a paused or never-started search).

#include <cstdint>

#include "agent/search/node.h"

namespace ggp::search_testing {

// Gives move `i` of `role` at `n` the given visits and mean reward.
inline void SetStat(const agent::search::Node& n, int role, uint32_t i, uint32_t visits,
                    double mean) {
  n.stat(role, i).visits.store(visits);
  n.stat(role, i).SetRewardSum(mean * visits);
}

// Mean reward of move `i` of `role` at `n` (the move must have visits).
inline double Mean(const agent::search::Node& n, int role, uint32_t i) {
  const agent::search::MoveStat& s = n.stat(role, i);
  return s.reward_sum() / s.visits.load();
}

}  // namespace ggp::search_testing
