// The board learner inside a match: with the real machine factory, the search starts on
// the propnet, the board learner runs in the background, and the search moves onto the
// verified board machine (keeping its tree) before the first PLAY; a second match of the
// same game starts from the stored model.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "agent/search/register.h"
#include "agent/session/session_test_util.h"
#include "reasoner/board/board_test_games.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

using testing::Call;
using testing::EventsNamed;
using testing::ReadEvents;

// The real machine factory, and the usual quarter of the clock as margin.
SessionOptions BoardOptions(const std::string& dir) {
  SessionOptions o = testing::TestOptions(dir);
  o.builder = reasoner::CreateMachine;
  o.board_builder = reasoner::BuildBoardMachine;
  search::RegisterSearchPolicies();
  o.policy = "mcts";
  o.player.params["max_nodes"] = 20000;
  o.margin = std::chrono::milliseconds(300);
  o.max_margin_share = 0.25;
  return o;
}

TEST(BoardSession, SwapsToTheBoardMachineBeforeTheFirstPlay) {
  testing::TempDir dir;
  SessionOptions o = BoardOptions(dir.str());
  MatchManager m(o);
  const std::string rules = reasoner::board::testing::kPawns3x4;
  ASSERT_EQ(Call(m, testing::StartMessage("pawns.1", "white", rules, 6, 1)), "ready");
  // White moves first: our reply must be one of white's three opening moves.
  const std::string first = Call(m, "(play pawns.1 nil)");
  EXPECT_TRUE(first == "(move a 1 a 2)" || first == "(move b 1 b 2)" || first == "(move c 1 c 2)")
      << first;
  EXPECT_EQ(Call(m, "(abort pawns.1)"), "aborted");
  m.Shutdown();

  const auto events = ReadEvents(dir.str(), "pawns.1");
  auto start = EventsNamed(events, "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(start[0]["machine"]["backend"], "propnet") << start[0].dump();
  EXPECT_EQ(start[0]["board"]["done"], true) << start[0].dump();
  auto board = EventsNamed(events, "board");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0]["swapped"], true) << board[0].dump();
  EXPECT_EQ(board[0]["from"], "propnet");
  EXPECT_EQ(board[0]["plays"], 0) << "the swap came after the first PLAY";
  EXPECT_NE(board[0]["report"].get<std::string>().find("verified"), std::string::npos);
  // The tree the search grew on the propnet was carried over.
  EXPECT_EQ(board[0]["player"]["tree_kept"], true) << board[0].dump();
  EXPECT_GE(board[0]["player"]["nodes"].get<int>(), 1);
  EXPECT_TRUE(EventsNamed(events, "error").empty());
}

TEST(BoardSession, SwapsMidMatchReplayingTheMovesPlayedSoFar) {
  testing::TempDir dir;
  SessionOptions o = BoardOptions(dir.str());
  // A learner that is late: it waits until the test has played two turns.
  auto release = std::make_shared<std::atomic<bool>>(false);
  o.board_builder = [release](const gdl::Description& d,
                              std::shared_ptr<const reasoner::StateMachine> reference,
                              const reasoner::MachineOptions& mo) {
    while (!release->load() && !(mo.cancel != nullptr && mo.cancel->load())) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return reasoner::BuildBoardMachine(d, std::move(reference), mo);
  };
  MatchManager m(o);
  const std::string rules = reasoner::board::testing::kPawns3x4;
  ASSERT_EQ(Call(m, testing::StartMessage("pawns.2", "black", rules, 1, 1)), "ready");
  EXPECT_EQ(Call(m, "(play pawns.2 nil)"), "noop");
  const std::string reply = Call(m, "(play pawns.2 ((move b 1 b 2) noop))");
  EXPECT_EQ(Call(m, "(play pawns.2 (noop " + reply + "))"), "noop");
  release->store(true);
  // The learner needs well under a second alone; a loaded machine gets a minute.
  std::vector<nlohmann::json> board;
  for (int i = 0; i < 2400 && board.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    board = EventsNamed(ReadEvents(dir.str(), "pawns.2"), "board");
  }
  ASSERT_EQ(board.size(), 1u) << "no swap within 60 s; the match's events:\n"
                              << nlohmann::json(ReadEvents(dir.str(), "pawns.2")).dump(1);
  EXPECT_EQ(board[0]["swapped"], true) << board[0].dump();
  EXPECT_EQ(board[0]["turn"], 2) << board[0].dump();
  EXPECT_EQ(board[0]["player"]["tree_kept"], true) << board[0].dump();
  // White's next move is answered on the board machine.
  const std::string last = Call(m, "(play pawns.2 ((move a 1 a 2) noop))");
  EXPECT_NE(last.find("move"), std::string::npos) << last;
  EXPECT_EQ(Call(m, "(abort pawns.2)"), "aborted");
  m.Shutdown();
  EXPECT_TRUE(EventsNamed(ReadEvents(dir.str(), "pawns.2"), "error").empty())
      << nlohmann::json(EventsNamed(ReadEvents(dir.str(), "pawns.2"), "error")).dump(1);
}

TEST(BoardSession, SecondMatchStartsFromTheStoredModel) {
  testing::TempDir dir;
  SessionOptions o = BoardOptions(dir.str());
  std::string why;
  o.store = store::ExperienceStore::Open(dir.str() + "/experience.sqlite", &why);
  ASSERT_NE(o.store, nullptr) << why;
  MatchManager m(o);
  const std::string rules = reasoner::board::testing::kPawns3x4;
  for (const char* id : {"pawns.a", "pawns.b"}) {
    ASSERT_EQ(Call(m, testing::StartMessage(id, "black", rules, 6, 1)), "ready");
    EXPECT_EQ(Call(m, std::string("(abort ") + id + ")"), "aborted");
  }
  m.Shutdown();
  auto first = EventsNamed(ReadEvents(dir.str(), "pawns.a"), "start");
  auto second = EventsNamed(ReadEvents(dir.str(), "pawns.b"), "start");
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_FALSE(first[0].contains("store"));
  ASSERT_TRUE(second[0].contains("store")) << second[0].dump();
  EXPECT_EQ(second[0]["store"]["board_model"], "found");
  auto board = EventsNamed(ReadEvents(dir.str(), "pawns.b"), "board");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0]["swapped"], true) << board[0].dump();
  EXPECT_NE(board[0]["report"].get<std::string>().find("known model"), std::string::npos)
      << board[0].dump();
  ASSERT_EQ(o.store->List().size(), 1u);
  EXPECT_EQ(o.store->List()[0].uses, 2);
}

// The propnet, the frequency model and an experience store in `dir` (null if it failed).
SessionOptions ModelOptions(const std::string& dir) {
  SessionOptions o = BoardOptions(dir);
  o.board_builder = nullptr;
  o.machine_backend = "propnet";
  o.player.params["model"] = "frequency";
  std::string why;
  o.store = store::ExperienceStore::Open(dir + "/experience.sqlite", &why);
  EXPECT_NE(o.store, nullptr) << why;
  return o;
}

// The opponent's moves of a match go into the store at its end, and the next match of the
// game rebuilds its opponent model from them before its first decision.
TEST(ModelSession, NextMatchRebuildsTheOpponentModelFromTheStore) {
  testing::TempDir dir;
  SessionOptions o = ModelOptions(dir.str());
  ASSERT_NE(o.store, nullptr);
  MatchManager m(o);
  const std::string rules = reasoner::board::testing::kPawns3x4;
  for (const char* id : {"pawns.m1", "pawns.m2"}) {
    const std::string match = id;
    ASSERT_EQ(Call(m, testing::StartMessage(match, "black", rules, 2, 1)), "ready");
    EXPECT_EQ(Call(m, "(play " + match + " nil)"), "noop");
    const std::string reply = Call(m, "(play " + match + " ((move b 1 b 2) noop))");
    EXPECT_NE(reply.find("move"), std::string::npos) << reply;
    EXPECT_EQ(Call(m, "(abort " + match + ")"), "aborted");
  }
  m.Shutdown();
  // One document: white's moves (the opponent), written by both matches.
  const std::vector<store::Document> docs = o.store->List();
  ASSERT_EQ(docs.size(), 1u);
  EXPECT_EQ(docs[0].kind, "opponent-model");
  EXPECT_EQ(docs[0].role, "white");
  EXPECT_EQ(docs[0].uses, 2);
  const nlohmann::json body = nlohmann::json::parse(docs[0].body);
  ASSERT_EQ(body["matches"].size(), 2u) << body.dump();
  EXPECT_EQ(body["matches"][1]["plies"][0][0], "(move b 1 b 2)") << body.dump();

  auto second = EventsNamed(ReadEvents(dir.str(), "pawns.m2"), "start");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0]["store"]["opponent_models"], 1) << second[0].dump();
  auto plays = EventsNamed(ReadEvents(dir.str(), "pawns.m2"), "play");
  ASSERT_EQ(plays.size(), 2u);
  const nlohmann::json model = plays[1]["stats"]["extra"]["model"];
  EXPECT_EQ(model["stored"]["matches"], 1) << plays[1].dump();
  EXPECT_EQ(model["stored"]["decisions"], 1) << plays[1].dump();
  EXPECT_EQ(model["observed"], 2) << plays[1].dump();  // the stored move and this one
}

// With the opponents named (serve --opponent), their moves are also kept under their name
// and a later match against the same name reads that document rather than the pooled one.
TEST(ModelSession, NamedOpponentsHaveTheirOwnDocuments) {
  testing::TempDir dir;
  SessionOptions o = ModelOptions(dir.str());
  ASSERT_NE(o.store, nullptr);
  const std::string rules = reasoner::board::testing::kPawns3x4;
  for (const auto& [match, name] : std::vector<std::pair<std::string, std::string>>{
           {"pawns.n1", "Alice"}, {"pawns.n2", "Bob"}, {"pawns.n3", "Alice"}}) {
    o.opponent_name = name;
    MatchManager m(o);
    ASSERT_EQ(Call(m, testing::StartMessage(match, "black", rules, 2, 1)), "ready");
    EXPECT_EQ(Call(m, "(play " + match + " nil)"), "noop");
    EXPECT_NE(Call(m, "(play " + match + " ((move b 1 b 2) noop))").find("move"),
              std::string::npos);
    EXPECT_EQ(Call(m, "(abort " + match + ")"), "aborted");
    m.Shutdown();
  }
  std::map<std::string, size_t> matches;  // kind -> stored matches of white
  for (const store::Document& d : o.store->List()) {
    EXPECT_EQ(d.role, "white");
    matches[d.kind] = nlohmann::json::parse(d.body)["matches"].size();
  }
  EXPECT_EQ(matches,
            (std::map<std::string, size_t>{
                {"opponent-model", 3}, {"opponent-model:Alice", 2}, {"opponent-model:Bob", 1}}));
  auto second = EventsNamed(ReadEvents(dir.str(), "pawns.n2"), "start");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0]["store"]["named_models"], 0) << second[0].dump();  // Bob: pooled
  auto third = EventsNamed(ReadEvents(dir.str(), "pawns.n3"), "start");
  ASSERT_EQ(third.size(), 1u);
  EXPECT_EQ(third[0]["store"]["opponent"], "Alice") << third[0].dump();
  EXPECT_EQ(third[0]["store"]["named_models"], 1) << third[0].dump();
  // Alice's one earlier match was replayed, not the pooled two.
  auto plays = EventsNamed(ReadEvents(dir.str(), "pawns.n3"), "play");
  ASSERT_EQ(plays.size(), 2u);
  EXPECT_EQ(plays[1]["stats"]["extra"]["model"]["stored"]["matches"], 1) << plays[1].dump();
}

}  // namespace
}  // namespace ggp::agent
