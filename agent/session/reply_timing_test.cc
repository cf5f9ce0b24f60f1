// When replies leave: the measured margin (reply_latency.h) and `ready` held through the
// start clock while the player thinks ahead (MatchSession::HoldReady).

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "agent/player/registry.h"
#include "agent/player/simple_players.h"
#include "agent/session/match_manager.h"
#include "agent/session/reply_latency.h"
#include "agent/session/session_test_util.h"

namespace ggp::agent {
namespace {

using std::chrono::milliseconds;
using testing::Call;
using testing::EventsNamed;
using testing::ReadEvents;

TEST(ReplyLatencyTest, ConfiguredUntilAGapIsSeenThenTwiceTheShortestGap) {
  SessionOptions o;
  o.margin = milliseconds(1000);
  o.min_margin = milliseconds(100);
  o.max_margin_share = 0.25;
  ReplyLatency latency;
  ReplyMargin m = latency.Margin(o, 10);
  EXPECT_EQ(m.margin, milliseconds(1000));
  EXPECT_EQ(m.source, "configured");
  EXPECT_EQ(m.gap_ms, -1);

  const auto t0 = std::chrono::steady_clock::now();
  latency.ObserveGap(t0, t0 + milliseconds(200));
  latency.ObserveGap(t0, t0 + milliseconds(80));
  latency.ObserveGap(t0, t0 - milliseconds(5));  // out of order: ignored
  EXPECT_EQ(latency.gaps(), 2);
  m = latency.Margin(o, 10);
  EXPECT_EQ(m.margin, milliseconds(2 * 80 + 50));
  EXPECT_EQ(m.source, "measured");
  EXPECT_DOUBLE_EQ(m.gap_ms, 80);

  // Our own lateness counts in full.
  latency.ObserveSent(t0, t0 - milliseconds(10));  // early: nothing
  latency.ObserveSent(t0, t0 + milliseconds(30));
  m = latency.Margin(o, 10);
  EXPECT_EQ(m.margin, milliseconds(2 * 80 + 30 + 50));
  EXPECT_DOUBLE_EQ(m.lateness_ms, 30);

  // The floor holds it up.
  o.min_margin = milliseconds(400);
  EXPECT_EQ(latency.Margin(o, 10).margin, milliseconds(400));
  EXPECT_EQ(latency.Margin(o, 10).source, "floor");

  // A slow link: the measured margin may exceed the configured one.
  ReplyLatency slow;
  slow.ObserveGap(t0, t0 + milliseconds(900));
  EXPECT_EQ(slow.Margin(o, 60).margin, milliseconds(1850));
  // A short clock caps it at a quarter.
  EXPECT_EQ(slow.Margin(o, 2).margin, milliseconds(500));
  EXPECT_EQ(slow.Margin(o, 2).source, "measured, capped");

  o.fixed_margin = true;
  EXPECT_EQ(latency.Margin(o, 10).margin, milliseconds(1000));
  EXPECT_EQ(latency.Margin(o, 10).source, "fixed");
}

// A legal player that test players below change one call of.
class LegalWrapper : public Player {
 public:
  explicit LegalWrapper(const PlayerOptions& o) : legal_(MakeLegalPlayer(o)) {}
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& initial, Deadline deadline) override {
    legal_->Start(std::move(machine), role, initial, deadline);
  }
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override {
    return legal_->SelectMove(state, deadline, stats);
  }
  void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) override {
    legal_->Advance(joint, next);
  }
  void Finish() override { legal_->Finish(); }

 private:
  std::unique_ptr<Player> legal_;
};

// A legal player that says it thinks ahead until `settle_after` polls (-1: always).
std::atomic<int> g_settle_after{-1};
std::atomic<int> g_polls{0};

class ThinkingPlayer final : public LegalWrapper {
 public:
  using LegalWrapper::LegalWrapper;
  std::string_view name() const override { return "test-thinking"; }
  bool ThinksAhead() const override {
    const int polls = ++g_polls;
    return g_settle_after.load() < 0 || polls <= g_settle_after.load();
  }
};

const bool kRegistered = RegisterPolicy("test-thinking", [](const PlayerOptions& o) {
  return std::make_unique<ThinkingPlayer>(o);
});

// A legal player whose first SelectMove returns `g_late_ms` past the deadline it was given,
// as a search starved of the CPU does; later ones return at once.
std::atomic<int> g_late_ms{0};
std::atomic<int> g_selects{0};

class LatePlayer final : public LegalWrapper {
 public:
  using LegalWrapper::LegalWrapper;
  std::string_view name() const override { return "test-late"; }
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override {
    if (g_selects++ == 0) std::this_thread::sleep_until(deadline + milliseconds(g_late_ms.load()));
    return LegalWrapper::SelectMove(state, deadline, stats);
  }
};

const bool kLateRegistered = RegisterPolicy(
    "test-late", [](const PlayerOptions& o) { return std::make_unique<LatePlayer>(o); });

class ReplyTimingTest : public ::testing::Test {
 protected:
  SessionOptions Options() {
    SessionOptions o = testing::TestOptions(dir_.str());
    o.policy = "test-thinking";
    g_settle_after = -1;
    g_polls = 0;
    return o;
  }
  double ReadyHeldMs(const std::string& id) {
    auto start = EventsNamed(ReadEvents(dir_.str(), id), "start");
    EXPECT_EQ(start.size(), 1u);
    if (start.empty() || !start[0].contains("ready_held_ms")) return -1;
    return start[0]["ready_held_ms"].get<double>();
  }
  testing::TempDir dir_;
};

TEST_F(ReplyTimingTest, ReadyIsHeldUntilTheStartDeadlineWhileThePlayerThinks) {
  ASSERT_TRUE(kRegistered);
  SessionOptions o = Options();
  o.margin = milliseconds(500);
  MatchManager m(o);
  const auto sent = std::chrono::steady_clock::now();
  EXPECT_EQ(Call(m, testing::StartMessage("held", "first", testing::kNim3Rules, 2, 1)), "ready");
  // Due at 2 s - 500 ms; the worker answers up to 50 ms before that, never sooner.
  EXPECT_GE(std::chrono::steady_clock::now() - sent, milliseconds(1400));
  EXPECT_GT(g_polls.load(), 1);
  EXPECT_EQ(Call(m, "(abort held)"), "aborted");
  m.Shutdown();
  EXPECT_GE(ReadyHeldMs("held"), 1000);
}

TEST_F(ReplyTimingTest, ReadyEarlyAndASettledPlayerAnswerAtOnce) {
  SessionOptions o = Options();
  o.ready_early = true;
  {
    MatchManager m(o);
    // A 30 s start clock: held, the reply would take 29 s.
    EXPECT_EQ(Call(m, testing::StartMessage("early", "first", testing::kNim3Rules, 30, 1)),
              "ready");
    EXPECT_EQ(Call(m, "(abort early)"), "aborted");
    m.Shutdown();
  }
  EXPECT_EQ(ReadyHeldMs("early"), -1);  // not held at all
  EXPECT_EQ(g_polls.load(), 0);

  o = Options();
  g_settle_after = 2;  // thinks for two polls, then has nothing left to think about
  MatchManager m(o);
  EXPECT_EQ(Call(m, testing::StartMessage("settled", "first", testing::kNim3Rules, 30, 1)),
            "ready");
  EXPECT_EQ(Call(m, "(abort settled)"), "aborted");
  m.Shutdown();
  EXPECT_EQ(g_polls.load(), 3);
  const double held = ReadyHeldMs("settled");
  EXPECT_GE(held, 0);
  EXPECT_LT(held, 15000);  // far from the 29 s a held START would take
}

TEST_F(ReplyTimingTest, AnEarlyPlayEndsTheHold) {
  SessionOptions o = Options();
  MatchManager m(o);
  auto ready = testing::Send(m, testing::StartMessage("eager", "first", testing::kNim3Rules, 30, 1));
  ASSERT_TRUE(testing::Eventually([&] { return g_polls.load() > 0; }));
  // A server that does not wait for `ready`: the hold ends, the play is answered.
  EXPECT_EQ(Call(m, "(play eager nil)"), "(take 1)");
  ASSERT_EQ(ready.wait_for(std::chrono::seconds(1)), std::future_status::ready);
  EXPECT_EQ(ready.get(), "ready");
  EXPECT_EQ(Call(m, "(abort eager)"), "aborted");
  m.Shutdown();
}

TEST_F(ReplyTimingTest, ABoardSwapQueuedBeforeTheHoldDoesNotEndIt) {
  ASSERT_TRUE(kRegistered);
  SessionOptions o = Options();
  o.margin = milliseconds(500);
  // A board learner that is done at once, handing back the reference machine: its swap is
  // queued before `ready` is held. The thinking player keeps its machine (the swap is
  // refused); what counts is that the queued swap did not end the hold.
  o.board_builder = [](const gdl::Description&,
                       std::shared_ptr<const reasoner::StateMachine> reference,
                       const reasoner::MachineOptions&) {
    reasoner::MachineBuild b;
    b.machine = std::move(reference);
    return b;
  };
  MatchManager m(o);
  EXPECT_EQ(Call(m, testing::StartMessage("swap", "first", testing::kNim3Rules, 2, 1)), "ready");
  EXPECT_EQ(Call(m, "(abort swap)"), "aborted");
  m.Shutdown();
  EXPECT_GE(ReadyHeldMs("swap"), 1000);
  auto board = EventsNamed(ReadEvents(dir_.str(), "swap"), "board");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0]["swapped"], false) << board[0].dump();
  EXPECT_NE(board[0]["why"].get<std::string>().find("keeps its machine"), std::string::npos)
      << board[0].dump();
}

TEST_F(ReplyTimingTest, PlaysUseTheMarginMeasuredFromTheRefereesGaps) {
  SessionOptions o = Options();
  o.ready_early = true;
  o.fixed_margin = false;
  o.margin = milliseconds(900);
  o.max_margin_share = 0.25;
  o.min_margin = milliseconds(0);
  MatchManager m(o);
  EXPECT_EQ(Call(m, testing::StartMessage("gaps", "first", testing::kNim3Rules, 2, 1)), "ready");
  EXPECT_EQ(Call(m, "(play gaps nil)"), "(take 1)");
  EXPECT_EQ(Call(m, "(play gaps ((take 1) noop))"), "noop");
  EXPECT_EQ(Call(m, "(stop gaps (noop (take 1)))"), "done");
  m.Shutdown();
  auto plays = EventsNamed(ReadEvents(dir_.str(), "gaps"), "play");
  ASSERT_EQ(plays.size(), 2u);
  auto start = EventsNamed(ReadEvents(dir_.str(), "gaps"), "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(start[0]["margin"], "configured, capped");
  EXPECT_DOUBLE_EQ(start[0]["margin_ms"].get<double>(), 500);  // capped at a quarter of 2 s
  for (const auto& p : plays) {
    // The `ready` (or the previous move) was answered, then this request came: a gap.
    EXPECT_EQ(p["margin"], "measured") << p.dump();
    EXPECT_GE(p["referee_gap_ms"].get<double>(), 0);
    EXPECT_NEAR(p["margin_ms"].get<double>(), 2 * p["referee_gap_ms"].get<double>() + 50, 0.01);
  }
}

TEST_F(ReplyTimingTest, ASearchPastItsDeadlineMakesLaterMovesStopSooner) {
  ASSERT_TRUE(kLateRegistered);
  SessionOptions o = Options();
  o.policy = "test-late";
  o.ready_early = true;
  o.margin = milliseconds(100);  // fixed: a 2 s clock leaves 1900 ms, a reserve of 50 to 475
  g_late_ms = 30;
  g_selects = 0;
  MatchManager m(o);
  EXPECT_EQ(Call(m, testing::StartMessage("late", "first", testing::kNim3Rules, 2, 2)), "ready");
  EXPECT_EQ(Call(m, "(play late nil)"), "(take 1)");
  EXPECT_EQ(Call(m, "(play late ((take 1) noop))"), "noop");
  EXPECT_EQ(Call(m, "(stop late (noop (take 1)))"), "done");
  m.Shutdown();
  auto plays = EventsNamed(ReadEvents(dir_.str(), "late"), "play");
  ASSERT_EQ(plays.size(), 2u);
  EXPECT_DOUBLE_EQ(plays[0]["reserve_ms"].get<double>(), 50);
  ASSERT_TRUE(plays[0].contains("overrun_ms")) << plays[0].dump();
  const double late = plays[0]["overrun_ms"].get<double>();
  EXPECT_GE(late, 30);
  // The next move keeps the overrun in reserve besides the 50 ms, within a quarter.
  EXPECT_NEAR(plays[1]["reserve_ms"].get<double>(), std::min(50 + late, 475.0), 0.01);
  EXPECT_FALSE(plays[1].contains("overrun_ms")) << plays[1].dump();
}

}  // namespace
}  // namespace ggp::agent
