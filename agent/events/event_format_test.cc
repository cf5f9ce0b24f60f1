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
