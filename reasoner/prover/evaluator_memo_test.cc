// The evaluator's memo of static calls: kept across states, forgotten past its cap, and
// the answers are the same either way.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/gdl/normalize.h"
#include "reasoner/prover/evaluator.h"
#include "reasoner/prover/program.h"

namespace ggp::reasoner::prover {
namespace {

// `pair` is a static relation with a rule: the evaluator asks it on demand, once per
// cell the state holds (pair ?x free), and memoises each call.
constexpr const char* kGame =
    "(role p) (num 1) (num 2) (num 3) (num 4) (num 5) (num 6) (init (cell 1))"
    "(<= (pair ?x ?y) (num ?x) (num ?y) (distinct ?x ?y))"
    "(<= (legal p (go ?y)) (true (cell ?x)) (pair ?x ?y))"
    "(<= (next (cell ?y)) (does p (go ?y)))"
    "(<= terminal (true (cell 6)))"
    "(<= (goal p 100) (true (cell 6)))";

TEST(EvaluatorMemoTest, StaticCallsAreKeptAcrossStatesAndForgottenPastTheCap) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(kGame, std::make_shared<kif::SymbolTable>(), &d, &errors));
  std::string error;
  std::unique_ptr<Program> program = Program::Compile(gdl::Normalize(d), &error);
  ASSERT_TRUE(program) << error;
  auto state_with_cell = [&](int x) {
    const kif::Term t = kif::Term::Compound(
        d.symbols->Intern("cell"), {kif::Term::Atom(d.symbols->Intern(std::to_string(x)))});
    State s;
    s.Set(program->FluentIndex(program->terms().FromTerm(t)));
    return s;
  };
  for (size_t cap : {size_t{1000}, size_t{2}}) {
    Evaluator e(*program, /*static_mode=*/false);
    e.set_max_static_calls(cap);
    size_t most = 0;
    for (int round = 0; round < 2; ++round) {
      for (int x = 1; x <= 6; ++x) {
        e.SetState(state_with_cell(x));
        EXPECT_EQ(e.Facts(program->rel_legal).size(), 5u) << "cell " << x << ", cap " << cap;
        most = std::max(most, e.static_calls());
      }
    }
    if (cap == 1000) {
      EXPECT_EQ(most, 6u);  // one call per cell, kept for the second round
    } else {
      EXPECT_EQ(most, 3u);  // past 2 calls, the next state starts afresh
    }
  }
}

}  // namespace
}  // namespace ggp::reasoner::prover
