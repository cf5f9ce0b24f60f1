#include "agent/player/memory_release.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace ggp::agent {
namespace {

constexpr int64_t kMiB = int64_t{1} << 20;

TEST(MemoryReleaseTest, ResidentSizeIsReadAndGrowsWithTouchedMemory) {
  const int64_t before = ResidentBytes();
  ASSERT_GT(before, 0);
  std::vector<char> block(static_cast<size_t>(64 * kMiB), 1);  // zero-filled pages are touched
  const int64_t after = ResidentBytes();
  EXPECT_GE(after - before, 48 * kMiB) << "before " << before << ", after " << after;
  EXPECT_EQ(block[static_cast<size_t>(32 * kMiB)], 1);
}

// What a finished match leaves: many small blocks freed on a search thread, in an arena
// whose top is still held (so free() alone cannot shrink it).
TEST(MemoryReleaseTest, FreedSmallBlocksGoBackToTheSystem) {
  constexpr int kBlocks = 96 * 1024;
  constexpr size_t kBlockBytes = 1024;  // 96 MiB in all
  std::unique_ptr<char[]> pin;
  int64_t freed_rss = -1;
  MemoryReturned r;
  std::thread search([&] {
    std::vector<std::unique_ptr<char[]>> nodes;
    nodes.reserve(kBlocks);
    for (int i = 0; i < kBlocks; ++i) {
      nodes.emplace_back(new char[kBlockBytes]);
      for (size_t b = 0; b < kBlockBytes; b += 256) nodes.back()[b] = static_cast<char>(i);
    }
    pin.reset(new char[kBlockBytes]);  // above the others in the arena
    pin[0] = 1;
    nodes.clear();
    freed_rss = ResidentBytes();
    r = ReturnFreedMemory();
  });
  search.join();
  ASSERT_GT(freed_rss, 0);
  EXPECT_GT(r.rss_before, 0);
  EXPECT_GT(r.rss_after, 0);
  if (r.supported) {
    EXPECT_GE(r.rss_before - r.rss_after, 48 * kMiB)
        << "resident before " << r.rss_before / kMiB << " MiB, after " << r.rss_after / kMiB;
  } else {
    // A sanitizer's allocator: nothing is asked of it, and nothing is claimed.
    EXPECT_LE(r.rss_after - r.rss_before, 16 * kMiB);
  }
  EXPECT_EQ(pin[0], 1);
}

}  // namespace
}  // namespace ggp::agent
