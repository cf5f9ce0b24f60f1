// EventFormat (event_format.h): the one-line renderings of match events that `tail` prints.

#include "agent/events/event_format.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace ggp::agent {
namespace {

TEST(EventFormatTest, RendersTheEssentials) {
  EventFormatOptions plain;
  nlohmann::json start = {{"time", "2026-01-02T03:04:05.678Z"},
                          {"event", "start"},
                          {"match", "m1"},
                          {"role", "second"},
                          {"start_clock", 10},
                          {"play_clock", 5},
                          {"machine", {{"backend", "prover"}, {"reason", "forced"}}}};
  std::string s = FormatEvent(start, plain);
  EXPECT_EQ(s.rfind("03:04:05.678 m1 start ", 0), 0u) << s;
  EXPECT_NE(s.find("as second"), std::string::npos) << s;
  EXPECT_NE(s.find("clocks 10/5 s"), std::string::npos) << s;
  EXPECT_NE(s.find("machine prover: forced"), std::string::npos) << s;
  EXPECT_EQ(s.find('\x1b'), std::string::npos);

  nlohmann::json play = {{"time", "2026-01-02T03:04:06.000Z"},
                         {"event", "play"},
                         {"match", "m1"},
                         {"turn", 2},
                         {"moves", "((take 2) noop)"},
                         {"move", "(take 1)"},
                         {"time_ms", 812.4},
                         {"stats", {{"iterations", 4211}, {"value", 61.25}}}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("turn 2"), std::string::npos) << s;
  EXPECT_NE(s.find("got ((take 2) noop)"), std::string::npos) << s;
  EXPECT_NE(s.find("ours (take 1)"), std::string::npos) << s;
  EXPECT_NE(s.find("812 ms"), std::string::npos) << s;
  EXPECT_NE(s.find("4211 it"), std::string::npos) << s;
  EXPECT_NE(s.find("v 61.2"), std::string::npos) << s;
  EXPECT_EQ(s.find("proven"), std::string::npos) << s;
  EXPECT_EQ(s.find("/s"), std::string::npos) << s;  // no rate reported, none shown

  play["stats"] = {{"iterations", 509613}, {"iterations_per_s", 548123.4},
                   {"nodes", 43423},       {"max_depth", 20},
                   {"value", 100.0},       {"proven", true},
                   {"visit_share", 0.781}, {"elapsed_ms", 930.1}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("509613 it (548k/s)"), std::string::npos) << s;
  EXPECT_NE(s.find("43423 nodes"), std::string::npos) << s;
  EXPECT_NE(s.find("depth 20"), std::string::npos) << s;
  EXPECT_NE(s.find("v 100.0 proven"), std::string::npos) << s;
  EXPECT_NE(s.find("share 78%"), std::string::npos) << s;
  EXPECT_EQ(s.find("transpositions"), std::string::npos) << s;  // none reported, none shown
  play["stats"]["extra"] = {{"transpositions", 5120}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("43423 nodes (5120 transpositions)"), std::string::npos) << s;
  EXPECT_EQ(s.find("endgame"), std::string::npos) << s;  // not tried, not shown
  play["stats"]["extra"]["endgame"] = {{"solved", true}, {"value", 100},      {"exact", true},
                                       {"played", true}, {"states", 2195456}, {"ms", 1316.4}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("endgame 100 exact, played (2195456 states, 1316 ms)"), std::string::npos) << s;
  play["stats"]["extra"]["endgame"] = {{"solved", false},    {"value", -1},      {"exact", false},
                                       {"played", false},    {"states", 850432}, {"ms", 1317.7},
                                       {"pondered", 2600000}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("endgame unsolved (850432 states, 1318 ms, 2600000 while waiting)"),
            std::string::npos)
      << s;
  play["stats"]["extra"]["endgame"]["root_done"] = 0;
  play["stats"]["extra"]["endgame"]["share"] = 0.125;
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("endgame unsolved (850432 states, 1318 ms, 0 moves done, share 0.125, 2600000"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("threats"), std::string::npos) << s;  // not tried, not shown
  play["stats"]["extra"]["threats"] = {
      {"depth", 7}, {"lost", 2}, {"won", false}, {"states", 18432}, {"ms", 210.4}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats to depth 7: 2 moves lost (18432 states, 210 ms)"), std::string::npos)
      << s;
  play["stats"]["extra"]["threats"]["deep_lost"] = 1;  // one found by proof numbers
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats to depth 7: 2 moves lost (1 deeper, 18432 states, 210 ms)"),
            std::string::npos)
      << s;
  // One more proven while the opponent chose (threat_ponder), with the time that took.
  play["stats"]["extra"]["threats"]["lost"] = 3;
  play["stats"]["extra"]["threats"]["pondered"] = 1;
  play["stats"]["extra"]["threats"]["ponder_ms"] = 790.4;
  play["stats"]["extra"]["threats"]["ponder_states"] = 201708;
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats to depth 7: 3 moves lost (1 deeper, 1 pondered, 18432 states, 210 "
                   "ms, 790 ms and 201708 states while waiting)"),
            std::string::npos)
      << s;
  // Only what was proven while waiting (the in-move check did not run): no depth.
  play["stats"]["extra"]["threats"]["depth"] = -1;
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats: 3 moves lost ("), std::string::npos) << s;
  play["stats"]["extra"]["threats"]["depth"] = 7;
  play["stats"]["extra"]["threats"]["won"] = true;
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats to depth 7: win ("), std::string::npos) << s;
  play["stats"]["extra"]["threats"] = {
      {"depth", 9}, {"lost", 0}, {"won", false}, {"states", 5}, {"ms", 1.0}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("threats to depth 9: none (5 states, 1 ms)"), std::string::npos) << s;
  play["stats"] = {{"iterations", 900}, {"iterations_per_s", 1800.0}, {"visit_share", -1}};
  s = FormatEvent(play, plain);
  EXPECT_NE(s.find("900 it (1800/s)"), std::string::npos) << s;
  EXPECT_EQ(s.find("share"), std::string::npos) << s;  // -1: not applicable

  nlohmann::json stop = {{"event", "stop"}, {"match", "m1"}, {"goals", {0, 100}}};
  EXPECT_NE(FormatEvent(stop, plain).find("goals [0,100]"), std::string::npos);
  nlohmann::json error = {{"event", "error"}, {"match", "m1"}, {"cause", "line 3: bad"}};
  EXPECT_NE(FormatEvent(error, plain).find("line 3: bad"), std::string::npos);
  nlohmann::json other = {{"event", "custom"}, {"match", "m1"}, {"x", 1}};
  EXPECT_NE(FormatEvent(other, plain).find("{\"x\":1}"), std::string::npos);
}

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

TEST(EventFormatTest, StopLinesScoreTheOpponentModel) {
  nlohmann::json stop = {{"event", "stop"},
                         {"match", "m1"},
                         {"turns", 9},
                         {"models",
                          {{"name", "bayes"},
                           {"roles", nlohmann::json::array({{{"role", "oplayer"},
                                                             {"moves", 4},
                                                             {"mean_log_likelihood", -0.41},
                                                             {"uniform", -1.386}}})}}}};
  const std::string s = FormatEvent(stop, EventFormatOptions{false});
  EXPECT_NE(s.find("model bayes: oplayer 4 moves, log-likelihood -0.41 (uniform -1.39)"),
            std::string::npos)
      << s;
}

TEST(EventFormatTest, StartAndStopLinesShowTheStoredOpponentExperience) {
  nlohmann::json start = {
      {"event", "start"},
      {"match", "m1"},
      {"store", {{"opponent_models", 1}, {"opponent", "Alice"}, {"named_models", 1}}}};
  const std::string t = FormatEvent(start, EventFormatOptions{false});
  EXPECT_NE(t.find("stored opponent models 1 (Alice: 1 own)"), std::string::npos) << t;
  nlohmann::json stop = {{"event", "stop"},
                         {"match", "m1"},
                         {"turns", 9},
                         {"stored", {{"opponent_models", 2}, {"opponent", "Alice"}}}};
  const std::string s = FormatEvent(stop, EventFormatOptions{false});
  EXPECT_NE(s.find("9 turns  kept 2 opponent documents (Alice)"), std::string::npos) << s;
}

TEST(EventFormatTest, BoardEventsSayWhatHappenedToTheSearch) {
  const EventFormatOptions plain{false};
  nlohmann::json swapped = {{"event", "board"},
                            {"match", "m1"},
                            {"swapped", true},
                            {"turn", 2},
                            {"from", "propnet"},
                            {"learn_ms", 17.2},
                            {"report", "learned and verified"},
                            {"player", {{"tree_kept", true}, {"nodes", 353}}}};
  const std::string s = FormatEvent(swapped, plain);
  EXPECT_NE(s.find("onto the board machine at turn 2 (from propnet, tree of 353 nodes kept)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("learner 17 ms:  learned and verified"), std::string::npos) << s;
  nlohmann::json refused = {{"event", "board"},
                            {"match", "m1"},
                            {"swapped", false},
                            {"why", "policy legal keeps its machine"}};
  EXPECT_NE(FormatEvent(refused, plain).find("not used: policy legal keeps its machine"),
            std::string::npos)
      << FormatEvent(refused, plain);
}

TEST(EventFormatTest, ColoursOnlyWhenAsked) {
  nlohmann::json e = {{"event", "error"}, {"match", "m"}, {"cause", "c"}};
  EXPECT_NE(FormatEvent(e, EventFormatOptions{true}).find("\x1b[31m"), std::string::npos);
  EXPECT_EQ(FormatEvent(e, EventFormatOptions{false}).find('\x1b'), std::string::npos);
}

TEST(EventFormatTest, NonJsonLinesPassThrough) {
  EXPECT_EQ(FormatEventLine("  not json \n", {}), "not json");
  EXPECT_EQ(FormatEventLine("   ", {}), std::nullopt);
}

}  // namespace
}  // namespace ggp::agent
