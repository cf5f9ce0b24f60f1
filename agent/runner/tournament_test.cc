// The tournament (tournament.h): its schedule (rounds over every game, repeats, gauntlets)
// and parallel matches whose ids, match files and standings agree.

#include "agent/runner/tournament.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "agent/runner/runner_test_util.h"

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

TEST(TournamentScheduleTest, PlaysRoundAfterRoundOverEveryGame) {
  std::vector<Game> games = testing::TwoNimGames();
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
  std::vector<Game> games = testing::TwoNimGames();
  TournamentOptions o;
  o.rounds = 1;  // ignored when matches is set
  o.matches = 17;
  auto plan = TournamentSchedule(games, 2, o);
  ASSERT_EQ(plan.size(), 17u);  // a round is 2 games x 2 seatings
  for (size_t i = 0; i < plan.size(); ++i) EXPECT_EQ(plan[i].game, (i % 4) / 2) << i;
  EXPECT_TRUE(TournamentSchedule({}, 2, o).empty());
}

TEST(TournamentScheduleTest, GauntletPutsPlayerZeroInEveryMatch) {
  std::vector<Game> games = testing::TwoNimGames();
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
  std::vector<Game> games = testing::TwoNimGames();
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

}  // namespace
}  // namespace ggp::agent::runner
