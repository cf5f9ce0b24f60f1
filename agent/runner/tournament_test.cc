#include "agent/runner/tournament.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <variant>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "agent/runner/runner_test_util.h"
#include "protocol/http_server.h"
#include "protocol/replies.h"
#include "protocol/test_support.h"

namespace ggp::agent::runner {
namespace {

// A fresh directory under the system's temporary directory, removed at the end.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tournament_test_XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<Game> TwoGames() {
  std::vector<Game> games;
  games.push_back(testing::LoadTestGame("a", testing::kNimRules));
  games.push_back(testing::LoadTestGame("b", testing::kNimRules));
  return games;
}

TEST(TournamentScheduleTest, PlaysRoundAfterRoundOverEveryGame) {
  std::vector<Game> games = TwoGames();
  TournamentOptions o;
  o.rounds = 2;
  auto plan = TournamentSchedule(games, 3, o);
  ASSERT_EQ(plan.size(), 24u);  // 2 rounds of 2 games x 6 seatings
  for (size_t i = 0; i < plan.size(); ++i) {
    EXPECT_EQ(plan[i].game, (i % 12) / 6) << i;
    EXPECT_EQ(plan[i].seating, plan[i % 12].seating) << i;
  }
  EXPECT_EQ(plan[0].seating, (std::vector<int>{0, 1}));
  EXPECT_EQ(plan[5].seating, (std::vector<int>{2, 1}));
}

TEST(TournamentScheduleTest, MatchesRepeatsRoundsAndCutsExactly) {
  std::vector<Game> games = TwoGames();
  TournamentOptions o;
  o.rounds = 1;  // ignored when matches is set
  o.matches = 17;
  auto plan = TournamentSchedule(games, 2, o);
  ASSERT_EQ(plan.size(), 17u);  // a round is 2 games x 2 seatings
  for (size_t i = 0; i < plan.size(); ++i) EXPECT_EQ(plan[i].game, (i % 4) / 2) << i;
  EXPECT_TRUE(TournamentSchedule({}, 2, o).empty());
}

TEST(TournamentScheduleTest, GauntletPutsPlayerZeroInEveryMatch) {
  std::vector<Game> games = TwoGames();
  TournamentOptions o;
  o.gauntlet = true;
  o.rounds = 3;
  auto plan = TournamentSchedule(games, 4, o);
  ASSERT_EQ(plan.size(), 36u);  // 3 rounds of 2 games x (3 opponents x 2 roles)
  std::set<std::vector<int>> distinct;
  for (const auto& m : plan) {
    EXPECT_EQ(std::count(m.seating.begin(), m.seating.end(), 0), 1);
    distinct.insert(m.seating);
  }
  EXPECT_EQ(distinct.size(), 6u);
}

TEST(TournamentTest, ParallelMatchesKeepIdsFilesAndStandingsConsistent) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  std::vector<Game> games = TwoGames();
  TournamentOptions o;
  o.name = "Par";
  o.matches = 6;
  o.parallel = 3;
  o.out_dir = dir.path() + "/out";
  o.match.start_clock = 1;
  o.match.play_clock = 1;
  o.match.seed = 11;
  o.link.seed = 11;
  o.link.builtin_margin = Millis{500};  // montecarlo searches 0.5 s per choice

  int in_flight = 0, most_in_flight = 0, ends = 0;
  bool overlapping_calls = false, busy = false;
  auto progress = [&](const TournamentMatch& m, const MatchRecord&, std::string_view phase) {
    if (busy) overlapping_calls = true;
    busy = true;
    EXPECT_EQ(m.total, 6);
    if (phase == "start") most_in_flight = std::max(most_in_flight, ++in_flight);
    if (phase == "end") {
      --in_flight;
      ++ends;
    }
    busy = false;
  };
  TournamentResult result;
  std::string error;
  ASSERT_TRUE(
      RunTournament(games, {"builtin:montecarlo", "builtin:legal"}, o, progress, &result, &error))
      << error;
  EXPECT_EQ(result.problems, std::vector<std::string>{});
  EXPECT_EQ(result.matches, 6);
  EXPECT_EQ(ends, 6);
  EXPECT_FALSE(overlapping_calls);
  EXPECT_GE(most_in_flight, 2) << "matches ran one at a time";

  std::set<std::string> ids;
  std::vector<int> replies_per_player(2, 0);
  int seats = 0;
  for (const auto& entry : std::filesystem::directory_iterator(o.out_dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("Par.", 0) != 0) continue;
    MatchRecord r = FromJson(nlohmann::json::parse(ReadAll(entry.path().string())));
    EXPECT_EQ(CheckInvariants(r, 2), "") << name;
    EXPECT_TRUE(r.is_completed) << name;
    EXPECT_EQ(name, r.match_id + ".json");
    ids.insert(r.match_id);
    for (size_t role = 0; role < 2; ++role) {
      // START and one PLAY per move, credited to whoever sat in the role.
      const int player = (*r.player_names)[role] == "montecarlo" ? 0 : 1;
      replies_per_player[static_cast<size_t>(player)] += 1 + static_cast<int>(r.moves.size());
      ++seats;
    }
  }
  EXPECT_EQ(ids.size(), 6u);
  EXPECT_EQ(seats, 12);
  const std::string scores = ReadAll(o.out_dir + "/scores");
  EXPECT_EQ(std::count(scores.begin(), scores.end(), '\n'), 6) << scores;

  int matches = 0;
  for (const PlayerStanding& row : result.standings.rows()) {
    matches += row.matches;
    EXPECT_EQ(row.timeouts + row.connection_errors + row.illegal, 0) << row.player;
  }
  // montecarlo searches until its deadline (call + 0.5 s) whenever it has a choice.
  EXPECT_GE(result.standings.rows()[0].replies.slowest, 0.5);
  EXPECT_EQ(matches, 12);
  EXPECT_EQ(result.standings.rows()[0].replies.replies, replies_per_player[0]);
  EXPECT_EQ(result.standings.rows()[1].replies.replies, replies_per_player[1]);
  nlohmann::json written = nlohmann::json::parse(ReadAll(o.out_dir + "/standings.json"));
  ASSERT_EQ(written["players"].size(), 2u);
  EXPECT_EQ(
      written["players"][0]["replies"].get<int>() + written["players"][1]["replies"].get<int>(),
      replies_per_player[0] + replies_per_player[1]);

  // Game by game: 6 matches alternate a, a, b, b, a, a (a round is 2 games x 2 seatings).
  ASSERT_EQ(result.per_game.size(), 2u);
  EXPECT_EQ(result.per_game[0].game, "a");
  EXPECT_EQ(result.per_game[1].game, "b");
  int per_game_seats[2] = {0, 0};
  for (size_t g = 0; g < 2; ++g) {
    for (size_t p = 0; p < 2; ++p) {
      const PlayerStanding& row = result.per_game[g].standings.rows()[p];
      per_game_seats[g] += row.matches;
      EXPECT_EQ(row.player, result.standings.rows()[p].player);
    }
  }
  EXPECT_EQ(per_game_seats[0], 8);
  EXPECT_EQ(per_game_seats[1], 4);
  const std::string per_game = ReadAll(o.out_dir + "/per_game.csv");
  EXPECT_EQ(std::count(per_game.begin(), per_game.end(), '\n'), 5) << per_game;  // header + 4
  EXPECT_NE(per_game.find("\nb,builtin:legal,2,"), std::string::npos) << per_game;
}

// An HTTP player that is busy for its first `busy_infos` INFO requests.
class RestartingPlayer {
 public:
  explicit RestartingPlayer(int busy_infos) {
    handler_.SetBehaviour([this, busy_infos](protocol::Request request, protocol::Responder respond) {
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
  for (const std::string& p : result.problems) EXPECT_EQ(p.find("not available"), std::string::npos) << p;
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
  std::vector<Game> games = TwoGames();
  TournamentResult result;
  std::string error;
  EXPECT_FALSE(RunTournament(games, {"builtin:legal", "builtin:nope"}, {}, {}, &result, &error));
  EXPECT_NE(error.find("nope"), std::string::npos) << error;
  EXPECT_EQ(result.matches, 0);
}

}  // namespace
}  // namespace ggp::agent::runner
