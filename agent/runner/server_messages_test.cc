#include "agent/runner/server_messages.h"

#include <gtest/gtest.h>

#include "agent/runner/runner_test_util.h"
#include "protocol/messages.h"

namespace ggp::agent::runner {
namespace {

TEST(ServerMessagesTest, GgpBaseStyleIsSpacedAndParsesBack) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  const std::vector<reasoner::Move> none;
  EXPECT_EQ(TurnMessage(ServerStyle::kGgpBase, "PLAY", "m.1", *game.machine, none),
            "( PLAY m.1 NIL )");
  EXPECT_EQ(AbortMessage(ServerStyle::kGgpBase, "m.1"), "( ABORT m.1 )");
  std::string start = StartMessage(ServerStyle::kGgpBase, "m.1", "first", game.rules, 10, 5);
  protocol::Request request;
  std::string error;
  ASSERT_TRUE(protocol::ParseRequest(start, &request, &error)) << error;
  const auto& s = std::get<protocol::StartRequest>(request);
  EXPECT_EQ(s.match_id, "m.1");
  EXPECT_EQ(kif::ToString(s.role), "first");
  EXPECT_EQ(s.rules.size(), game.rules.size());
  EXPECT_EQ(s.start_clock, 10);
  EXPECT_EQ(s.play_clock, 5);
}

TEST(ServerMessagesTest, JointMovesAreInRoleOrder) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules);
  auto ws = game.machine->NewWorkspace();
  reasoner::State s;
  game.machine->InitialState(&s);
  std::vector<reasoner::Move> a, b;
  game.machine->LegalMoves(s, 0, *ws, &a);
  game.machine->LegalMoves(s, 1, *ws, &b);
  std::vector<reasoner::Move> joint = {a.back(), b[0]};
  std::string take = MoveText(ServerStyle::kGgpBase, *game.machine, 0, a.back());
  EXPECT_EQ(TurnMessage(ServerStyle::kGgpBase, "STOP", "m", *game.machine, joint),
            "( STOP m ( " + take + " noop ) )");
  protocol::Request request;
  std::string error;
  ASSERT_TRUE(protocol::ParseRequest(
      TurnMessage(ServerStyle::kDresden, "PLAY", "m", *game.machine, joint), &request, &error));
  const auto& play = std::get<protocol::PlayRequest>(request);
  ASSERT_EQ(play.moves.size(), 2u);
  EXPECT_EQ(kif::ToString(play.moves[1]), "noop");
}

}  // namespace
}  // namespace ggp::agent::runner
