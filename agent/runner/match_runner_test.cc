#include "agent/runner/match_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "agent/player/registry.h"
#include "agent/runner/runner_test_util.h"

namespace ggp::agent::runner {
namespace {

using testing::Failed;
using testing::Ok;
using testing::ScriptedLink;

// The fluents of a spaced state string, as a set (ggp-base allows any order).
std::set<std::string> Fluents(const std::string& state) {
  kif::SExpr e;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseOneSExpr(state, &e, &errors)) << state;
  std::set<std::string> out;
  for (const kif::SExpr& item : e.items) out.insert(kif::ToString(item));
  return out;
}

LinkReply Script(const std::vector<LinkReply>& replies, int turn) {
  return turn < static_cast<int>(replies.size()) ? replies[static_cast<size_t>(turn)] : Ok("noop");
}

MatchOptions Quick() {
  MatchOptions o;
  o.match_id = "Test.nim.1";
  o.start_clock = 2;
  o.play_clock = 1;
  o.seed = 5;
  return o;
}

TEST(MatchRunnerTest, PlaysAWholeMatchLikeGgpBase) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  ScriptedLink first("A", [](int t) { return Script({Ok("(take 2)"), Ok("noop")}, t); });
  ScriptedLink second("B", [](int t) { return Script({Ok("noop"), Ok("( take 1 )")}, t); });
  std::vector<std::string> phases;
  MatchResult result = RunMatch(game, {&first, &second}, Quick(),
                                [&](const MatchRecord&, std::string_view p) { phases.emplace_back(p); });
  const MatchRecord& r = result.record;
  EXPECT_EQ(result.problem, "");
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_EQ(r.match_id, "Test.nim.1");
  EXPECT_EQ(r.random_token.size(), 32u);
  EXPECT_TRUE(r.is_completed);
  EXPECT_FALSE(r.is_aborted);
  ASSERT_EQ(r.states.size(), 3u);
  EXPECT_EQ(Fluents(r.states[0]), (std::set<std::string>{"(pile 3)", "(control first)"}));
  EXPECT_EQ(Fluents(r.states[1]), (std::set<std::string>{"(pile 1)", "(control second)"}));
  EXPECT_EQ(Fluents(r.states[2]),
            (std::set<std::string>{"(pile 0)", "(control first)", "(winner second)"}));
  EXPECT_EQ(r.states[0].rfind("( ( ", 0), 0u) << r.states[0];
  EXPECT_EQ(r.moves, (std::vector<std::vector<std::string>>{{"( take 2 )", "noop"},
                                                            {"noop", "( take 1 )"}}));
  EXPECT_EQ(r.errors, (std::vector<std::vector<std::string>>{{"", ""}, {"", ""}, {"", ""}}));
  EXPECT_EQ(r.goal_values, (std::vector<int>{0, 100}));
  EXPECT_EQ(r.start_clock, 2);
  EXPECT_EQ(r.play_clock, 1);
  EXPECT_EQ(r.preview_clock, -1);
  EXPECT_EQ(*r.player_names, (std::vector<std::string>{"A", "B"}));
  EXPECT_GE(r.state_times_ms[0], r.start_time_ms);
  EXPECT_EQ(phases,
            (std::vector<std::string>{"start", "play", "move", "play", "move", "end"}));

  std::vector<std::string> sent = second.messages();
  ASSERT_EQ(sent.size(), 4u);
  EXPECT_EQ(sent[0].rfind("( START Test.nim.1 second ( ( role first ) ( role second ) ", 0), 0u)
      << sent[0];
  EXPECT_NE(sent[0].find(" ) 2 1 )"), std::string::npos) << sent[0];
  EXPECT_EQ(sent[0].find(';'), std::string::npos) << "comments are stripped";
  EXPECT_EQ(sent[1], "( PLAY Test.nim.1 NIL )");
  EXPECT_EQ(sent[2], "( PLAY Test.nim.1 ( ( take 2 ) noop ) )");
  EXPECT_EQ(sent[3], "( STOP Test.nim.1 ( noop ( take 1 ) ) )");
  EXPECT_EQ(second.waits(), (std::vector<Millis>{Millis{2000}, Millis{2000}, Millis{2000},
                                                 Millis{1000}}))
      << "START: STARTCLOCK; PLAY: PLAYCLOCK + 1 s; STOP: PLAYCLOCK";
}

TEST(MatchRunnerTest, BadRepliesAreSubstitutedAndRecorded) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  // first: illegal, then late forever; second: unparseable, then a connection error, then
  // noop. Whatever the random fallbacks are, the match ends after two or three moves.
  ScriptedLink first("A", [](int t) { return t == 0 ? Ok("(take 3)") : Failed("TO"); });
  ScriptedLink second("B", [](int t) {
    return Script({Ok("(take"), Failed("CE")}, t);
  });
  MatchResult result = RunMatch(game, {&first, &second}, Quick());
  const MatchRecord& r = result.record;
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_TRUE(r.is_completed);
  ASSERT_GE(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[1], (std::vector<std::string>{"IL ( take 3 )", "IL null"}));
  EXPECT_EQ(r.errors[2][0], "TO");
  EXPECT_EQ(r.errors[2][1], "CE");
  // The fallbacks are legal moves: first moved in turn 1, second had to noop.
  EXPECT_TRUE(r.moves[0][0] == "( take 1 )" || r.moves[0][0] == "( take 2 )") << r.moves[0][0];
  EXPECT_EQ(r.moves[0][1], "noop");
  int total_goal = r.goal_values[0] + r.goal_values[1];
  EXPECT_EQ(total_goal, 100);
}

TEST(MatchRunnerTest, WritesTheJsonAfterEveryStateAndAtTheEnd) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  const std::string path =
      (std::filesystem::temp_directory_path() / "runner_test_match.json").string();
  std::filesystem::remove(path);
  MatchOptions o = Quick();
  o.json_path = path;
  ScriptedLink first("A", [](int t) { return Script({Ok("(take 1)"), Ok("noop"), Ok("(take 1)")}, t); });
  ScriptedLink second("B", [](int t) { return Script({Ok("noop"), Ok("(take 1)"), Ok("noop")}, t); });
  size_t checked = 0;
  MatchResult result = RunMatch(game, {&first, &second}, o, [&](const MatchRecord& rec, std::string_view) {
    std::ifstream in(path);
    nlohmann::json j = nlohmann::json::parse(in);
    EXPECT_EQ(j, ToJson(rec));
    ++checked;
  });
  EXPECT_EQ(checked, 8u);  // start, three rounds (play, move), end
  std::ifstream in(path);
  nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j, ToJson(result.record));
  EXPECT_EQ(j["goalValues"], nlohmann::json::parse("[100,0]"));
  std::filesystem::remove(path);
}

TEST(MatchRunnerTest, AbortAfterSendsAbortAndMarksTheRecord) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  MatchOptions o = Quick();
  o.abort_after = 1;
  ScriptedLink first("A", [](int t) { return Script({Ok("(take 1)")}, t); });
  ScriptedLink second("B", [](int t) { return Script({Ok("noop")}, t); });
  MatchResult result = RunMatch(game, {&first, &second}, o);
  const MatchRecord& r = result.record;
  EXPECT_TRUE(r.is_aborted);
  EXPECT_FALSE(r.is_completed);
  EXPECT_TRUE(r.goal_values.empty());
  EXPECT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_EQ(first.messages().back(), "( ABORT Test.nim.1 )");
  EXPECT_FALSE(ToJson(r).contains("goalValues"));
}

TEST(MatchRunnerTest, DresdenStyleSendsPackedUpperCaseAndIgnoresCase) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules, /*uppercase=*/true);
  MatchOptions o = Quick();
  o.style = ServerStyle::kDresden;
  ScriptedLink first("A", [](int t) { return Script({Ok("(take 2)"), Ok("NOOP")}, t); });
  ScriptedLink second("B", [](int t) { return Script({Ok("noop"), Ok("(TAKE 1)")}, t); });
  MatchResult result = RunMatch(game, {&first, &second}, o);
  const MatchRecord& r = result.record;
  EXPECT_EQ(r.errors, (std::vector<std::vector<std::string>>{{"", ""}, {"", ""}, {"", ""}}));
  EXPECT_EQ(r.moves[0], (std::vector<std::string>{"( TAKE 2 )", "NOOP"}));
  std::vector<std::string> sent = second.messages();
  EXPECT_EQ(sent[0].rfind("(START Test.nim.1 SECOND ((ROLE FIRST) (ROLE SECOND) ", 0), 0u) << sent[0];
  EXPECT_EQ(sent[1], "(PLAY Test.nim.1 NIL)");
  EXPECT_EQ(sent[2], "(PLAY Test.nim.1 ((TAKE 2) NOOP))");
  EXPECT_EQ(sent[3], "(STOP Test.nim.1 (NOOP (TAKE 1)))");
}

TEST(MatchRunnerTest, StartWaitsStartClockPlusGrace) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  MatchOptions o = Quick();
  o.abort_after = 0;
  ScriptedLink first("A", [](int) { return Ok("noop"); });
  ScriptedLink second("B", [](int) { return Ok("noop"); });
  RunMatch(game, {&first, &second}, o);  // START, then ABORT at once
  ASSERT_EQ(first.waits().size(), 2u);
  EXPECT_EQ(first.waits()[0], Millis{2000}) << "ggp-base: STARTCLOCK, no grace";
  EXPECT_EQ(first.waits()[1], Millis{1000}) << "ABORT waits 1 s";
  o.style = ServerStyle::kDresden;
  MatchResult r = RunMatch(game, {&first, &second}, o);
  ASSERT_EQ(first.waits().size(), 4u);
  EXPECT_EQ(first.waits()[2], Millis{3000}) << "Dresden: STARTCLOCK + 1 s";
  EXPECT_TRUE(r.record.is_aborted);
  EXPECT_EQ(r.record.moves.size(), 0u);
  EXPECT_EQ(CheckInvariants(r.record, 2), "");
}

TEST(MatchRunnerTest, BuiltinPoliciesPlayInProcess) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  std::string error;
  LinkOptions lo;
  lo.seed = 3;
  auto a = MakeLink("builtin:random", lo, &error);
  ASSERT_TRUE(a) << error;
  auto b = MakeLink("builtin:legal", lo, &error);
  ASSERT_TRUE(b) << error;
  MatchResult result = RunMatch(game, {a.get(), b.get()}, Quick());
  const MatchRecord& r = result.record;
  EXPECT_EQ(result.problem, "");
  EXPECT_TRUE(r.is_completed);
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_EQ(*r.player_names, (std::vector<std::string>{"random", "legal"}));
  for (const auto& e : r.errors) EXPECT_EQ(e, (std::vector<std::string>{"", ""}));
  EXPECT_EQ(r.goal_values[0] + r.goal_values[1], 100);
}

LinkReply After(LinkReply reply, int ms) {
  reply.elapsed = Millis{ms};
  return reply;
}

TEST(MatchRunnerTest, CountsEveryStartAndPlayReplyAgainstItsClock) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  ScriptedLink first("A", [](int t) {
    return Script({After(Ok("(take 2)"), 600), After(Ok("noop"), 20)}, t);
  });
  ScriptedLink second("B", [](int t) {
    return Script({After(Ok("noop"), 10), After(Failed("TO"), 2000)}, t);
  });
  MatchResult result = RunMatch(game, {&first, &second}, Quick());  // play clock 1 s
  ASSERT_TRUE(result.record.is_completed);
  ASSERT_EQ(result.record.moves.size(), 2u);
  ASSERT_EQ(result.replies.size(), 2u);
  EXPECT_EQ(result.replies[0].replies, 3);  // START and two PLAYs; STOP is not counted
  EXPECT_EQ(result.replies[0].late, 0);
  EXPECT_DOUBLE_EQ(result.replies[0].slowest, 0.6);
  EXPECT_EQ(result.replies[0].slowest_at, "Test.nim.1 PLAY 1");
  EXPECT_EQ(result.replies[1].replies, 3);
  EXPECT_EQ(result.replies[1].late, 1);  // the timeout counts too
  EXPECT_DOUBLE_EQ(result.replies[1].slowest, 2.0);
  EXPECT_EQ(result.replies[1].slowest_elapsed, Millis{2000});
  EXPECT_EQ(result.replies[1].slowest_at, "Test.nim.1 PLAY 2");
}

TEST(MatchRunnerTest, BuiltinSpecsCarryPolicyParameters) {
  nlohmann::json params;
  std::string error;
  ASSERT_TRUE(ParsePolicyParams("exploration=0.3&grave=true&name=x1&n=null", &params, &error));
  EXPECT_EQ(params, nlohmann::json::parse(R"({"exploration":0.3,"grave":true,"name":"x1","n":"null"})"));
  EXPECT_FALSE(ParsePolicyParams("exploration", &params, &error));
  EXPECT_NE(error.find("key=value"), std::string::npos);
  EXPECT_FALSE(ParsePolicyParams("=1", &params, &error));
  EXPECT_FALSE(ParsePolicyParams("a=1&b=", &params, &error));

  auto link = MakeLink("builtin:montecarlo?max_playout_steps=3", {}, &error);
  ASSERT_TRUE(link) << error;
  EXPECT_EQ(link->Info(), "montecarlo");
  EXPECT_FALSE(MakeLink("builtin:montecarlo?max_playout_steps", {}, &error));
  EXPECT_NE(error.find("bad parameters"), std::string::npos);
}

TEST(MatchRunnerTest, RejectsUnknownPlayersAndWrongSeatCounts) {
  std::string error;
  EXPECT_FALSE(MakeLink("builtin:no-such-policy", {}, &error));
  EXPECT_NE(error.find("no-such-policy"), std::string::npos);
  EXPECT_FALSE(MakeLink("http://host:notaport/", {}, &error));
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  ScriptedLink only("A", [](int) { return Ok("noop"); });
  MatchResult r = RunMatch(game, {&only}, Quick());
  EXPECT_NE(r.problem, "");
  EXPECT_TRUE(only.messages().empty());
}

TEST(PlayerLinkTest, ParsesPlayerAddresses) {
  std::string host;
  int port = 0;
  ASSERT_TRUE(ParseHostPort("http://127.0.0.1:9150/", &host, &port));
  EXPECT_EQ(host, "127.0.0.1");
  EXPECT_EQ(port, 9150);
  ASSERT_TRUE(ParseHostPort("localhost:80", &host, &port));
  EXPECT_EQ(host, "localhost");
  EXPECT_EQ(port, 80);
  ASSERT_TRUE(ParseHostPort("player.example", &host, &port));
  EXPECT_EQ(port, 9147);
  EXPECT_FALSE(ParseHostPort("http://:9147/", &host, &port));
  EXPECT_FALSE(ParseHostPort("host:99999", &host, &port));
  EXPECT_FALSE(ParseHostPort("host:", &host, &port));
}

}  // namespace
}  // namespace ggp::agent::runner
