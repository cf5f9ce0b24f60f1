// The evaluator's memo of static calls: kept across states, forgotten past its cap, and
// the answers are the same either way. Calls with every argument bound (answered from
// their final status, Evaluator::Holds) give the same answers as their tables, inside
// cycles of tabled calls too, and nothing of one state's statuses reaches the next.

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

// Parses and compiles `text` (null on failure, with the reason in `error`).
std::unique_ptr<Program> Compile(const char* text, gdl::Description* d, std::string* error) {
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), d, &errors)) {
    *error = "parse error";
    return nullptr;
  }
  return Program::Compile(gdl::Normalize(*d), error);
}

TEST(EvaluatorMemoTest, StaticCallsAreKeptAcrossStatesAndForgottenPastTheCap) {
  gdl::Description d;
  std::string error;
  std::unique_ptr<Program> program = Compile(kGame, &d, &error);
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

// `reach` is tabled (positive recursion over the state's links, which may form cycles);
// `go` asks it with both arguments bound under `not`, `jump` without.
constexpr const char* kReachGame =
    "(role p) (num 1) (num 2) (num 3) (num 4) (num 5) (init (cell 1))"
    "(<= (edge ?x ?y) (true (link ?x ?y)))"
    "(<= (reach ?x ?y) (edge ?x ?y))"
    "(<= (reach ?x ?z) (edge ?x ?y) (reach ?y ?z))"
    "(<= (legal p (go ?y)) (true (cell ?x)) (num ?y) (distinct ?x ?y) (not (reach ?x ?y)))"
    "(<= (legal p (jump ?y)) (true (cell ?x)) (num ?y) (reach ?x ?y))"
    "(<= (next (cell ?y)) (does p (go ?y)))"
    "(<= (next (cell ?y)) (does p (jump ?y)))"
    "(<= (next (link ?x ?y)) (true (link ?x ?y)))"
    "(<= terminal (true (cell 5)))"
    "(<= (goal p 100) (true (cell 5)))";

TEST(EvaluatorMemoTest, BoundCallsAnswerAsTheirTablesAcrossStatesAndCycles) {
  gdl::Description d;
  std::string error;
  std::unique_ptr<Program> program = Compile(kReachGame, &d, &error);
  ASSERT_TRUE(program) << error;
  TermStore& terms = program->terms();
  auto num = [&](int x) { return kif::Term::Atom(d.symbols->Intern(std::to_string(x))); };
  auto compound = [&](const char* f, std::vector<kif::Term> args) {
    return kif::Term::Compound(d.symbols->Intern(f), std::move(args));
  };
  auto state = [&](int cell, const std::vector<std::pair<int, int>>& links) {
    State s;
    s.Set(program->FluentIndex(terms.FromTerm(compound("cell", {num(cell)}))));
    for (auto [x, y] : links) {
      s.Set(program->FluentIndex(terms.FromTerm(compound("link", {num(x), num(y)}))));
    }
    return s;
  };
  struct Case {
    int cell;
    std::vector<std::pair<int, int>> links;
    std::vector<int> go, jump;  // the legal moves
  };
  const std::vector<Case> cases = {
      {1, {{1, 2}, {2, 3}, {3, 1}}, {4, 5}, {1, 2, 3}},  // a cycle through the cell
      {2, {{2, 4}, {4, 2}}, {1, 3, 5}, {2, 4}},
      {3, {}, {1, 2, 4, 5}, {}},
      {1, {{2, 3}, {3, 2}, {1, 2}}, {4, 5}, {2, 3}},  // a cycle below the cell
  };
  const TermId role = terms.FromTerm(kif::Term::Atom(d.symbols->Intern("p")));
  Evaluator e(*program, /*static_mode=*/false);
  for (int round = 0; round < 2; ++round) {
    for (const Case& c : cases) {
      e.SetState(state(c.cell, c.links));
      const FactTable& legal = e.Facts(program->rel_legal);
      EXPECT_EQ(legal.size(), c.go.size() + c.jump.size()) << "cell " << c.cell;
      for (auto [name, ys] : {std::pair{"go", c.go}, std::pair{"jump", c.jump}}) {
        for (int y : ys) {
          const TermId move[2] = {role, terms.FromTerm(compound(name, {num(y)}))};
          EXPECT_TRUE(legal.Contains(move)) << name << " " << y << " from cell " << c.cell;
        }
      }
    }
  }
}

}  // namespace
}  // namespace ggp::reasoner::prover
