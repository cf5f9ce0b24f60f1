// The match runner against players on real sockets (127.0.0.1, ephemeral ports): test
// players that never answer PLAY (TO), answer illegally (IL), or do not exist (CE) are
// substituted with legal moves and recorded, and the match still completes.

#include <gtest/gtest.h>

#include <boost/asio.hpp>

#include <memory>
#include <string>

#include "agent/runner/match_runner.h"
#include "agent/runner/runner_test_util.h"
#include "protocol/test_support.h"

namespace ggp::agent::runner {
namespace {

using protocol::testing::ScriptedHandler;

struct FakePlayer {
  ScriptedHandler handler;
  std::unique_ptr<protocol::HttpServer> server;

  FakePlayer() {
    server = std::make_unique<protocol::HttpServer>(protocol::testing::LoopbackOptions(), handler);
    std::string error;
    EXPECT_TRUE(server->Start(&error)) << error;
  }
  ~FakePlayer() {
    handler.Release("play", "noop");
    server->Stop();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(server->port()) + "/"; }
};

// A port on 127.0.0.1 where nothing listens (bound and released at once).
int ClosedPort() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor acceptor(
      io, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();
}

MatchOptions Quick(const std::string& id) {
  MatchOptions o;
  o.match_id = id;
  o.start_clock = 2;
  o.play_clock = 1;
  o.seed = 11;
  return o;
}

std::unique_ptr<PlayerLink> Link(const std::string& url) {
  std::string error;
  auto link = MakeLink(url, {}, &error);
  EXPECT_TRUE(link) << error;
  return link;
}

TEST(FakePlayersTest, SilentAndIllegalPlayersAreSubstituted) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  FakePlayer sleeper;  // never answers PLAY: the runner waits PLAYCLOCK + 1 s, then TO
  sleeper.handler.Hold("play");
  FakePlayer liar;     // always answers a move that does not exist
  liar.handler.SetBehaviour([](protocol::Request request, protocol::Responder respond) {
    std::string verb(protocol::VerbOf(request));
    if (verb == "info") {
      respond("((name Liar) (status available))");
    } else if (verb == "play") {
      respond("(take 9)");
    } else {
      respond(verb == "stop" ? "done" : "ready");
    }
  });
  auto a = Link(sleeper.url());
  auto b = Link(liar.url());
  MatchResult result = RunMatch(game, {a.get(), b.get()}, Quick("Fake.nim.1"));
  const MatchRecord& r = result.record;
  EXPECT_EQ(result.problem, "");
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_TRUE(r.is_completed);
  EXPECT_EQ(*r.player_names, (std::vector<std::string>{"TestPlayer", "Liar"}));
  EXPECT_EQ(r.errors[0], (std::vector<std::string>{"", ""}));
  ASSERT_GE(r.moves.size(), 2u);
  for (size_t i = 1; i < r.errors.size(); ++i) {
    EXPECT_EQ(r.errors[i], (std::vector<std::string>{"TO", "IL ( take 9 )"})) << "step " << i;
  }
  EXPECT_EQ(r.goal_values[0] + r.goal_values[1], 100);

  // What the players received: START with their role, PLAY NIL, then the joint moves
  // actually applied (the substitutes), and STOP.
  auto requests = liar.handler.requests();
  ASSERT_GE(requests.size(), 4u);
  const auto* start = std::get_if<protocol::StartRequest>(&requests[1]);
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->match_id, "Fake.nim.1");
  EXPECT_EQ(kif::ToString(start->role), "second");
  EXPECT_EQ(start->start_clock, 2);
  EXPECT_EQ(start->play_clock, 1);
  const auto* first_play = std::get_if<protocol::PlayRequest>(&requests[2]);
  ASSERT_NE(first_play, nullptr);
  EXPECT_TRUE(first_play->no_moves);
  const auto* second_play = std::get_if<protocol::PlayRequest>(&requests[3]);
  ASSERT_NE(second_play, nullptr);
  ASSERT_EQ(second_play->moves.size(), 2u);
  EXPECT_EQ(kif::ToString(second_play->moves[1]), "noop");
  EXPECT_TRUE(liar.handler.WaitFor("stop", 1, std::chrono::seconds(5)));
}

TEST(FakePlayersTest, UnreachablePlayersAreConnectionErrors) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  FakePlayer present;
  present.handler.SetBehaviour([](protocol::Request request, protocol::Responder respond) {
    std::string verb(protocol::VerbOf(request));
    respond(verb == "play" ? "(take 1)" : verb == "info" ? "((name Present) (status available))"
                                                         : "ready");
  });
  auto a = Link(present.url());
  auto b = Link("http://127.0.0.1:" + std::to_string(ClosedPort()) + "/");
  MatchResult result = RunMatch(game, {a.get(), b.get()}, Quick("Fake.nim.2"));
  const MatchRecord& r = result.record;
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_TRUE(r.is_completed);
  EXPECT_EQ((*r.player_names)[0], "Present");
  EXPECT_EQ((*r.player_names)[1].rfind("http://127.0.0.1:", 0), 0u) << "no INFO: the address";
  for (const auto& e : r.errors) EXPECT_EQ(e[1], "CE");
  // The present player always answers (take 1): legal in control, illegal otherwise.
  EXPECT_EQ(r.errors[0][0], "");
  EXPECT_EQ(r.errors[1][0], "");
  for (const auto& e : r.errors) EXPECT_TRUE(e[0].empty() || e[0] == "IL ( take 1 )") << e[0];
}

}  // namespace
}  // namespace ggp::agent::runner
