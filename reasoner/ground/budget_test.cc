#include "reasoner/ground/budget.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace ggp::reasoner::ground {
namespace {

TEST(BudgetTest, ResidentMemoryIsReadable) {
  EXPECT_GT(ResidentBytes(), 0u);
  EXPECT_GE(PeakResidentBytes(), ResidentBytes());
}

TEST(BudgetTest, AnEstimateOverTheCapStopsTheBuild) {
  BudgetOptions o;
  o.max_bytes = size_t{64} << 20;
  Budget b(o);
  EXPECT_TRUE(b.Charge(size_t{1} << 20));
  EXPECT_FALSE(b.OverMemory());
  EXPECT_FALSE(b.Charge(size_t{64} << 20));
  EXPECT_TRUE(b.OverMemory());
  EXPECT_FALSE(b.Ok());
  EXPECT_NE(b.ExceededReason().find("exceeded the 64 MB memory budget (estimate 65 MB"),
            std::string::npos)
      << b.ExceededReason();
}

// Memory the estimate does not see (here: a buffer outside any builder) still counts once
// the process holds it.
TEST(BudgetTest, ResidentGrowthOverTheCapStopsTheBuildTheEstimateMisses) {
  BudgetOptions o;
  o.max_bytes = size_t{32} << 20;
  Budget b(o);
  EXPECT_TRUE(b.Charge(0));
  std::vector<char> held(size_t{96} << 20, 1);  // written, so resident
  EXPECT_FALSE(b.Charge(0));
  EXPECT_TRUE(b.OverMemory());
  EXPECT_GE(b.resident_growth(), size_t{64} << 20);
  EXPECT_NE(b.ExceededReason().find("resident growth"), std::string::npos) << b.ExceededReason();
  EXPECT_EQ(std::accumulate(held.begin(), held.begin() + 4096, 0), 4096);  // keeps `held` alive
}

TEST(BudgetTest, ACancelFlagSetElsewhereCountsAsTimeUp) {
  std::atomic<bool> cancel{false};
  BudgetOptions o;
  o.max_seconds = 3600;
  o.cancel = &cancel;
  Budget b(o);
  EXPECT_FALSE(b.TimeUp());
  EXPECT_TRUE(b.Ok());
  cancel.store(true);
  EXPECT_TRUE(b.Cancelled());
  EXPECT_TRUE(b.TimeUp());
  EXPECT_FALSE(b.Ok());
  EXPECT_EQ(b.ExceededReason(), "was cancelled");
}

}  // namespace
}  // namespace ggp::reasoner::ground
