#pragma once
// What the libFuzzer targets of tests/fuzz share: a check that ends the run with the
// difference printed, and a small deterministic generator for the choices a target makes
// from its input (read sizes, limits).
//
// A failed check prints "FUZZ CHECK FAILED" with the file, line, condition and detail to
// stderr and aborts; libFuzzer then saves the input as a crash artifact (scripts/fuzz
// prints how to replay it). Everything here is per call: no shared state, so a target
// gives the same result for the same input whatever ran before it.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ggp::testing {

[[noreturn]] inline void FuzzCheckFailed(const char* file, int line, const char* condition,
                                         const std::string& detail) {
  std::fprintf(stderr, "FUZZ CHECK FAILED at %s:%d: %s\n%s\n", file, line, condition,
               detail.c_str());
  std::fflush(stderr);
  std::abort();
}

// The input as text (the targets read bytes; the code under test reads text).
inline std::string_view AsText(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// FNV-1a of the input: seeds the choices a target derives from the whole input.
inline uint64_t InputHash(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

// splitmix64: a fixed sequence from a seed, so a target's choices depend on its input only.
class FuzzChoices {
 public:
  explicit FuzzChoices(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // A value in [lo, hi].
  size_t Between(size_t lo, size_t hi) { return lo + static_cast<size_t>(Next() % (hi - lo + 1)); }

 private:
  uint64_t state_;
};

}  // namespace ggp::testing

// Aborts with `detail` (a std::string expression, evaluated only on failure) unless `cond`.
#define GGP_FUZZ_CHECK(cond, detail)                                                   \
  do {                                                                                 \
    if (!(cond)) ::ggp::testing::FuzzCheckFailed(__FILE__, __LINE__, #cond, (detail)); \
  } while (0)
