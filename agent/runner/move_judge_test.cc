#include "agent/runner/move_judge.h"

#include <gtest/gtest.h>

#include "agent/runner/runner_test_util.h"
#include "agent/runner/server_messages.h"

namespace ggp::agent::runner {
namespace {

using testing::Failed;
using testing::Ok;

class MoveJudgeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    game_ = testing::LoadTestGame("nim", testing::kNimRules);
    ASSERT_TRUE(game_.machine);
    ws_ = game_.machine->NewWorkspace();
    game_.machine->InitialState(&initial_);
    game_.machine->LegalMoves(initial_, 0, *ws_, &first_legal_);
    game_.machine->LegalMoves(initial_, 1, *ws_, &second_legal_);
    ASSERT_EQ(first_legal_.size(), 2u);
    ASSERT_EQ(second_legal_.size(), 1u);
  }

  // Judges a reply of role `first` in the initial state with fallback = its first legal move.
  Judgement First(const LinkReply& reply, bool ignore_case = false) {
    return JudgeReply(reply, *game_.machine, 0, first_legal_, first_legal_[0], ignore_case);
  }
  std::string Text(int role, reasoner::Move m) {
    return MoveText(ServerStyle::kGgpBase, *game_.machine, role, m);
  }

  Game game_;
  std::unique_ptr<reasoner::Workspace> ws_;
  reasoner::State initial_;
  std::vector<reasoner::Move> first_legal_, second_legal_;
};

TEST_F(MoveJudgeTest, LegalRepliesAreKeptInAnySpacing) {
  for (const char* reply : {"(take 2)", "( take 2 )", "  (take\n2) "}) {
    Judgement j = First(Ok(reply));
    EXPECT_EQ(j.error, "") << reply;
    EXPECT_EQ(Text(0, j.move), "( take 2 )") << reply;
  }
  Judgement j = JudgeReply(Ok("noop"), *game_.machine, 1, second_legal_, second_legal_[0], false);
  EXPECT_EQ(j.error, "");
  EXPECT_EQ(Text(1, j.move), "noop");
}

TEST_F(MoveJudgeTest, IllegalRepliesAreReplacedByTheFallback) {
  Judgement j = First(Ok("(take 3)"));
  EXPECT_EQ(j.error, "IL ( take 3 )");
  EXPECT_EQ(j.move, first_legal_[0]);
  EXPECT_EQ(First(Ok("noop")).error, "IL noop");  // a move, but not legal here
  EXPECT_EQ(First(Ok("nil")).error, "IL nil");
  EXPECT_EQ(First(Ok("(take ?x)")).error, "IL ( take ?x )");  // not ground
  EXPECT_EQ(First(Ok("(take 2 2)")).error, "IL ( take 2 2 )");
  EXPECT_EQ(First(Ok("take")).error, "IL take");
}

TEST_F(MoveJudgeTest, UnparseableRepliesAreIlNull) {
  for (const char* reply : {"(take 2", "", "()", "((take) 2)", "take 2) ("}) {
    Judgement j = First(Ok(reply));
    EXPECT_EQ(j.error, "IL null") << "reply: " << reply;
    EXPECT_EQ(j.move, first_legal_[0]);
  }
}

TEST_F(MoveJudgeTest, TransportErrorsPassThrough) {
  EXPECT_EQ(First(Failed("TO")).error, "TO");
  EXPECT_EQ(First(Failed("CE")).error, "CE");
  EXPECT_EQ(First(Failed("TO")).move, first_legal_[0]);
}

TEST_F(MoveJudgeTest, CaseMattersExceptInDresdenMode) {
  EXPECT_EQ(First(Ok("(TAKE 2)")).error, "IL ( TAKE 2 )");
  Judgement j = First(Ok("(TAKE 2)"), /*ignore_case=*/true);
  EXPECT_EQ(j.error, "");
  EXPECT_EQ(Text(0, j.move), "( take 2 )");
}

TEST(MoveJudgeUpperCaseTest, UpperCaseGamesJudgeUpperCaseMoves) {
  Game game = testing::LoadTestGame("nim", testing::kNimRules, /*uppercase=*/true);
  ASSERT_TRUE(game.machine);
  EXPECT_EQ(game.role_names, (std::vector<std::string>{"FIRST", "SECOND"}));
  auto ws = game.machine->NewWorkspace();
  reasoner::State s;
  game.machine->InitialState(&s);
  std::vector<reasoner::Move> legal;
  game.machine->LegalMoves(s, 0, *ws, &legal);
  Judgement j = JudgeReply(Ok("(TAKE 1)"), *game.machine, 0, legal, legal[1], false);
  EXPECT_EQ(j.error, "");
  EXPECT_EQ(MoveText(ServerStyle::kDresden, *game.machine, 0, j.move), "(TAKE 1)");
}

}  // namespace
}  // namespace ggp::agent::runner
