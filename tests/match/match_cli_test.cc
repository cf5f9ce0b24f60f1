// `ggp-agent match` and `ggp-agent tournament` as a user runs them: builtin policies in
// process, and a full match between two `ggp-agent serve` processes (127.0.0.1, ports
// chosen by the servers) whose match JSON is checked field by field and replayed on an
// independent machine. The binary comes from the build (GGP_AGENT_BINARY), or from the
// environment variable of the same name.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "agent/runner/match_record.h"
#include "agent/runner/move_judge.h"
#include "agent/runner/runner_test_util.h"
#include "tests/match/child_process.h"
#include "tests/match/cli_test_fixture.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::runner {
namespace {

using match_testing::ChildProcess;
using match_testing::ReadFile;
using match_testing::RunToCompletion;
using namespace std::chrono_literals;

// Replays a record's moves on an independent machine: every move legal, every state and
// the goals as recorded.
void ExpectConsistentWithRules(const MatchRecord& r) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  const auto& m = *game.machine;
  auto ws = m.NewWorkspace();
  reasoner::State s;
  m.InitialState(&s);
  auto fluents = [](const std::string& text) {
    kif::SExpr e;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(kif::ParseOneSExpr(text, &e, &errors)) << text;
    std::set<std::string> out;
    for (const auto& item : e.items) out.insert(kif::ToString(item));
    return out;
  };
  auto printed = [&](const reasoner::State& state) {
    std::set<std::string> out;
    for (const auto& t : m.Fluents(state)) out.insert(kif::ToString(t, m.symbols()));
    return out;
  };
  EXPECT_EQ(fluents(r.states[0]), printed(s));
  for (size_t step = 0; step < r.moves.size(); ++step) {
    std::vector<reasoner::Move> joint;
    for (int role = 0; role < 2; ++role) {
      std::vector<reasoner::Move> legal;
      m.LegalMoves(s, role, *ws, &legal);
      LinkReply reply;
      reply.body = r.moves[step][static_cast<size_t>(role)];
      Judgement j = JudgeReply(reply, m, role, legal, legal[0], false);
      EXPECT_EQ(j.error, "") << "step " << step << " role " << role << ": " << reply.body;
      joint.push_back(j.move);
    }
    reasoner::State next;
    m.NextState(s, joint, *ws, &next);
    s = next;
    EXPECT_EQ(fluents(r.states[step + 1]), printed(s)) << "state " << step + 1;
  }
  EXPECT_TRUE(m.IsTerminal(s, *ws));
  for (int role = 0; role < 2; ++role) {
    EXPECT_EQ(r.goal_values[static_cast<size_t>(role)], m.Goal(s, role, *ws));
  }
}

TEST_F(MatchCliTest, MatchAmongBuiltinPlayers) {
  std::string out, err;
  int status = RunToCompletion(
      {AgentBinary(), "match", "--game", Path("nim.kif"), "--player", "builtin:random",
       "builtin:legal", "--start", "2", "--play", "1", "--out", Path("out"), "--seed", "3"},
      dir_.string(), 60s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  EXPECT_NE(out.find("completed after"), std::string::npos) << out;
  EXPECT_NE(out.find("builtin:random"), std::string::npos) << out;
  EXPECT_NE(out.find("errors: 0"), std::string::npos) << out;
  EXPECT_EQ(out.find('\r'), std::string::npos) << "no live line when stdout is not a terminal";
  auto files = MatchFiles(Path("out"));
  ASSERT_EQ(files.size(), 1u);
  MatchRecord r = FromJson(nlohmann::json::parse(ReadFile(files[0])));
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_EQ(r.match_id.rfind("Local.nim.", 0), 0u) << r.match_id;
  EXPECT_EQ(*r.player_names, (std::vector<std::string>{"random", "legal"}));
  ExpectConsistentWithRules(r);
  std::string scores = ReadFile(Path("out/scores"));
  EXPECT_TRUE(scores == "builtin:random,builtin:legal=0,100\n" ||
              scores == "builtin:random,builtin:legal=100,0\n")
      << scores;

  // The record's moves go into an experience store, pooled and by player name; the player
  // named by --skip (ours) is left out.
  std::string imported, import_err;
  status = RunToCompletion({AgentBinary(), "store", "--path", Path("s.sqlite"), "import", "--game",
                            Path("nim.kif"), "--skip", "legal", Path("out")},
                           dir_.string(), 60s, &imported, &import_err);
  ASSERT_EQ(status, 0) << imported << import_err;
  EXPECT_NE(imported.find("imported 1 of 1 match records of nim"), std::string::npos) << imported;
  std::string listed, list_err;
  status = RunToCompletion({AgentBinary(), "store", "list", "--path", Path("s.sqlite")},
                           dir_.string(), 60s, &listed, &list_err);
  ASSERT_EQ(status, 0) << listed << list_err;
  EXPECT_NE(listed.find("opponent-model:random"), std::string::npos) << listed;
  EXPECT_EQ(listed.find("opponent-model:legal"), std::string::npos) << listed;
}

TEST_F(MatchCliTest, TournamentOfBuiltinPlayers) {
  std::string out, err;
  int status = RunToCompletion({AgentBinary(), "tournament", "--games", Path("nim.kif"),
                                "--players", "builtin:random", "builtin:legal", "--rounds", "2",
                                "--start", "1", "--play", "1", "--out", Path("t"), "--seed", "5"},
                               dir_.string(), 120s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  EXPECT_NE(out.find("4 matches"), std::string::npos) << out;
  EXPECT_NE(out.find("average"), std::string::npos) << out;
  EXPECT_EQ(MatchFiles(Path("t")).size(), 4u);
  std::string csv = ReadFile(Path("t/standings.csv"));
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3) << csv;
  nlohmann::json standings = nlohmann::json::parse(ReadFile(Path("t/standings.json")));
  ASSERT_EQ(standings["players"].size(), 2u);
  int wins = 0, matches = 0;
  for (const auto& p : standings["players"]) {
    matches += p["matches"].get<int>();
    wins += p["wins"].get<int>();
    EXPECT_EQ(p["TO"], 0);
    EXPECT_EQ(p["IL"], 0);
  }
  EXPECT_EQ(matches, 8);  // 4 matches, 2 seats each
  EXPECT_EQ(wins, 4);     // nim has a winner every time
  std::string scores = ReadFile(Path("t/scores"));
  EXPECT_EQ(std::count(scores.begin(), scores.end(), '\n'), 4) << scores;
  // Game by game: the table, the bars, the CSV and the picture's script (the picture
  // itself only where gnuplot is installed, which the output says either way).
  EXPECT_NE(out.find("Per game:"), std::string::npos) << out;
  EXPECT_NE(out.find("nim builtin:legal  |"), std::string::npos) << out;
  const std::string per_game = ReadFile(Path("t/per_game.csv"));
  EXPECT_EQ(std::count(per_game.begin(), per_game.end(), '\n'), 3) << per_game;
  EXPECT_NE(ReadFile(Path("t/scores.gp")).find("using 2:3:xtic(1)"), std::string::npos);
  const bool drawn = out.find("written " + Path("t") + "/scores.svg") != std::string::npos;
  EXPECT_TRUE(drawn || out.find("gnuplot not found") != std::string::npos) << out;
  if (drawn) {
    EXPECT_NE(ReadFile(Path("t/scores.svg")).find("<svg"), std::string::npos);
  }
}

TEST_F(MatchCliTest, GauntletTournamentInParallel) {
  std::string out, err;
  int status = RunToCompletion({AgentBinary(),
                                "tournament",
                                "--games",
                                Path("nim.kif"),
                                "--players",
                                "builtin:legal",
                                "builtin:random",
                                "builtin:random?tag=2",
                                "--gauntlet",
                                "--matches",
                                "5",
                                "--parallel",
                                "3",
                                "--start",
                                "1",
                                "--play",
                                "1",
                                "--out",
                                Path("g"),
                                "--name",
                                "G"},
                               dir_.string(), 120s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  for (int k = 1; k <= 5; ++k) {  // one line per finished match, also without a terminal
    EXPECT_NE(out.find("[" + std::to_string(k) + "/5] nim "), std::string::npos) << out;
  }
  EXPECT_NE(out.find("3 at once"), std::string::npos) << out;
  EXPECT_NE(out.find("slowest"), std::string::npos) << out;
  EXPECT_EQ(MatchFiles(Path("g")).size(), 5u);
  nlohmann::json standings = nlohmann::json::parse(ReadFile(Path("g/standings.json")));
  ASSERT_EQ(standings["players"].size(), 3u);
  int first_seats = 0, other_seats = 0, replies = 0;
  for (const auto& p : standings["players"]) {
    const int seats = p["matches"].get<int>() + p["aborted"].get<int>();
    // The gauntlet seats the first player in every match, the others in turn.
    (p["player"] == "builtin:legal" ? first_seats : other_seats) += seats;
    replies += p["replies"].get<int>();
    EXPECT_GE(p["slowest"].get<double>(), 0.0);
  }
  EXPECT_EQ(first_seats, 5);
  EXPECT_EQ(other_seats, 5);
  EXPECT_GE(replies, 10 + 5 * 2);  // START and at least two PLAYs per seat in nim
}

TEST_F(MatchCliTest, TwoServedPlayersPlayAFullMatch) {
  std::vector<std::unique_ptr<ChildProcess>> servers;
  std::vector<std::string> urls;
  for (const std::string name : {"PlayerA", "PlayerB"}) {
    servers.push_back(std::make_unique<ChildProcess>(
        std::vector<std::string>{AgentBinary(), "serve", "--address", "127.0.0.1", "--port", "0",
                                 "--name", name, "--policy", "montecarlo", "--margin-ms", "300",
                                 "--log-dir", Path("logs-" + name)},
        Path(name + ".out"), Path(name + ".err")));
    ASSERT_TRUE(servers.back()->started());
    auto port = match_testing::WaitForPort(Path(name + ".err"), "serving on ", 30s);
    ASSERT_TRUE(port.has_value()) << ReadFile(Path(name + ".err"));
    urls.push_back("http://127.0.0.1:" + *port + "/");
  }
  std::string out, err;
  int status =
      RunToCompletion({AgentBinary(), "match", "--game", Path("nim.kif"), "--player", urls[0],
                       urls[1], "--start", "2", "--play", "1", "--out", Path("out")},
                      dir_.string(), 120s, &out, &err);
  ASSERT_EQ(status, 0) << out << err;
  auto files = MatchFiles(Path("out"));
  ASSERT_EQ(files.size(), 1u);
  nlohmann::json j = nlohmann::json::parse(ReadFile(files[0]));
  MatchRecord r = FromJson(j);

  EXPECT_EQ(r.match_id.rfind("Local.nim.", 0), 0u);
  EXPECT_EQ(std::filesystem::path(files[0]).stem().string(), r.match_id);
  EXPECT_EQ(r.random_token.size(), 32u);
  for (char c : r.random_token) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)));
  EXPECT_GT(r.start_time_ms, 1'600'000'000'000);
  EXPECT_FALSE(j.contains("gameMetaURL"));
  EXPECT_TRUE(r.is_completed);
  EXPECT_FALSE(r.is_aborted);
  EXPECT_EQ(CheckInvariants(r, 2), "");
  EXPECT_GE(r.moves.size(), 2u);
  EXPECT_LE(r.moves.size(), 3u);
  for (const auto& e : r.errors) {
    EXPECT_EQ(e, (std::vector<std::string>{"", ""})) << "served players answer in time";
  }
  EXPECT_GE(r.state_times_ms[0], r.start_time_ms);
  EXPECT_EQ(r.goal_values[0] + r.goal_values[1], 100);
  EXPECT_EQ(r.preview_clock, -1);
  EXPECT_EQ(r.start_clock, 2);
  EXPECT_EQ(r.play_clock, 1);
  EXPECT_EQ(*r.player_names, (std::vector<std::string>{"PlayerA", "PlayerB"}));
  EXPECT_FALSE(r.scrambled);
  ExpectConsistentWithRules(r);
  EXPECT_NE(out.find("PlayerA"), std::string::npos) << out;

  for (auto& s : servers) EXPECT_EQ(s->Stop(), 0);
}

}  // namespace
}  // namespace ggp::agent::runner
