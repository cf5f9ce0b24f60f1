#pragma once
// Test helpers for reading and writing a node's move statistics directly. Tests only; not
// thread-safe against a running search (use them on a paused or never-started search).

#include <cstdint>
#include <vector>

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

// Every visit count in the tree below `n` (node visits, then each role's move visits),
// depth first: the whole search's footprint, to compare two searches exactly.
inline void AllVisits(const agent::search::Node& n, std::vector<uint32_t>* out) {
  out->push_back(n.visits().load());
  for (int r = 0; r < n.num_roles(); ++r) {
    for (uint32_t i = 0; i < n.num_moves(r); ++i) out->push_back(n.stat(r, i).visits.load());
  }
  for (uint32_t j = 0; j < n.num_children(); ++j) {
    if (const agent::search::Node* c = n.child(j)) AllVisits(*c, out);
  }
}

}  // namespace ggp::search_testing
