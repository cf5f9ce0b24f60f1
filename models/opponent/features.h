#pragma once
// State features for the opponent models: the indices of a state's true fluents (set bits
// of its bitset), sorted, which is what opponent_model.h calls Features.
//
// Plain functions; thread safe. FeaturesOf reuses `out`'s capacity (no allocation once it
// has grown to the largest state seen).

#include <bit>
#include <cstdint>
#include <vector>

#include "reasoner/state.h"

namespace ggp::models {

inline void FeaturesOf(const reasoner::State& s, std::vector<uint32_t>* out) {
  out->clear();
  const auto words = s.words();
  for (size_t w = 0; w < words.size(); ++w) {
    uint64_t bits = words[w];
    while (bits != 0) {
      out->push_back(static_cast<uint32_t>(w * 64 + static_cast<size_t>(std::countr_zero(bits))));
      bits &= bits - 1;
    }
  }
}

}  // namespace ggp::models
