#include "agent/session/match_manager.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "agent/session/session_test_util.h"

namespace ggp::agent {
namespace {

using testing::Call;
using testing::EventsNamed;
using testing::ReadEvents;

class MatchManagerTest : public ::testing::Test {
 protected:
  SessionOptions Options() { return testing::TestOptions(dir_.str()); }
  std::string Start(MatchManager& m, const std::string& id, const std::string& role,
                    const std::string& rules = testing::kNim3Rules, int start_clock = 2,
                    int play_clock = 1) {
    return Call(m, testing::StartMessage(id, role, rules, start_clock, play_clock));
  }
  testing::TempDir dir_;
};

TEST_F(MatchManagerTest, InfoPingPreview) {
  MatchManager m(Options());
  EXPECT_EQ(Call(m, "(info)"), "((name TestPlayer) (status available))");
  EXPECT_EQ(Call(m, "( PING )"), "ready");
  EXPECT_EQ(Call(m, "(preview ((role a)) 10)"), "ready");
}

TEST_F(MatchManagerTest, InfoSaysBusyAtCapacity) {
  SessionOptions o = Options();
  o.max_matches = 1;
  MatchManager m(o);
  EXPECT_EQ(Start(m, "cap.1", "first"), "ready");
  EXPECT_EQ(Call(m, "(info)"), "((name TestPlayer) (status busy))");
  EXPECT_EQ(Call(m, "(abort cap.1)"), "aborted");
  EXPECT_EQ(Call(m, "(info)"), "((name TestPlayer) (status available))");
}

TEST_F(MatchManagerTest, WholeMatchAsSecond) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "Base.nim3.1", "second"), "ready");
  EXPECT_EQ(Call(m, "( PLAY Base.nim3.1 NIL )"), "noop");
  EXPECT_EQ(Call(m, "( PLAY Base.nim3.1 (( take 2 ) noop ) )"), "(take 1)");
  EXPECT_EQ(Call(m, "( STOP Base.nim3.1 (noop ( take 1 ) ) )"), "done");
  EXPECT_FALSE(m.IsLive("Base.nim3.1"));
  m.Shutdown();

  auto events = ReadEvents(dir_.str(), "Base.nim3.1");
  auto start = EventsNamed(events, "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(start[0]["role"], "second");
  EXPECT_EQ(start[0]["game"], "nim3");
  EXPECT_EQ(start[0]["machine"]["backend"], "nim-test");
  EXPECT_EQ(start[0]["policy"], "montecarlo");
  auto plays = EventsNamed(events, "play");
  ASSERT_EQ(plays.size(), 2u);
  EXPECT_EQ(plays[0]["moves"], "nil");
  EXPECT_EQ(plays[1]["moves"], "((take 2) noop)");
  EXPECT_EQ(plays[1]["move"], "(take 1)");
  auto stop = EventsNamed(events, "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["goals"], nlohmann::json::array({0, 100}));
  EXPECT_EQ(stop[0]["goal"], 100);
  EXPECT_TRUE(EventsNamed(events, "error").empty());
}

TEST_F(MatchManagerTest, DresdenUpperCaseIsEchoed) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "nim3.1700", "SECOND", testing::Upper(testing::kNim3Rules)), "ready");
  EXPECT_EQ(Call(m, "(PLAY nim3.1700 NIL)"), "NOOP");
  EXPECT_EQ(Call(m, "(PLAY nim3.1700 ((TAKE 2) NOOP))"), "(TAKE 1)");
  EXPECT_EQ(Call(m, "(STOP nim3.1700 (NOOP (TAKE 1)))"), "done");
  m.Shutdown();
  auto stop = EventsNamed(ReadEvents(dir_.str(), "nim3.1700"), "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["goal"], 100);
}

TEST_F(MatchManagerTest, ServerMovesMatchIgnoringCase) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "mixed", "second"), "ready");
  EXPECT_EQ(Call(m, "(play mixed nil)"), "noop");
  // The server upper-cases; we keep answering in the rules' spelling.
  EXPECT_EQ(Call(m, "(play mixed ((TAKE 2) NOOP))"), "(take 1)");
  m.Shutdown();
  EXPECT_TRUE(EventsNamed(ReadEvents(dir_.str(), "mixed"), "error").empty());
}

TEST_F(MatchManagerTest, UnknownMatchIds) {
  MatchManager m(Options());
  EXPECT_EQ(Call(m, "(play nobody nil)"), "busy");
  EXPECT_EQ(Call(m, "(stop nobody nil)"), "done");
  EXPECT_EQ(Call(m, "(abort nobody)"), "aborted");
  // Ids are exact: a different case is a different match.
  EXPECT_EQ(Start(m, "Case.1", "first"), "ready");
  EXPECT_EQ(Call(m, "(play case.1 nil)"), "busy");
}

TEST_F(MatchManagerTest, DuplicateStartDoesNotReset) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "dup", "first"), "ready");
  std::string first = Call(m, "(play dup nil)");
  EXPECT_TRUE(first == "(take 1)" || first == "(take 2)") << first;
  EXPECT_EQ(Call(m, "(play dup ((take 1) noop))"), "noop");
  EXPECT_EQ(Start(m, "dup", "first"), "ready");
  EXPECT_EQ(m.live_matches(), 1);
  EXPECT_EQ(Call(m, "(play dup (noop (take 1)))"), "(take 1)");
  EXPECT_EQ(Call(m, "(stop dup ((take 1) noop))"), "done");
  m.Shutdown();
  auto events = ReadEvents(dir_.str(), "dup");
  EXPECT_EQ(EventsNamed(events, "start").size(), 1u);
  auto stop = EventsNamed(events, "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["turns"], 3);
  EXPECT_EQ(stop[0]["goals"], nlohmann::json::array({100, 0}));
}

TEST_F(MatchManagerTest, BrokenRulesStillAnswerEveryRequest) {
  MatchManager m(Options());
  // An arity clash (p/1 and p/2) and a malformed item ((bad) x).
  std::string rules =
      "(role first) (role second) (p 1) (p 1 2) ((bad) x)\n"
      "(legal second (wait 1)) (<= (legal ?r noop) (role ?r))";
  EXPECT_EQ(Start(m, "broken", "second", rules), "ready");
  EXPECT_EQ(Call(m, "(play broken nil)"), "(wait 1)");
  EXPECT_EQ(Call(m, "(play broken (noop (wait 1)))"), "(wait 1)");
  EXPECT_EQ(Call(m, "(stop broken (noop (wait 1)))"), "done");
  m.Shutdown();
  auto events = ReadEvents(dir_.str(), "broken");
  auto errors = EventsNamed(events, "error");
  ASSERT_GE(errors.size(), 2u);
  std::string all;
  for (const auto& e : errors) all += e["cause"].get<std::string>() + "\n";
  EXPECT_NE(all.find("line 1"), std::string::npos) << all;
  EXPECT_NE(all.find("no state machine"), std::string::npos) << all;
  EXPECT_EQ(EventsNamed(events, "play").size(), 2u);
}

TEST_F(MatchManagerTest, UnknownRoleStillAnswers) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "norole", "third"), "ready");
  std::string reply = Call(m, "(play norole nil)");
  EXPECT_TRUE(reply == "(take 1)" || reply == "noop") << reply;
}

TEST_F(MatchManagerTest, IllegalJointMoveIsResynchronised) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "illegal", "second"), "ready");
  EXPECT_EQ(Call(m, "(play illegal nil)"), "noop");
  // (take 3) names no move: substituted by first's first legal move, (take 1): pile 2.
  std::string reply = Call(m, "(play illegal ((take 3) noop))");
  EXPECT_TRUE(reply == "(take 1)" || reply == "(take 2)") << reply;
  // A move the machine knows but that is illegal here is applied anyway.
  reply = Call(m, "(play illegal ((take 1) (take 1)))");
  EXPECT_FALSE(reply.empty());
  m.Shutdown();
  auto errors = EventsNamed(ReadEvents(dir_.str(), "illegal"), "error");
  ASSERT_GE(errors.size(), 2u);
  EXPECT_NE(errors[0]["cause"].get<std::string>().find("substituted"), std::string::npos);
  EXPECT_NE(errors[1]["cause"].get<std::string>().find("applied anyway"), std::string::npos);
}

TEST_F(MatchManagerTest, AbortFreesTheMatch) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "ab", "first"), "ready");
  EXPECT_EQ(Call(m, "(abort ab)"), "aborted");
  EXPECT_EQ(m.live_matches(), 0);
  EXPECT_EQ(Call(m, "(play ab nil)"), "busy");
  ASSERT_TRUE(testing::Eventually(
      [&] { return EventsNamed(ReadEvents(dir_.str(), "ab"), "abort").size() == 1; }));
}

TEST_F(MatchManagerTest, SilentMatchesExpire) {
  SessionOptions o = Options();
  o.expiry_slack = std::chrono::seconds(0);
  MatchManager m(o);
  EXPECT_EQ(Start(m, "quiet", "first", testing::kNim3Rules, 0, 0), "ready");
  ASSERT_TRUE(testing::Eventually([&] { return m.live_matches() == 0; }));
  ASSERT_TRUE(testing::Eventually(
      [&] { return EventsNamed(ReadEvents(dir_.str(), "quiet"), "expire").size() == 1; }));
  EXPECT_EQ(Call(m, "(play quiet nil)"), "busy");
}

// The machine is still being built when START's deadline and the first PLAY's deadline
// pass: `ready` and a move guessed from the rules are sent by the watchdog; the plays are
// applied once the machine exists and the match goes on.
TEST_F(MatchManagerTest, SlowBuildIsCoveredByTheWatchdog) {
  SessionOptions o = Options();
  o.margin = std::chrono::milliseconds(0);
  auto release = std::make_shared<std::promise<void>>();
  std::shared_future<void> released = release->get_future().share();
  o.builder = [released](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    released.wait();
    return testing::NimBuilder(d, mo);
  };
  MatchManager m(o);
  EXPECT_EQ(Start(m, "slow", "first", testing::kNim3Rules, 0, 1), "ready");
  EXPECT_EQ(Call(m, "(play slow nil)"), "(take 1)");  // guessed from the rules
  release->set_value();
  EXPECT_EQ(Call(m, "(stop slow ((take 1) noop))"), "done");
  m.Shutdown();
  auto events = ReadEvents(dir_.str(), "slow");
  auto start = EventsNamed(events, "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(start[0]["ready_late"], true);
  auto plays = EventsNamed(events, "play");
  ASSERT_EQ(plays.size(), 1u);
  EXPECT_EQ(plays[0]["fallback"], true);
  auto stop = EventsNamed(events, "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["turns"], 1);
}

TEST_F(MatchManagerTest, Gdl2PlayUsesDidPercepts) {
  MatchManager m(Options());
  EXPECT_EQ(Start(m, "g2", "SECOND", testing::Upper(testing::kNim3Rules)), "ready");
  EXPECT_EQ(Call(m, "(PLAY g2 0 NIL NIL)"), "NOOP");
  EXPECT_EQ(Call(m, "(PLAY g2 1 NOOP ((DID FIRST (TAKE 2)) (DID SECOND NOOP)))"), "(TAKE 1)");
  EXPECT_EQ(Call(m, "(STOP g2 2 (TAKE 1) ((DID FIRST NOOP) (DID SECOND (TAKE 1))))"), "done");
  m.Shutdown();
  auto stop = EventsNamed(ReadEvents(dir_.str(), "g2"), "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["goal"], 100);
}

TEST_F(MatchManagerTest, ManyMatchesAtOnce) {
  SessionOptions o = Options();
  o.max_matches = 6;
  MatchManager m(o);
  constexpr int kMatches = 6;
  for (int i = 0; i < kMatches; ++i) {
    EXPECT_EQ(Start(m, "many." + std::to_string(i), i % 2 ? "second" : "first"), "ready");
  }
  std::vector<std::future<std::string>> replies;
  for (int i = 0; i < kMatches; ++i) {
    replies.push_back(testing::Send(m, "(play many." + std::to_string(i) + " nil)"));
  }
  // INFO is answered while every match searches.
  EXPECT_EQ(Call(m, "(info)").find("(name TestPlayer)"), 1u);
  for (int i = 0; i < kMatches; ++i) {
    std::string r = replies[static_cast<size_t>(i)].get();
    if (i % 2) {
      EXPECT_EQ(r, "noop");
    } else {
      EXPECT_TRUE(r == "(take 1)" || r == "(take 2)") << r;
    }
  }
  EXPECT_EQ(m.live_matches(), kMatches);
}

}  // namespace
}  // namespace ggp::agent
