#include "reasoner/factory/verify.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace {

// A counter to 3 with a choice of step size; terminal at 3 or beyond.
constexpr const char* kCounter = R"(
(role p)
(init (n 0))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= (legal p one) (true (n ?x)))
(<= (legal p two) (true (n ?x)))
(<= (next (n ?y)) (does p one) (true (n ?x)) (succ ?x ?y))
(<= (next (n ?z)) (does p two) (true (n ?x)) (succ ?x ?y) (succ ?y ?z))
(<= terminal (true (n 3)))
(<= terminal (true (n 4)))
(<= (goal p 100) (true (n 3)))
(<= (goal p 50) (true (n 4)))
)";

std::shared_ptr<const ProverMachine> Build(const char* text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  std::string error;
  auto m = ProverMachine::Build(d, &error);
  EXPECT_TRUE(m) << error;
  return m;
}

// Delegates to a real machine but lies in one place.
class Liar final : public StateMachine {
 public:
  enum class Lie { kNone, kDropLegal, kGoal, kTerminal, kPlayout };
  Liar(std::shared_ptr<const StateMachine> m, Lie lie)
      : StateMachine(m->shared_symbols(), m->roles()), m_(std::move(m)), lie_(lie) {}
  std::string_view backend() const override { return "liar"; }
  std::unique_ptr<Workspace> NewWorkspace() const override { return m_->NewWorkspace(); }
  void InitialState(State* out) const override { m_->InitialState(out); }
  bool IsTerminal(const State& s, Workspace& ws) const override {
    bool t = m_->IsTerminal(s, ws);
    return lie_ == Lie::kTerminal ? false : t;
  }
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override {
    m_->LegalMoves(s, role, ws, out);
    if (lie_ == Lie::kDropLegal && !out->empty()) out->pop_back();
  }
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws, State* out) const override {
    m_->NextState(s, joint, ws, out);
  }
  int Goal(const State& s, int role, Workspace& ws) const override {
    int g = m_->Goal(s, role, ws);
    return lie_ == Lie::kGoal && g >= 0 ? g / 2 : g;
  }
  // kPlayout: a fast loop that draws other moves than the generic loop would.
  PlayoutResult RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws, State* end,
                              std::vector<PlayoutMove>* moves,
                              const std::atomic<bool>* stop) const override {
    if (lie_ == Lie::kPlayout) rng.Next();
    return StateMachine::RandomPlayout(s, max_steps, rng, ws, end, moves, stop);
  }
  kif::Term MoveTerm(int role, Move m) const override { return m_->MoveTerm(role, m); }
  std::optional<Move> FindMove(int role, const kif::Term& t) const override { return m_->FindMove(role, t); }
  std::vector<kif::Term> Fluents(const State& s) const override { return m_->Fluents(s); }

 private:
  std::shared_ptr<const StateMachine> m_;
  Lie lie_;
};

TEST(VerifyTest, MachineAgreesWithItselfAndAnotherBuild) {
  auto a = Build(kCounter);
  auto b = Build(kCounter);
  VerifyOptions o;
  o.playouts = 5;
  VerifyStats stats;
  EXPECT_EQ(VerifyAgainst(*a, *b, o, &stats), std::nullopt);
  EXPECT_EQ(stats.playouts, 5);
  EXPECT_GE(stats.steps, 5 * 3);
  EXPECT_FALSE(stats.timed_out);
}

TEST(VerifyTest, FindsDroppedLegalMove) {
  auto a = Build(kCounter);
  Liar liar(a, Liar::Lie::kDropLegal);
  auto diff = VerifyAgainst(*a, liar, VerifyOptions());
  ASSERT_TRUE(diff);
  EXPECT_NE(diff->find("playout 1 step 0: legal moves of role p differ"), std::string::npos) << *diff;
  EXPECT_NE(diff->find("missing {"), std::string::npos) << *diff;
}

TEST(VerifyTest, FindsWrongGoalAndTerminal) {
  auto a = Build(kCounter);
  Liar goal_liar(a, Liar::Lie::kGoal);
  auto diff = VerifyAgainst(*a, goal_liar, VerifyOptions());
  ASSERT_TRUE(diff);
  EXPECT_NE(diff->find("goal of role p differs"), std::string::npos) << *diff;
  Liar term_liar(a, Liar::Lie::kTerminal);
  diff = VerifyAgainst(*a, term_liar, VerifyOptions());
  ASSERT_TRUE(diff);
  EXPECT_NE(diff->find("terminal differs: expected true got false"), std::string::npos) << *diff;
}

TEST(VerifyTest, FindsAPlayoutLoopThatDrawsOtherMoves) {
  auto a = Build(kCounter);
  Liar honest(a, Liar::Lie::kNone);
  EXPECT_EQ(VerifyAgainst(*a, honest, VerifyOptions()), std::nullopt);
  Liar liar(a, Liar::Lie::kPlayout);
  auto diff = VerifyAgainst(*a, liar, VerifyOptions());
  ASSERT_TRUE(diff);
  EXPECT_EQ(diff->rfind("machine playout ", 0), 0u) << *diff;
}

TEST(VerifyTest, DescribeSetDifference) {
  EXPECT_EQ(DescribeSetDifference({"a", "b", "c"}, {"b", "d"}),
            "expected 3 got 2; missing {a, c}; extra {d}");
  EXPECT_EQ(DescribeSetDifference({"a", "b", "c"}, {}, 2),
            "expected 3 got 0; missing {a, b, ... (1 more)}");
}

}  // namespace
}  // namespace ggp::reasoner
