#include "agent/runner/match_record.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "agent/runner/kif_style.h"

namespace ggp::agent::runner {
namespace {

kif::Term Parse(const std::string& text, kif::SymbolTable& symbols) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseTerm(text, symbols, &t, &errors)) << text;
  return t;
}

TEST(KifStyleTest, TermsPrintInGgpBaseSpacedStyle) {
  kif::SymbolTable symbols;
  EXPECT_EQ(SpacedKif(Parse("(take 2)", symbols), symbols), "( take 2 )");
  EXPECT_EQ(SpacedKif(Parse("noop", symbols), symbols), "noop");
  EXPECT_EQ(SpacedKif(Parse("(f)", symbols), symbols), "( f )");
  EXPECT_EQ(SpacedKif(Parse("(cell 1 (f a) B)", symbols), symbols), "( cell 1 ( f a ) B )");
}

TEST(KifStyleTest, StatesPrintAsGgpBaseMatchJson) {
  kif::SymbolTable symbols;
  std::vector<kif::Term> fluents = {Parse("(pile 3)", symbols), Parse("(control first)", symbols)};
  EXPECT_EQ(SpacedState(fluents, symbols), "( ( pile 3 ) ( control first ) )");
  EXPECT_EQ(SpacedState({Parse("lit", symbols)}, symbols), "( lit )");
  EXPECT_EQ(SpacedState({}, symbols), "( )");
}

TEST(KifStyleTest, SExpressionsAndUpperCase) {
  kif::SExpr e;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseOneSExpr("(<= (legal ?p (take 1)) (true (control ?p)))", &e, &errors));
  EXPECT_EQ(SpacedKif(e), "( <= ( legal ?p ( take 1 ) ) ( true ( control ?p ) ) )");
  EXPECT_EQ(UpperCase("(role first) ?x"), "(ROLE FIRST) ?X");
}

MatchRecord Example() {
  MatchRecord r;
  r.match_id = "Local.nim.1600000000000";
  r.random_token = RandomToken(7);
  r.start_time_ms = 1600000000000;
  r.states = {"( ( pile 3 ) ( control first ) )", "( ( pile 2 ) ( control second ) )",
              "( ( pile 0 ) ( control first ) ( winner second ) )"};
  r.moves = {{"( take 1 )", "noop"}, {"noop", "( take 2 )"}};
  r.state_times_ms = {1600000000001, 1600000000300, 1600000000900};
  r.errors = {{"", ""}, {"", "TO"}, {"IL ( take 3 )", ""}};
  r.goal_values = {0, 100};
  r.is_completed = true;
  r.start_clock = 2;
  r.play_clock = 1;
  r.player_names = std::vector<std::string>{"random", "MyPlayer"};
  return r;
}

TEST(MatchRecordTest, JsonHasEveryGgpBaseFieldWithItsType) {
  nlohmann::json j = ToJson(Example());
  EXPECT_EQ(j["matchId"], "Local.nim.1600000000000");
  ASSERT_TRUE(j["randomToken"].is_string());
  EXPECT_EQ(j["randomToken"].get<std::string>().size(), 32u);
  EXPECT_EQ(j["startTime"], 1600000000000);
  EXPECT_FALSE(j.contains("gameMetaURL"));
  EXPECT_EQ(j["isCompleted"], true);
  EXPECT_EQ(j["isAborted"], false);
  EXPECT_EQ(j["states"][0], "( ( pile 3 ) ( control first ) )");
  EXPECT_EQ(j["states"].size(), 3u);
  EXPECT_EQ(j["moves"], nlohmann::json::parse(R"J([["( take 1 )","noop"],["noop","( take 2 )"]])J"));
  EXPECT_EQ(j["stateTimes"], nlohmann::json::parse("[1600000000001,1600000000300,1600000000900]"));
  EXPECT_EQ(j["errors"], nlohmann::json::parse(R"J([["",""],["","TO"],["IL ( take 3 )",""]])J"));
  EXPECT_EQ(j["goalValues"], nlohmann::json::parse("[0,100]"));
  EXPECT_EQ(j["previewClock"], -1);
  EXPECT_EQ(j["startClock"], 2);
  EXPECT_EQ(j["playClock"], 1);
  EXPECT_EQ(j["playerNamesFromHost"], nlohmann::json::parse(R"(["random","MyPlayer"])"));
  EXPECT_FALSE(j.contains("tournamentNameFromHost"));
  EXPECT_EQ(j["scrambled"], false);
  EXPECT_EQ(j.size(), 15u);  // the keys above that are present
}

TEST(MatchRecordTest, OptionalKeysAppearOnlyWhenSet) {
  MatchRecord r = Example();
  r.is_completed = false;
  r.goal_values.clear();
  r.errors.clear();
  r.player_names.reset();
  r.game_meta_url = "http://127.0.0.1:9140/games/nim/v0/";
  r.tournament_name = "Cup";
  nlohmann::json j = ToJson(r);
  EXPECT_FALSE(j.contains("goalValues"));
  EXPECT_FALSE(j.contains("errors"));
  EXPECT_FALSE(j.contains("playerNamesFromHost"));
  EXPECT_EQ(j["gameMetaURL"], "http://127.0.0.1:9140/games/nim/v0/");
  EXPECT_EQ(j["tournamentNameFromHost"], "Cup");
}

TEST(MatchRecordTest, JsonRoundTrips) {
  MatchRecord r = Example();
  EXPECT_EQ(ToJson(FromJson(ToJson(r))), ToJson(r));
}

TEST(MatchRecordTest, InvariantsAreChecked) {
  EXPECT_EQ(CheckInvariants(Example(), 2), "");
  MatchRecord r = Example();
  r.states.pop_back();
  EXPECT_NE(CheckInvariants(r, 2), "");
  r = Example();
  r.errors.pop_back();
  EXPECT_NE(CheckInvariants(r, 2), "");
  r = Example();
  r.state_times_ms.push_back(1);
  EXPECT_NE(CheckInvariants(r, 2), "");
  r = Example();
  r.moves[1].pop_back();
  EXPECT_NE(CheckInvariants(r, 2), "");
  r = Example();
  r.is_completed = false;  // goals before completion
  EXPECT_NE(CheckInvariants(r, 2), "");
  r = Example();
  EXPECT_NE(CheckInvariants(r, 3), "");
}

class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("runner_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "_" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MatchRecordTest, WritesTheFileAtomicallyAndReplacesIt) {
  TempDir dir;
  const std::string path = dir.File("m.json");
  std::string error;
  MatchRecord r = Example();
  ASSERT_TRUE(WriteMatchJson(r, path, &error)) << error;
  r.is_aborted = true;
  ASSERT_TRUE(WriteMatchJson(r, path, &error)) << error;
  nlohmann::json back = nlohmann::json::parse(ReadAll(path));
  EXPECT_EQ(back, ToJson(r));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_FALSE(WriteMatchJson(r, dir.File("missing/dir/m.json"), &error));
  EXPECT_FALSE(error.empty());
}

TEST(MatchRecordTest, ScoreLinesAreAppended) {
  TempDir dir;
  const std::string path = dir.File("scores");
  ASSERT_TRUE(AppendScoreLine({"a", "b"}, {0, 100}, path));
  ASSERT_TRUE(AppendScoreLine({"b", "a"}, {50, 50}, path));
  EXPECT_EQ(ReadAll(path), "a,b=0,100\nb,a=50,50\n");
}

TEST(MatchRecordTest, RandomTokensAreAlphanumericAndSeeded) {
  std::string t = RandomToken(42);
  EXPECT_EQ(t.size(), 32u);
  for (char c : t) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c))) << t;
  EXPECT_EQ(t, RandomToken(42));
  EXPECT_NE(t, RandomToken(43));
}

}  // namespace
}  // namespace ggp::agent::runner
