#include "agent/runner/standings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace ggp::agent::runner {
namespace {

using Seats = std::vector<std::vector<int>>;

TEST(SeatingsTest, DistinctPlayersInEveryRoleAssignment) {
  EXPECT_EQ(Seatings(2, 2), (Seats{{0, 1}, {1, 0}}));
  Seats three = Seatings(2, 3);
  EXPECT_EQ(three, (Seats{{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}));
  EXPECT_EQ(Seatings(3, 3).size(), 6u);
  EXPECT_EQ(Seatings(2, 4).size(), 12u);
  EXPECT_EQ(Seatings(1, 3), (Seats{{0}, {1}, {2}}));
}

TEST(SeatingsTest, FewerPlayersThanRolesRepeatPlayersButUseEveryone) {
  EXPECT_EQ(Seatings(2, 1), (Seats{{0, 0}}));
  Seats s = Seatings(3, 2);
  EXPECT_EQ(s.size(), 6u);  // 2^3 minus the two one-player tuples
  for (const auto& seating : s) {
    EXPECT_EQ(std::set<int>(seating.begin(), seating.end()).size(), 2u);
  }
  EXPECT_TRUE(Seatings(0, 2).empty());
  EXPECT_TRUE(Seatings(2, 0).empty());
}

MatchRecord Completed(std::vector<int> goals, std::vector<std::vector<std::string>> errors) {
  MatchRecord r;
  r.is_completed = true;
  r.goal_values = std::move(goals);
  r.errors = std::move(errors);
  return r;
}

TEST(StandingsTest, CountsScoresOutcomesAndErrorsPerSeat) {
  Standings st({"builtin:random", "builtin:legal", "http://127.0.0.1:1/"});
  st.Add({0, 1}, Completed({100, 0}, {{"", ""}, {"TO", "IL ( take 3 )"}}));
  st.Add({1, 0}, Completed({50, 50}, {{"CE", ""}, {"", "IL null"}}));
  st.Add({2, 0}, Completed({0, 100}, {{"", ""}}));
  MatchRecord aborted;
  aborted.is_aborted = true;
  aborted.errors = {{"TO", ""}};
  st.Add({2, 1}, aborted);

  const auto& rows = st.rows();
  EXPECT_EQ(rows[0].matches, 3);
  EXPECT_EQ(rows[0].total, 250);
  EXPECT_EQ(rows[0].wins, 2);
  EXPECT_EQ(rows[0].draws, 1);
  EXPECT_EQ(rows[0].losses, 0);
  EXPECT_EQ(rows[0].timeouts, 1);
  EXPECT_EQ(rows[0].illegal, 1);
  EXPECT_EQ(rows[1].matches, 2);
  EXPECT_EQ(rows[1].total, 50);
  EXPECT_EQ(rows[1].draws, 1);
  EXPECT_EQ(rows[1].losses, 1);
  EXPECT_EQ(rows[1].illegal, 1);
  EXPECT_EQ(rows[1].connection_errors, 1);
  EXPECT_EQ(rows[1].aborted, 1);
  EXPECT_EQ(rows[2].matches, 1);
  EXPECT_EQ(rows[2].losses, 1);
  EXPECT_EQ(rows[2].aborted, 1);
  EXPECT_EQ(rows[2].timeouts, 1);
  EXPECT_DOUBLE_EQ(rows[0].average(), 250.0 / 3);

  auto ranked = st.Ranked();
  EXPECT_EQ(ranked[0].player, "builtin:random");
  EXPECT_EQ(ranked[1].player, "builtin:legal");
}

TEST(SeatingsTest, GauntletSeatsPlayerZeroOnceInEveryMatch) {
  EXPECT_EQ(GauntletSeatings(2, 3), (Seats{{0, 1}, {0, 2}, {1, 0}, {2, 0}}));
  EXPECT_EQ(GauntletSeatings(2, 4).size(), 6u);  // 3 opponents, 2 roles
  EXPECT_EQ(GauntletSeatings(1, 3), (Seats{{0}}));
  // Fewer players than roles: the others repeat, player 0 still sits once.
  EXPECT_EQ(GauntletSeatings(3, 2), (Seats{{0, 1, 1}, {1, 0, 1}, {1, 1, 0}}));
  for (const auto& s : GauntletSeatings(3, 4)) {
    EXPECT_EQ(std::count(s.begin(), s.end(), 0), 1);
  }
  EXPECT_EQ(GauntletSeatings(3, 4).size(), 18u);  // 3 seats for player 0, 3*2 for the rest
}

TEST(StandingsTest, MergesReplyStatisticsPerPlayerOverSeats) {
  Standings st({"served", "builtin:random"});
  auto stats = [](std::vector<std::pair<int, int>> elapsed_clock, std::string where) {
    ReplyStats s;
    for (auto [e, c] : elapsed_clock) {
      if (s.Add(Millis{e}, Millis{c})) s.slowest_at = where;
    }
    return s;
  };
  st.Add({0, 1}, Completed({100, 0}, {{"", ""}}),
         {stats({{100, 3000}, {700, 1000}}, "m1"), stats({{10, 3000}}, "m1")});
  st.Add({1, 0}, Completed({0, 100}, {{"", ""}}),
         {stats({{20, 3000}}, "m2"), stats({{900, 3000}, {1200, 1000}}, "m2 PLAY 1")});
  st.Add({0, 1}, Completed({50, 50}, {{"", ""}}));  // no statistics: counts unchanged
  const ReplyStats& served = st.rows()[0].replies;
  EXPECT_EQ(served.replies, 4);
  EXPECT_EQ(served.late, 1);
  EXPECT_DOUBLE_EQ(served.slowest, 1.2);
  EXPECT_EQ(served.slowest_elapsed, Millis{1200});
  EXPECT_EQ(served.slowest_at, "m2 PLAY 1");
  EXPECT_EQ(st.rows()[1].replies.replies, 2);
  EXPECT_EQ(st.rows()[1].replies.late, 0);

  EXPECT_NE(st.Table().find("1.20"), std::string::npos) << st.Table();
  // Goals 100, 100, 50: sd = sqrt(((50/3)^2 * 2 + (100/3)^2) / 2) = 28.87, ci95 = 32.67.
  EXPECT_NE(st.Csv().find("served,3,250,83.33,28.87,32.67,2,1,0,0,0,0,0,4,1,1.200\n"),
            std::string::npos)
      << st.Csv();
  nlohmann::json j = st.Json();
  EXPECT_EQ(j["players"][0]["player"], "served");
  EXPECT_EQ(j["players"][0]["replies"], 4);
  EXPECT_EQ(j["players"][0]["late"], 1);
  EXPECT_EQ(j["players"][0]["slowest_ms"], 1200);
  EXPECT_EQ(j["players"][0]["slowest_at"], "m2 PLAY 1");
}

TEST(StandingsTest, SingleRoleGamesWinOnlyWithFullScore) {
  Standings st({"a"});
  st.Add({0}, Completed({100}, {{""}}));
  st.Add({0}, Completed({60}, {{""}}));
  EXPECT_EQ(st.rows()[0].wins, 1);
  EXPECT_EQ(st.rows()[0].losses, 1);
}

TEST(StandingsTest, RendersTableCsvAndJson) {
  Standings st({"builtin:legal", "x,\"y\""});
  st.Add({0, 1}, Completed({0, 100}, {{"", ""}}));
  std::string table = st.Table();
  EXPECT_NE(table.find("player"), std::string::npos);
  EXPECT_NE(table.find("average"), std::string::npos);
  EXPECT_NE(table.find("builtin:legal"), std::string::npos);
  EXPECT_NE(table.find("+-95%"), std::string::npos);
  EXPECT_EQ(st.Csv(),
            "player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL,replies,late,"
            "slowest\n"
            "\"x,\"\"y\"\"\",1,100,100.00,,,1,0,0,0,0,0,0,0,0,0.000\n"
            "builtin:legal,1,0,0.00,,,0,0,1,0,0,0,0,0,0,0.000\n");
  nlohmann::json j = st.Json();
  ASSERT_EQ(j["players"].size(), 2u);
  EXPECT_EQ(j["players"][0]["player"], "x,\"y\"");
  EXPECT_EQ(j["players"][0]["wins"], 1);
  EXPECT_EQ(j["players"][1]["losses"], 1);
  EXPECT_TRUE(j["players"][0]["ci95"].is_null());  // one match: no interval
  EXPECT_TRUE(j["players"][0]["sd"].is_null());
}

// Worked example: goals 100, 0, 50, 50. Mean 50; squared deviations 2500 + 2500 + 0 + 0 =
// 5000; sample variance 5000 / 3 = 1666.67, sd 40.825; standard error 40.825 / sqrt(4) =
// 20.412; half-width 1.96 * 20.412 = 40.008: the interval is [9.99, 90.01].
TEST(StandingsTest, ConfidenceIntervalOfTheMeanScore) {
  Standings st({"a", "b"});
  st.Add({0, 1}, Completed({100, 0}, {{"", ""}}));
  st.Add({1, 0}, Completed({100, 0}, {{"", ""}}));
  st.Add({0, 1}, Completed({50, 50}, {{"", ""}}));
  st.Add({1, 0}, Completed({50, 50}, {{"", ""}}));
  const PlayerStanding& a = st.rows()[0];
  EXPECT_EQ(a.matches, 4);
  EXPECT_EQ(a.wins, 1);
  EXPECT_EQ(a.draws, 2);
  EXPECT_EQ(a.losses, 1);
  EXPECT_EQ(a.total_squares, 15000);
  EXPECT_DOUBLE_EQ(a.average(), 50.0);
  EXPECT_NEAR(a.stddev(), 40.8248, 1e-4);
  EXPECT_NEAR(a.ci95(), 40.0083, 1e-4);
  EXPECT_NEAR(st.rows()[1].ci95(), 40.0083, 1e-4);  // b's goals are 0, 100, 50, 50

  const std::string table = st.Table();
  EXPECT_NE(table.find(" 50.0   40.0 "), std::string::npos) << table;
  EXPECT_NE(st.Csv().find("\na,4,200,50.00,40.82,40.01,1,2,1,"), std::string::npos) << st.Csv();
  const nlohmann::json j = st.Json();
  EXPECT_NEAR(j["players"][0]["ci95"].get<double>(), 40.0083, 1e-4);
  EXPECT_NEAR(j["players"][0]["sd"].get<double>(), 40.8248, 1e-4);

  // Identical scores: no spread, an interval of width 0; one match: undefined.
  Standings same({"c", "d"});
  same.Add({0, 1}, Completed({70, 30}, {{"", ""}}));
  EXPECT_LT(same.rows()[0].ci95(), 0);
  EXPECT_LT(same.rows()[0].stddev(), 0);
  same.Add({0, 1}, Completed({70, 30}, {{"", ""}}));
  EXPECT_DOUBLE_EQ(same.rows()[0].ci95(), 0.0);
  EXPECT_NE(same.Table().find("   0.0 "), std::string::npos) << same.Table();
}

}  // namespace
}  // namespace ggp::agent::runner
