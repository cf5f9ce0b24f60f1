// The naive model (naive_model.h), the suite's third opinion, on small games whose answers
// follow from GDL by hand: negation stratified by arguments (static and over the state),
// `or`, double negation, recursion, goals with several values.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "tests/generated/naive_machine.h"

namespace ggp::testing {
namespace {

struct Game {
  std::unique_ptr<NaiveMachine> machine;
  std::unique_ptr<reasoner::Workspace> ws;
  reasoner::State initial;
};

Game Load(const std::string& text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  Game g;
  g.machine = std::make_unique<NaiveMachine>(d);
  g.ws = g.machine->NewWorkspace();
  g.machine->InitialState(&g.initial);
  return g;
}

reasoner::Move MoveOf(Game& g, const char* text) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseTerm(text, *g.machine->shared_symbols(), &t, &errors));
  return g.machine->FindMove(0, t).value_or(0);
}

std::vector<std::string> Legal(Game& g, const reasoner::State& s) {
  std::vector<reasoner::Move> moves;
  g.machine->LegalMoves(s, 0, *g.ws, &moves);
  std::vector<std::string> out;
  for (reasoner::Move m : moves)
    out.push_back(kif::ToString(g.machine->MoveTerm(0, m), g.machine->symbols()));
  std::sort(out.begin(), out.end());
  return out;
}

// (v c) as nothing derives (v d), so (v b), so not (v a): static, then over the state.
TEST(NaiveModelTest, NegationStratifiedByArguments) {
  for (const char* base : {"(<= (v c) (not (v d)))", "(<= (v c) (true (s 0)) (not (v d)))"}) {
    Game g =
        Load(std::string("(role r) (init (s 0)) (<= (next (s 1)) (true (s 0)))"
                         "(<= terminal (true (s 1))) (<= (v a) (not (v b))) (<= (v b) (v c))") +
             base + "(<= (legal r (go ?x)) (v ?x))");
    EXPECT_EQ(Legal(g, g.initial), (std::vector<std::string>{"(go b)", "(go c)"})) << base;
    EXPECT_FALSE(g.machine->IsTerminal(g.initial, *g.ws));
    EXPECT_FALSE(g.machine->overflowed());
  }
}

TEST(NaiveModelTest, GoalsChainedThroughNegationTakeTheHighest) {
  Game g = Load(
      "(role r) (init (s 0)) (<= (next (s 1)) (true (s 0))) (<= (next flag) (true (s 0)))"
      "(<= terminal (true (s 1))) (legal r noop)"
      "(<= (goal r 75) (not (goal r 50))) (<= (goal r 50) (not (goal r 10)))"
      "(<= (goal r 10) (true flag))");
  EXPECT_EQ(g.machine->Goal(g.initial, 0, *g.ws), 50);
  reasoner::State next;
  g.machine->NextState(g.initial, std::vector<reasoner::Move>{MoveOf(g, "noop")}, *g.ws, &next);
  EXPECT_TRUE(g.machine->IsTerminal(next, *g.ws));
  EXPECT_EQ(g.machine->Goal(next, 0, *g.ws), 75);
}

TEST(NaiveModelTest, OrDoubleNegationDistinctAndRecursion) {
  Game g = Load(
      "(role r) (init (at a)) (edge a b) (edge b c) (edge c d)"
      "(<= (path ?x ?y) (edge ?x ?y)) (<= (path ?x ?z) (edge ?x ?y) (path ?y ?z))"
      "(<= (legal r (go ?y)) (true (at ?x)) (path ?x ?y) (or (distinct ?y c) (not (not (edge b "
      "?y)))))"
      "(<= (legal r (stay ?x)) (true (at ?x)) (not (or (edge ?x ?x) (edge d ?x))))"
      "(<= (next (at ?y)) (does r (go ?y))) (<= terminal (true (at d)))");
  EXPECT_EQ(Legal(g, g.initial),
            (std::vector<std::string>{"(go b)", "(go c)", "(go d)", "(stay a)"}));
  reasoner::State next;
  g.machine->NextState(g.initial, std::vector<reasoner::Move>{MoveOf(g, "(go d)")}, *g.ws, &next);
  EXPECT_TRUE(g.machine->IsTerminal(next, *g.ws));
  EXPECT_EQ(g.machine->Goal(next, 0, *g.ws), reasoner::kNoGoal);
}

}  // namespace
}  // namespace ggp::testing
