#include "agent/runner/score_report.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ggp::agent::runner {
namespace {

MatchRecord Completed(std::vector<int> goals) {
  MatchRecord r;
  r.is_completed = true;
  r.goal_values = std::move(goals);
  return r;
}

// Game "duel": A scores 100, 50, 0 over three matches against B (both roles); game "solo"
// has only B's two matches; C never plays.
std::vector<GameScores> Fixture() {
  std::vector<GameScores> games{{"duel", Standings({"A", "B", "C"})},
                                {"solo", Standings({"A", "B", "C"})}};
  games[0].standings.Add({0, 1}, Completed({100, 0}));
  games[0].standings.Add({1, 0}, Completed({50, 50}));
  games[0].standings.Add({0, 1}, Completed({0, 100}));
  games[1].standings.Add({1}, Completed({100}));
  games[1].standings.Add({1}, Completed({60}));
  return games;
}

TEST(ScoreReportTest, TableHasALinePerGameAndPlayerWithMatches) {
  const std::string table = PerGameTable(Fixture());
  // A on duel: mean 50, sd 50, 95% half-width 1.96 * 50 / sqrt(3) = 56.58.
  EXPECT_NE(table.find("duel  A             3    50.0   56.6     1    1    1"), std::string::npos)
      << table;
  // B on solo: 100 and 60, mean 80, sd 28.28, half-width 1.96 * 28.28 / sqrt(2) = 39.2.
  EXPECT_NE(table.find("solo  B             2    80.0   39.2     1    0    1"), std::string::npos)
      << table;
  EXPECT_EQ(table.find("solo  A"), std::string::npos) << table;
  EXPECT_EQ(table.find(" C "), std::string::npos) << table;
}

TEST(ScoreReportTest, CsvQuotesAndLeavesUndefinedIntervalsEmpty) {
  std::vector<GameScores> games{{"g,1", Standings({"x\"y"})}};
  games[0].standings.Add({0}, Completed({40}));
  EXPECT_EQ(PerGameCsv(games),
            "game,player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL\n"
            "\"g,1\",\"x\"\"y\",1,40,40.00,,,0,0,1,0,0,0,0\n");
  const std::string csv = PerGameCsv(Fixture());
  EXPECT_NE(csv.find("duel,A,3,150,50.00,50.00,56.58,1,1,1,0,0,0,0\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("solo,B,2,160,80.00,28.28,39.20,1,0,1,0,0,0,0\n"), std::string::npos) << csv;
}

TEST(ScoreReportTest, BarsAreFilledInProportionToTheAverage) {
  const std::string bars = ScoreBars(Fixture(), 10);
  EXPECT_NE(bars.find("duel A |#####     |  50.0 +-56.6\n"), std::string::npos) << bars;
  EXPECT_NE(bars.find("solo B |########  |  80.0 +-39.2\n"), std::string::npos) << bars;
  EXPECT_EQ(bars.find("solo A"), std::string::npos) << bars;
}

TEST(ScoreReportTest, GnuplotDataHasAColumnPairPerPlayerAndNaNWhereNoMatches) {
  std::vector<GameScores> games = Fixture();
  games[1].game = "two words";
  const std::string data = GnuplotData(games);
  EXPECT_NE(data.find("duel 50.00 56.58 50.00 56.58 NaN 0\n"), std::string::npos) << data;
  EXPECT_NE(data.find("two_words NaN 0 80.00 39.20 NaN 0\n"), std::string::npos) << data;
  EXPECT_EQ(data.rfind("# game | A (average, +-95%) | B", 0), 0u) << data;
}

TEST(ScoreReportTest, GnuplotScriptPlotsEachPlayersColumnsWithErrorBars) {
  const std::string script = GnuplotScript({"A", "it's B"}, "/d/scores.dat", "/d/scores.svg");
  EXPECT_NE(script.find("set output '/d/scores.svg'\n"), std::string::npos) << script;
  EXPECT_NE(script.find("set style histogram errorbars"), std::string::npos) << script;
  EXPECT_NE(script.find("plot '/d/scores.dat' using 2:3:xtic(1) title 'A', '' using 4:5 title "
                        "'it''s B'\n"),
            std::string::npos)
      << script;
}

}  // namespace
}  // namespace ggp::agent::runner
