#include "agent/runner/reply_stats.h"

#include <gtest/gtest.h>

namespace ggp::agent::runner {
namespace {

TEST(ReplyStatsTest, KeepsTheSlowestRatioAndCountsLateReplies) {
  ReplyStats s;
  EXPECT_TRUE(s.Add(Millis{500}, Millis{1000}));  // the first is the slowest so far
  EXPECT_FALSE(s.Add(Millis{1000}, Millis{5000}));
  EXPECT_TRUE(s.Add(Millis{930}, Millis{1000}));
  EXPECT_FALSE(s.Add(Millis{930}, Millis{1000}));  // a tie keeps the first
  EXPECT_EQ(s.replies, 4);
  EXPECT_EQ(s.late, 0);
  EXPECT_DOUBLE_EQ(s.slowest, 0.93);
  EXPECT_EQ(s.slowest_elapsed, Millis{930});

  EXPECT_TRUE(s.Add(Millis{1500}, Millis{1000}));
  EXPECT_EQ(s.late, 1);
  EXPECT_DOUBLE_EQ(s.slowest, 1.5);
}

TEST(ReplyStatsTest, ZeroClockAndInstantRepliesAreCounted) {
  ReplyStats s;
  EXPECT_TRUE(s.Add(Millis{0}, Millis{1000}));
  EXPECT_EQ(s.replies, 1);
  EXPECT_DOUBLE_EQ(s.slowest, 0.0);
  EXPECT_TRUE(s.Add(Millis{3}, Millis{0}));  // a zero clock counts as 1 ms
  EXPECT_DOUBLE_EQ(s.slowest, 3.0);
  EXPECT_EQ(s.late, 1);
}

TEST(ReplyStatsTest, MergeAddsCountsAndTakesTheSlower) {
  ReplyStats a;
  a.Add(Millis{400}, Millis{1000});
  a.slowest_at = "a";
  ReplyStats b;
  b.Add(Millis{2500}, Millis{2000});
  b.slowest_at = "b";
  ReplyStats empty;

  ReplyStats total;
  total.Merge(empty);
  EXPECT_EQ(total.replies, 0);
  total.Merge(a);
  EXPECT_EQ(total.slowest_at, "a");
  total.Merge(b);
  total.Merge(a);
  EXPECT_EQ(total.replies, 3);
  EXPECT_EQ(total.late, 1);
  EXPECT_DOUBLE_EQ(total.slowest, 1.25);
  EXPECT_EQ(total.slowest_at, "b");

  nlohmann::json j = total.Json();
  EXPECT_EQ(j["replies"], 3);
  EXPECT_EQ(j["late"], 1);
  EXPECT_DOUBLE_EQ(j["slowest"].get<double>(), 1.25);
  EXPECT_EQ(j["slowest_ms"], 2500);
  EXPECT_EQ(j["slowest_at"], "b");
}

}  // namespace
}  // namespace ggp::agent::runner
