// The tournament with HTTP players (tournament.h): it waits for a player to say it is
// available before each match, reports one that stays busy and plays it anyway (or skips
// the match when asked), and rejects an unknown player before playing.

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "agent/runner/runner_test_util.h"
#include "agent/runner/tournament.h"
#include "protocol/http_server.h"
#include "protocol/replies.h"
#include "protocol/test_support.h"

namespace ggp::agent::runner {
namespace {

// An HTTP player that is busy for its first `busy_infos` INFO requests.
class RestartingPlayer {
 public:
  explicit RestartingPlayer(int busy_infos) {
    handler_.SetBehaviour(
        [this, busy_infos](protocol::Request request, protocol::Responder respond) {
          if (std::holds_alternative<protocol::InfoRequest>(request)) {
            const bool busy = ++infos_ <= busy_infos;
            respond(protocol::RenderInfoReply("Restarting", !busy));
          } else if (std::holds_alternative<protocol::PlayRequest>(request)) {
            respond("noop");
          } else if (std::holds_alternative<protocol::StopRequest>(request)) {
            respond("done");
          } else {
            respond("ready");
          }
        });
    protocol::HttpServerOptions options;
    options.address = "127.0.0.1";
    options.port = 0;
    server_ = std::make_unique<protocol::HttpServer>(options, handler_);
    std::string error;
    started_ = server_->Start(&error);
  }
  bool started() const { return started_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(server_->port()) + "/"; }
  // Verbs in arrival order: "info", "start", ...
  std::vector<std::string> verbs() const {
    std::vector<std::string> out;
    for (const protocol::Request& r : handler_.requests()) {
      out.push_back(std::holds_alternative<protocol::InfoRequest>(r)    ? "info"
                    : std::holds_alternative<protocol::StartRequest>(r) ? "start"
                                                                        : "other");
    }
    return out;
  }

 private:
  protocol::testing::ScriptedHandler handler_;
  std::atomic<int> infos_{0};
  std::unique_ptr<protocol::HttpServer> server_;
  bool started_ = false;
};

TournamentOptions OneQuickMatch() {
  TournamentOptions o;
  o.matches = 1;
  o.gauntlet = true;
  o.match.start_clock = 1;
  o.match.play_clock = 1;
  o.match.seed = 3;
  return o;
}

TEST(TournamentTest, WaitsForAnHttpPlayerToSayAvailableBeforeStarting) {
  RestartingPlayer player(2);
  ASSERT_TRUE(player.started());
  std::vector<Game> games{testing::LoadTestGame("a", testing::kNimRules)};
  TournamentOptions o = OneQuickMatch();
  o.ready_wait = Millis{10'000};
  TournamentResult result;
  std::string error;
  ASSERT_TRUE(RunTournament(games, {player.url(), "builtin:legal"}, o, {}, &result, &error))
      << error;
  EXPECT_EQ(result.matches, 1);
  for (const std::string& p : result.problems)
    EXPECT_EQ(p.find("not available"), std::string::npos) << p;
  const std::vector<std::string> verbs = player.verbs();
  const auto start = std::find(verbs.begin(), verbs.end(), "start");
  ASSERT_NE(start, verbs.end());
  // Two busy answers, the available one, then the runner's own INFO for the name.
  EXPECT_GE(std::count(verbs.begin(), start, "info"), 3);
}

TEST(TournamentTest, APlayerThatStaysBusyIsReportedAndPlayedAnyway) {
  RestartingPlayer player(1'000'000);
  ASSERT_TRUE(player.started());
  std::vector<Game> games{testing::LoadTestGame("a", testing::kNimRules)};
  TournamentOptions o = OneQuickMatch();
  o.ready_wait = Millis{600};
  TournamentResult result;
  std::string error;
  std::vector<std::string> unavailable_at_end;
  auto progress = [&](const TournamentMatch& m, const MatchRecord&, std::string_view phase) {
    if (phase == "end") unavailable_at_end = m.unavailable;
  };
  ASSERT_TRUE(RunTournament(games, {player.url(), "builtin:legal"}, o, progress, &result, &error))
      << error;
  EXPECT_EQ(result.matches, 1);
  EXPECT_EQ(result.skipped, 0);
  ASSERT_FALSE(result.problems.empty());
  EXPECT_NE(result.problems[0].find("not available after 600 ms (status 'busy'); played anyway"),
            std::string::npos)
      << result.problems[0];
  // The match's own line can say it was played against a player that was down.
  ASSERT_EQ(unavailable_at_end.size(), 1u);
  EXPECT_EQ(unavailable_at_end[0].rfind(player.url() + " not available", 0), 0u)
      << unavailable_at_end[0];
  const std::vector<std::string> verbs = player.verbs();
  EXPECT_NE(std::find(verbs.begin(), verbs.end(), "start"), verbs.end());
}

TEST(TournamentTest, SkipsAMatchWhosePlayerStaysBusyWhenAsked) {
  RestartingPlayer player(1'000'000);
  ASSERT_TRUE(player.started());
  std::vector<Game> games{testing::LoadTestGame("a", testing::kNimRules)};
  TournamentOptions o = OneQuickMatch();
  o.ready_wait = Millis{400};
  o.skip_unavailable = true;
  TournamentResult result;
  std::string error;
  std::vector<std::string> phases;
  auto progress = [&](const TournamentMatch&, const MatchRecord&, std::string_view phase) {
    phases.emplace_back(phase);
  };
  ASSERT_TRUE(RunTournament(games, {player.url(), "builtin:legal"}, o, progress, &result, &error))
      << error;
  EXPECT_EQ(result.matches, 0);
  EXPECT_EQ(result.skipped, 1);
  EXPECT_EQ(phases, std::vector<std::string>{"skipped"});
  EXPECT_EQ(result.standings.Json()["players"][0]["matches"], 0) << result.standings.Json();
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_NE(result.problems[0].find("skipped"), std::string::npos) << result.problems[0];
  const std::vector<std::string> verbs = player.verbs();
  EXPECT_EQ(std::find(verbs.begin(), verbs.end(), "start"), verbs.end());
}

TEST(TournamentTest, RejectsAnUnknownPlayerBeforePlaying) {
  std::vector<Game> games = testing::TwoNimGames();
  TournamentResult result;
  std::string error;
  EXPECT_FALSE(RunTournament(games, {"builtin:legal", "builtin:nope"}, {}, {}, &result, &error));
  EXPECT_NE(error.find("nope"), std::string::npos) << error;
  EXPECT_EQ(result.matches, 0);
}

}  // namespace
}  // namespace ggp::agent::runner
