#pragma once
// Bit mixing shared by the hashes of the project.

#include <cstdint>

namespace ggp::reasoner {

// The splitmix64 finaliser: a bijection of 64-bit words with full avalanche (every input
// bit flips each output bit with probability about 1/2), so that the low bits of a hash
// can index a table even when the inputs differ in a few high bits only.
constexpr uint64_t Mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

}  // namespace ggp::reasoner
