#include "agent/runner/progress.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace ggp::agent::runner {
namespace {

TEST(ProgressTest, DescribesEachPhase) {
  MatchRecord r;
  r.play_clock = 1;
  r.errors = {{"", "TO"}};
  EXPECT_EQ(DescribeStep(r, "start"), "started [TO]");
  EXPECT_EQ(DescribeStep(r, "play"), "move 1: waiting for replies (1 s clock)");
  r.moves = {{"( take 2 )", "noop"}};
  r.errors.push_back({"IL null", ""});
  EXPECT_EQ(DescribeStep(r, "move"), "move 1: ( take 2 ) noop [IL null]");
  r.is_completed = true;
  r.goal_values = {100, 0};
  EXPECT_EQ(DescribeStep(r, "end"), "completed after 1 moves, goals 100 0");
  r.is_completed = false;
  r.is_aborted = true;
  EXPECT_EQ(DescribeStep(r, "end"), "aborted after 1 moves");
}

TEST(ProgressTest, StaysQuietWhenNotATerminal) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    LiveLine line(file);
    EXPECT_FALSE(line.enabled());
    line.Show("move 1");
    line.Clear();
  }
  EXPECT_EQ(std::ftell(file), 0L);
  std::fclose(file);
}

}  // namespace
}  // namespace ggp::agent::runner
