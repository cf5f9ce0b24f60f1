// EventFormat (event_format.h): what a play line adds to the essentials: the opponent
// model, the strength estimate, the margin, the puzzle solver, a late search and the tree's
// budget.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "agent/events/event_format.h"

namespace ggp::agent {
namespace {

TEST(EventFormatTest, PlayLinesShowTheOpponentModel) {
  nlohmann::json play = {
      {"event", "play"},
      {"match", "m1"},
      {"turn", 3},
      {"stats",
       {{"iterations", 900},
        {"extra",
         {{"model",
           {{"name", "bayes"},
            {"observed", 12},
            {"next", nlohmann::json::array({nlohmann::json::array({"(mark 2 2)", 0.41}),
                                            nlohmann::json::array({"(mark 1 1)", 0.2})})}}}}}}}};
  const std::string s = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(s.find("model bayes (12 seen): next (mark 2 2) 0.41, (mark 1 1) 0.20"),
            std::string::npos)
      << s;
  play["stats"]["extra"]["model"]["stored"] = {{"matches", 3}, {"decisions", 40}};
  play["stats"]["extra"]["model"]["self_play_games"] = 12;
  const std::string t = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(t.find("model bayes (12 seen, 3 stored matches, 12 stand-in games): next"),
            std::string::npos)
      << t;
  play["stats"]["extra"]["model"]["trust"] = 0.8;
  const std::string u = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(u.find("12 stand-in games, trust 0.80): next"), std::string::npos) << u;
}

TEST(EventFormatTest, PlayLinesShowTheStrengthEstimate) {
  nlohmann::json play = {{"event", "play"},
                         {"match", "m1"},
                         {"turn", 12},
                         {"stats",
                          {{"extra",
                            {{"strength",
                              {{"estimate", "weaker"},
                               {"mean_regret", 0.1534},
                               {"decisions", 10},
                               {"contempt", -0.6}}}}}}}};
  const std::string s = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(s.find("strength weaker (regret 0.153 over 10, contempt -0.6)"), std::string::npos)
      << s;
  play["stats"]["extra"]["strength"] = {{"estimate", "stronger"},
                                        {"mean_regret", 0.012},
                                        {"value_drop", 0.214},
                                        {"decisions", 10},
                                        {"contempt", 0.2}};
  const std::string stronger = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(stronger.find("strength stronger (regret 0.012, drop 0.21 over 10, contempt 0.2)"),
            std::string::npos)
      << stronger;
  play["stats"]["extra"]["strength"] = {
      {"estimate", "unknown"}, {"mean_regret", 0.05}, {"decisions", 4}, {"contempt", 0.0}};
  const std::string before = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(before.find("strength ? (4 seen)"), std::string::npos) << before;
}

TEST(EventFormatTest, PlayAndStartLinesShowTheMarginAndThePuzzleSolver) {
  nlohmann::json play = {{"event", "play"},
                         {"match", "m1"},
                         {"turn", 2},
                         {"margin_ms", 300.0},
                         {"margin", "floor"},
                         {"stats",
                          {{"extra",
                            {{"puzzle",
                              {{"value", 100},
                               {"proven", true},
                               {"line", 64},
                               {"states", 84},
                               {"pruning", true},
                               {"bound_cuts", 7},
                               {"played", true}}}}}}}};
  const std::string s = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(s.find("puzzle 100 proven (64 moves, 84 states, dead ends cut, 7 cut by goal bounds, "
                   "played)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("margin 300 ms (floor)"), std::string::npos) << s;
  play["stats"]["extra"]["puzzle"] = {{"value", -1},
                                      {"proven", false},
                                      {"line", 0},
                                      {"states", 9},
                                      {"bound_cuts", -1}};  // -1: no bounds asked
  const std::string none = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(none.find("puzzle - (0 moves, 9 states)"), std::string::npos) << none;

  nlohmann::json start = {{"event", "start"},    {"match", "m1"},
                          {"role", "robot"},     {"ready_held_ms", 18950.4},
                          {"margin_ms", 1000.0}, {"margin", "configured"}};
  const std::string t = FormatEvent(start, EventFormatOptions{false});
  EXPECT_NE(t.find("ready held 18950 ms  margin 1000 ms (configured)"), std::string::npos) << t;
}

TEST(EventFormatTest, PlayLinesShowALateSearchAndTheReserveItLeaves) {
  nlohmann::json play = {{"event", "play"},    {"match", "m1"},      {"turn", 5},
                         {"time_ms", 2722.0},  {"fallback", true},   {"overrun_ms", 92.4},
                         {"reserve_ms", 50.0}, {"margin_ms", 300.0}, {"margin", "floor"}};
  const std::string late = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(late.find("2722 ms  (fallback)  (search 92 ms late)"), std::string::npos) << late;
  EXPECT_NE(late.find("margin 300 ms (floor)"), std::string::npos) << late;
  EXPECT_EQ(late.find("reserve"), std::string::npos) << late;  // the usual 50 ms goes unsaid

  play["overrun_ms"] = 0.3;  // less than a millisecond late is not worth a word
  EXPECT_EQ(FormatEvent(play, EventFormatOptions{false}).find("late"), std::string::npos);

  play.erase("overrun_ms");
  play["fallback"] = false;
  play["reserve_ms"] = 142.4;
  const std::string next = FormatEvent(play, EventFormatOptions{false});
  EXPECT_EQ(next.find("late"), std::string::npos) << next;
  EXPECT_NE(next.find("margin 300 ms (floor), reserve 142 ms"), std::string::npos) << next;
}

TEST(EventFormatTest, StartAndPlayLinesShowTheTreeBudget) {
  nlohmann::json start = {
      {"event", "start"}, {"match", "m1"}, {"tree", {{"mb", 11776}, {"available_mb", 23552}}}};
  std::string s = FormatEvent(start, EventFormatOptions{false});
  EXPECT_NE(s.find("tree 11.5 GB (auto, of 23.0 GB available)"), std::string::npos) << s;
  start["tree"]["held_mb"] = 4096;
  s = FormatEvent(start, EventFormatOptions{false});
  EXPECT_NE(s.find("(auto, of 23.0 GB available, 4.0 GB held by other matches)"), std::string::npos)
      << s;
  start["tree"] = {{"mb", 512}};
  s = FormatEvent(start, EventFormatOptions{false});
  EXPECT_NE(s.find("tree 512 MB"), std::string::npos) << s;
  EXPECT_EQ(s.find("auto"), std::string::npos) << s;

  nlohmann::json play = {
      {"event", "play"},
      {"match", "m1"},
      {"turn", 9},
      {"stats",
       {{"nodes", 1295918}, {"extra", {{"tree_bytes", 1073741700}, {"tree_limit", 1073741824}}}}}};
  s = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(s.find("1295918 nodes"), std::string::npos) << s;
  EXPECT_EQ(s.find("tree full"), std::string::npos) << s;  // under the budget
  play["stats"]["extra"]["tree_bytes"] = 1073742000;
  s = FormatEvent(play, EventFormatOptions{false});
  EXPECT_NE(s.find("1295918 nodes (tree full)"), std::string::npos) << s;
}

}  // namespace
}  // namespace ggp::agent
