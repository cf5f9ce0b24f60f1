// The board learner inside a match: with the real machine factory, a START of a small
// board game is answered ready with the search already on the verified board machine, and
// the match is played to its end with legal moves.

#include <gtest/gtest.h>

#include <string>

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

  auto start = EventsNamed(ReadEvents(dir.str(), "pawns.1"), "start");
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(start[0]["machine"]["backend"], "board") << start[0].dump();
  EXPECT_NE(start[0]["machine"]["board"].get<std::string>().find("verified"), std::string::npos);
  EXPECT_TRUE(EventsNamed(ReadEvents(dir.str(), "pawns.1"), "error").empty());
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
  EXPECT_EQ(second[0]["machine"]["backend"], "board");
  EXPECT_NE(second[0]["machine"]["board"].get<std::string>().find("known model"), std::string::npos)
      << second[0].dump();
  ASSERT_EQ(o.store->List().size(), 1u);
  EXPECT_EQ(o.store->List()[0].uses, 2);
}

}  // namespace
}  // namespace ggp::agent
