// MatchManager under pressure: capacity, stale matches, aborts during a build, requests for
// ended matches, and the margin of short clocks.

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <thread>

#include "agent/session/match_manager.h"
#include "agent/session/session_test_util.h"

namespace ggp::agent {
namespace {

using testing::Call;
using testing::EventsNamed;
using testing::ReadEvents;

class MatchManagerCapacityTest : public ::testing::Test {
 protected:
  std::string Start(MatchManager& m, const std::string& id, int start_clock = 2,
                    int play_clock = 1) {
    return Call(m,
                testing::StartMessage(id, "first", testing::kNim3Rules, start_clock, play_clock));
  }
  testing::TempDir dir_;
};

TEST_F(MatchManagerCapacityTest, StartBeyondCapacityIsBusyAndBuildsNothing) {
  SessionOptions o = testing::TestOptions(dir_.str());
  o.max_matches = 2;
  auto builds = std::make_shared<std::atomic<int>>(0);
  o.builder = [builds](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    builds->fetch_add(1);
    return testing::NimBuilder(d, mo);
  };
  MatchManager m(o);
  EXPECT_EQ(Start(m, "cap.a"), "ready");
  EXPECT_EQ(Start(m, "cap.b"), "ready");
  EXPECT_EQ(Start(m, "cap.c"), "busy");
  EXPECT_EQ(m.live_matches(), 2);
  EXPECT_FALSE(m.IsLive("cap.c"));
  EXPECT_EQ(Call(m, "(play cap.c nil)"), "busy");
  EXPECT_EQ(builds->load(), 2);
  // A place frees up: the next START is accepted.
  EXPECT_EQ(Call(m, "(stop cap.a nil)"), "done");
  EXPECT_EQ(Start(m, "cap.c"), "ready");
  EXPECT_EQ(m.live_matches(), 2);
  m.Shutdown();
  EXPECT_EQ(builds->load(), 3);
}

TEST_F(MatchManagerCapacityTest, ASilentMatchIsExpiredToMakeRoom) {
  SessionOptions o = testing::TestOptions(dir_.str());
  o.max_matches = 1;
  o.stale_slack = std::chrono::seconds(0);
  MatchManager m(o);
  // Clocks of 0 s: stale as soon as any time has passed without a request.
  EXPECT_EQ(Start(m, "old", 0, 0), "ready");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(Start(m, "new"), "ready");
  EXPECT_TRUE(m.IsLive("new"));
  EXPECT_FALSE(m.IsLive("old"));
  EXPECT_EQ(Call(m, "(play old nil)"), "busy");
  ASSERT_TRUE(testing::Eventually(
      [&] { return EventsNamed(ReadEvents(dir_.str(), "old"), "expire").size() == 1; }));
  auto expire = EventsNamed(ReadEvents(dir_.str(), "old"), "expire");
  EXPECT_NE(expire[0].dump().find("needed its place"), std::string::npos) << expire[0].dump();
}

TEST_F(MatchManagerCapacityTest, AMatchThatStillTalksIsNotExpiredForANewOne) {
  SessionOptions o = testing::TestOptions(dir_.str());
  o.max_matches = 1;
  MatchManager m(o);  // stale only after 2 + 2 x 1 + 10 s of silence
  EXPECT_EQ(Start(m, "busy.1"), "ready");
  EXPECT_EQ(Start(m, "busy.2"), "busy");
  EXPECT_TRUE(m.IsLive("busy.1"));
}

// The builder waits for the cancel flag (with a hang guard): an ABORT during the build must
// set it, and the player must not be started after the build returns.
TEST_F(MatchManagerCapacityTest, AbortDuringTheBuildCancelsIt) {
  SessionOptions o = testing::TestOptions(dir_.str());
  auto saw_cancel = std::make_shared<std::promise<bool>>();
  auto result = saw_cancel->get_future();
  o.builder = [saw_cancel](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    bool cancelled = false;
    for (int i = 0; i < 3000 && !cancelled; ++i) {
      cancelled = mo.cancel != nullptr && mo.cancel->load();
      if (!cancelled) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    saw_cancel->set_value(cancelled);
    return testing::NimBuilder(d, mo);
  };
  MatchManager m(o);
  EXPECT_EQ(Start(m, "building", 1, 1), "ready");  // sent by the watchdog at the deadline
  EXPECT_EQ(Call(m, "(abort building)"), "aborted");
  EXPECT_TRUE(result.get());
  ASSERT_TRUE(testing::Eventually(
      [&] { return EventsNamed(ReadEvents(dir_.str(), "building"), "abort").size() == 1; }));
  auto start = EventsNamed(ReadEvents(dir_.str(), "building"), "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_FALSE(start[0].contains("policy")) << start[0].dump();
}

// Matches still winding down hold memory too: as many as max_matches of them make a new
// START busy until they are gone.
TEST_F(MatchManagerCapacityTest, MatchesWindingDownCountAgainstCapacity) {
  SessionOptions o = testing::TestOptions(dir_.str());
  o.max_matches = 1;
  auto release = std::make_shared<std::promise<void>>();
  std::shared_future<void> released = release->get_future().share();
  o.builder = [released](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    released.wait_for(std::chrono::seconds(30));  // ignores the cancel flag on purpose
    return testing::NimBuilder(d, mo);
  };
  MatchManager m(o);
  EXPECT_EQ(Start(m, "slow.1", 1, 1), "ready");
  EXPECT_EQ(Call(m, "(abort slow.1)"), "aborted");
  EXPECT_EQ(m.live_matches(), 0);
  EXPECT_EQ(Start(m, "slow.2", 1, 1), "busy");
  release->set_value();
  ASSERT_TRUE(testing::Eventually([&] { return Start(m, "slow.3", 1, 1) == "ready"; }));
}

TEST_F(MatchManagerCapacityTest, RequestsForAnEndedMatchGetTheirDefinedAnswers) {
  MatchManager m(testing::TestOptions(dir_.str()));
  EXPECT_EQ(Start(m, "over"), "ready");
  EXPECT_EQ(Call(m, "(stop over nil)"), "done");
  EXPECT_EQ(Call(m, "(play over nil)"), "busy");
  EXPECT_EQ(Call(m, "(stop over nil)"), "done");
  EXPECT_EQ(Call(m, "(abort over)"), "aborted");
  m.Shutdown();
  auto events = ReadEvents(dir_.str(), "over");
  EXPECT_EQ(EventsNamed(events, "stop").size(), 1u);
  EXPECT_TRUE(EventsNamed(events, "abort").empty());
}

TEST(EffectiveMarginTest, ShortClocksKeepMostOfTheirTime) {
  SessionOptions o;
  o.margin = std::chrono::milliseconds(1000);
  o.max_margin_share = 0.25;
  using std::chrono::milliseconds;
  EXPECT_EQ(EffectiveMargin(o, 1), milliseconds(250));
  EXPECT_EQ(EffectiveMargin(o, 2), milliseconds(500));
  EXPECT_EQ(EffectiveMargin(o, 4), milliseconds(1000));
  EXPECT_EQ(EffectiveMargin(o, 60), milliseconds(1000));
  EXPECT_EQ(EffectiveMargin(o, 0), milliseconds(0));
  EXPECT_EQ(EffectiveMargin(o, -3), milliseconds(0));
  o.max_margin_share = 1.0;
  EXPECT_EQ(EffectiveMargin(o, 1), milliseconds(1000));
}

}  // namespace
}  // namespace ggp::agent
