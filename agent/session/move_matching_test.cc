#include "agent/session/move_matching.h"

#include <gtest/gtest.h>

#include "agent/player/nim_test_machine.h"

namespace ggp::agent {
namespace {

kif::SExpr S(const std::string& text) {
  kif::SExpr e;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseOneSExpr(text, &e, &errors)) << text;
  return e;
}

class MoveMatchingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    symbols_ = std::make_shared<kif::SymbolTable>();
    roles_ = {kif::Term::Atom(symbols_->Intern("first")),
              kif::Term::Atom(symbols_->Intern("second"))};
    machine_ = testing::MakeNimMachine(symbols_, roles_, 3);
  }
  std::shared_ptr<kif::SymbolTable> symbols_;
  std::vector<kif::Term> roles_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
};

TEST_F(MoveMatchingTest, ExactThenIgnoringCaseThenKnown) {
  std::vector<reasoner::Move> legal = {0, 1};
  MatchedMove m = MatchMove(*machine_, 0, S("(take 2)"), legal);
  EXPECT_EQ(m.match, MoveMatch::kExact);
  EXPECT_EQ(m.move, 1);
  m = MatchMove(*machine_, 0, S("(TAKE 2)"), legal);
  EXPECT_EQ(m.match, MoveMatch::kIgnoringCase);
  EXPECT_EQ(m.move, 1);
  m = MatchMove(*machine_, 0, S("noop"), legal);
  EXPECT_EQ(m.match, MoveMatch::kKnownButIllegal);
  EXPECT_EQ(m.move, 2);
  m = MatchMove(*machine_, 0, S("(take 3)"), legal);
  EXPECT_EQ(m.match, MoveMatch::kUnknown);
  m = MatchMove(*machine_, 0, S("(take)"), legal);
  EXPECT_EQ(m.match, MoveMatch::kUnknown);
  // Matching did not intern the server's new symbols.
  EXPECT_FALSE(symbols_->Find("3").has_value());
  EXPECT_FALSE(symbols_->Find("TAKE").has_value());
}

TEST_F(MoveMatchingTest, ConstantIsNotAZeroArgumentFunction) {
  std::vector<reasoner::Move> legal = {2};
  EXPECT_EQ(MatchMove(*machine_, 1, S("noop"), legal).match, MoveMatch::kExact);
  EXPECT_EQ(MatchMove(*machine_, 1, S("(noop)"), legal).match, MoveMatch::kUnknown);
}

TEST_F(MoveMatchingTest, RendersInTheRulesSpelling) {
  auto upper = testing::MakeNimMachine(symbols_, roles_, 3, testing::NimSpelling{"TAKE", "NOOP"});
  EXPECT_EQ(RenderMove(*upper, 0, 1), "(TAKE 2)");
  EXPECT_EQ(RenderMove(*machine_, 0, 1), "(take 2)");
  EXPECT_EQ(RenderJointMove({S("( take 2 )"), S("noop")}), "((take 2) noop)");
  EXPECT_EQ(RenderJointMove({}), "nil");
}

TEST_F(MoveMatchingTest, FindsRolesExactlyThenIgnoringCase) {
  EXPECT_EQ(FindRoleIndex(roles_, *symbols_, "second"), 1);
  EXPECT_EQ(FindRoleIndex(roles_, *symbols_, "SECOND"), 1);
  EXPECT_EQ(FindRoleIndex(roles_, *symbols_, "third"), -1);
}

TEST_F(MoveMatchingTest, GuessesMovesFromTheRules) {
  auto parse = [](const std::string& text) {
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors);
    return d;
  };
  gdl::Description d = parse("(role a) (role b) (legal a (go 1)) (legal b (wait))");
  EXPECT_EQ(GuessMoveFromRules(d, "b"), "(wait)");
  EXPECT_EQ(GuessMoveFromRules(d, "B"), "(wait)");
  EXPECT_EQ(GuessMoveFromRules(d, "c"), "(go 1)");
  d = parse(
      "(role a) (<= (legal ?r (mark ?x)) (role ?r) (cell ?x)) (<= (legal ?r NOOP) (role ?r))");
  EXPECT_EQ(GuessMoveFromRules(d, "a"), "NOOP");
  d = parse("(role a)");
  EXPECT_EQ(GuessMoveFromRules(d, "a"), "noop");
}

}  // namespace
}  // namespace ggp::agent
