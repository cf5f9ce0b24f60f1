#include "agent/runner/standings.h"

#include <gtest/gtest.h>

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
  EXPECT_EQ(st.Csv(),
            "player,matches,total,average,wins,draws,losses,aborted,TO,CE,IL\n"
            "\"x,\"\"y\"\"\",1,100,100.00,1,0,0,0,0,0,0\n"
            "builtin:legal,1,0,0.00,0,0,1,0,0,0,0\n");
  nlohmann::json j = st.Json();
  ASSERT_EQ(j["players"].size(), 2u);
  EXPECT_EQ(j["players"][0]["player"], "x,\"y\"");
  EXPECT_EQ(j["players"][0]["wins"], 1);
  EXPECT_EQ(j["players"][1]["losses"], 1);
}

}  // namespace
}  // namespace ggp::agent::runner
