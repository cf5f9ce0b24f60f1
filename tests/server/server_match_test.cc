// End-to-end: whole matches and bad input against the real HTTP server and session code,
// over loopback sockets.

#include <gtest/gtest.h>

#include "tests/server/match_driver.h"
#include "tests/server/player_server.h"
#include "tests/server/test_games.h"

namespace ggp::agent::server_testing {
namespace {

void ExpectCleanMatch(const PlayerServer& player, const DriveOptions& o, const DriveResult& r) {
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.started);
  EXPECT_GT(r.plays, 0);
  EXPECT_TRUE(r.illegal.empty()) << r.illegal.front();
  EXPECT_TRUE(r.stopped);
  ASSERT_TRUE(player.WaitForEvent(o.match_id, "stop"));
  auto events = player.Events(o.match_id);
  EXPECT_EQ(Named(events, "start").size(), 1u);
  EXPECT_EQ(Named(events, "play").size(), static_cast<size_t>(r.plays));
  EXPECT_TRUE(Named(events, "error").empty()) << Named(events, "error")[0].dump();
}

TEST(ServerMatchTest, Nim3WholeMatchWithGgpBaseSpacing) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  std::string id = "Base.nim3.1700000000000";
  EXPECT_EQ(player.Post("( START " + id + " second (" + std::string(kNim3) + " ) 10 1 )"),
            "ready");
  EXPECT_EQ(player.Post("( PLAY " + id + " NIL )"), "noop");
  EXPECT_EQ(player.Post("( PLAY " + id + " (( take 2 ) noop ) )"), "(take 1)");
  EXPECT_EQ(player.Post("( STOP " + id + " (noop ( take 1 ) ) )"), "done");
  player.manager().Shutdown();
  auto stop = Named(player.Events(id), "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["goals"], nlohmann::json::array({0, 100}));
}

TEST(ServerMatchTest, TicTacToeWholeMatchesAsEitherRole) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  for (const char* role : {"xplayer", "oplayer"}) {
    DriveOptions o;
    o.rules = kTicTacToe;
    o.match_id = std::string("ttt.") + role;
    o.role = role;
    o.seed = 3;
    DriveResult r = DriveMatch(player, o);
    ExpectCleanMatch(player, o, r);
    ASSERT_TRUE(player.manager().IsLive(o.match_id) == false);
  }
  player.manager().Shutdown();
  // The stop event has the same goals as the referee computed.
  auto stop = Named(player.Events("ttt.xplayer"), "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_TRUE(stop[0].contains("goals"));
}

TEST(ServerMatchTest, DresdenUpperCaseRulesAndMovesAreEchoedInUpperCase) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  DriveOptions o;
  o.rules = Upper(kTicTacToe);
  o.match_id = "tictactoe.1700000000000";  // Dresden keeps the id as is
  o.role = "OPLAYER";
  o.upper_verbs = true;
  o.seed = 5;
  DriveResult r = DriveMatch(player, o);
  // The referee compares exactly (case-sensitive, like ggp-base): a lower-case reply
  // would count as illegal.
  ExpectCleanMatch(player, o, r);
  player.manager().Shutdown();
  for (const auto& e : Named(player.Events(o.match_id), "play")) {
    std::string move = e["move"];
    EXPECT_EQ(move, Upper(move));
  }
}

TEST(ServerMatchTest, UnknownMatchIdsAndDuplicateStart) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  EXPECT_EQ(player.Post("(play nosuchmatch nil)"), "busy");
  EXPECT_EQ(player.Post("(stop nosuchmatch nil)"), "done");
  EXPECT_EQ(player.Post("(abort nosuchmatch)"), "aborted");
  std::string start = "(start dup.1 first (" + std::string(kNim3) + ") 10 1)";
  EXPECT_EQ(player.Post(start), "ready");
  std::string first = player.Post("(play dup.1 nil)");
  EXPECT_TRUE(first == "(take 1)" || first == "(take 2)") << first;
  EXPECT_EQ(player.Post("(play dup.1 ((take 1) noop))"), "noop");
  EXPECT_EQ(player.Post(start), "ready");  // no reset: pile 2, second in control
  EXPECT_EQ(player.Post("(play dup.1 (noop (take 1)))"), "(take 1)");
  EXPECT_EQ(player.Post("(stop dup.1 ((take 1) noop))"), "done");
  player.manager().Shutdown();
  auto stop = Named(player.Events("dup.1"), "stop");
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["goals"], nlohmann::json::array({100, 0}));
}

TEST(ServerMatchTest, BrokenRulesAreAnsweredAndLogged) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  // Negation cycle (p :- not q, q :- not p) and a relation with two arities.
  std::string rules =
      "(role red) (role blue)\n(<= p (not q))\n(<= q (not p))\n(cell 1) (cell 1 2)\n"
      "(legal red (push 1)) (legal blue (push 1))";
  EXPECT_EQ(player.Post("(start broken.1 red (" + rules + ") 5 1)"), "ready");
  std::string reply = player.Post("(play broken.1 nil)");
  EXPECT_NE(reply, "<no reply>");
  EXPECT_FALSE(reply.empty());
  reply = player.Post("(play broken.1 ((push 1) (push 1)))");
  EXPECT_NE(reply, "<no reply>");
  EXPECT_EQ(player.Post("(stop broken.1 ((push 1) (push 1)))"), "done");
  // The service still works for other matches.
  EXPECT_EQ(player.Post("(start after.1 first (" + std::string(kNim3) + ") 5 1)"), "ready");
  std::string m = player.Post("(play after.1 nil)");
  EXPECT_TRUE(m == "(take 1)" || m == "(take 2)") << m;
  player.manager().Shutdown();
  auto errors = Named(player.Events("broken.1"), "error");
  ASSERT_FALSE(errors.empty());
  std::string all;
  for (const auto& e : errors) all += e["cause"].get<std::string>() + "\n";
  EXPECT_NE(all.find("line "), std::string::npos) << all;
}

TEST(ServerMatchTest, IllegalJointMoveIsSurvived) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  EXPECT_EQ(player.Post("(start ill.1 oplayer (" + std::string(kTicTacToe) + ") 5 1)"), "ready");
  EXPECT_EQ(player.Post("(play ill.1 nil)"), "noop");
  // (mark 4 4) is no move of this game: the player resynchronises and still answers.
  std::string reply = player.Post("(play ill.1 ((mark 4 4) noop))");
  EXPECT_NE(reply, "<no reply>");
  EXPECT_EQ(reply.rfind("(mark ", 0), 0u) << reply;
  player.manager().Shutdown();
  auto errors = Named(player.Events("ill.1"), "error");
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0]["cause"].get<std::string>().find("(mark 4 4)"), std::string::npos);
}

TEST(ServerMatchTest, AbortEndsTheMatch) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  EXPECT_EQ(player.Post("(start ab.1 xplayer (" + std::string(kTicTacToe) + ") 5 1)"), "ready");
  std::string m = player.Post("(play ab.1 nil)");
  EXPECT_EQ(m.rfind("(mark ", 0), 0u) << m;
  EXPECT_EQ(player.Post("(abort ab.1)"), "aborted");
  EXPECT_FALSE(player.manager().IsLive("ab.1"));
  EXPECT_EQ(player.Post("(play ab.1 (noop (mark 1 1)))"), "busy");
  player.manager().Shutdown();
  EXPECT_EQ(Named(player.Events("ab.1"), "abort").size(), 1u);
}

TEST(ServerMatchTest, MalformedMessagesGetBusy) {
  PlayerServer player;
  ASSERT_TRUE(player.started());
  EXPECT_EQ(player.Post("(play"), "busy");
  EXPECT_EQ(player.Post("(dance m1)"), "busy");
  EXPECT_EQ(player.Post("(INFO)"), "((name E2EPlayer) (status available))");
}

}  // namespace
}  // namespace ggp::agent::server_testing
