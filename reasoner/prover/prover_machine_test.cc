#include "reasoner/prover/prover_machine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <thread>

#include "tests/testing/small_games.h"

namespace ggp::reasoner {
namespace {

constexpr const char* kNim = ::ggp::testing::kNim3Gdl;

std::shared_ptr<const ProverMachine> Build(std::string_view text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  std::string error;
  auto m = ProverMachine::Build(d, &error);
  EXPECT_TRUE(m) << error;
  return m;
}

std::set<std::string> Strings(const StateMachine& m, const std::vector<kif::Term>& terms) {
  std::set<std::string> out;
  for (const auto& t : terms) out.insert(kif::ToString(t, m.symbols()));
  return out;
}

std::set<std::string> LegalStrings(const StateMachine& m, const State& s, int role, Workspace& ws) {
  std::vector<Move> moves;
  m.LegalMoves(s, role, ws, &moves);
  std::set<std::string> out;
  for (Move mv : moves) out.insert(kif::ToString(m.MoveTerm(role, mv), m.symbols()));
  return out;
}

Move Find(const StateMachine& m, int role, std::string_view text) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseTerm(text, *m.shared_symbols(), &t, &errors));
  return *m.FindMove(role, t);
}

TEST(ProverMachine, PlaysTheNimLineOfTheSpec) {
  auto m = Build(kNim);
  auto ws = m->NewWorkspace();
  State s0, s1, s2;
  m->InitialState(&s0);
  EXPECT_EQ(Strings(*m, m->Fluents(s0)), (std::set<std::string>{"(pile 3)", "(control first)"}));
  EXPECT_FALSE(m->IsTerminal(s0, *ws));
  EXPECT_EQ(LegalStrings(*m, s0, 0, *ws), (std::set<std::string>{"(take 1)", "(take 2)"}));
  EXPECT_EQ(LegalStrings(*m, s0, 1, *ws), (std::set<std::string>{"noop"}));
  Move j1[] = {Find(*m, 0, "(take 2)"), Find(*m, 1, "noop")};
  m->NextState(s0, j1, *ws, &s1);
  EXPECT_EQ(Strings(*m, m->Fluents(s1)), (std::set<std::string>{"(pile 1)", "(control second)"}));
  Move j2[] = {Find(*m, 0, "noop"), Find(*m, 1, "(take 1)")};
  m->NextState(s1, j2, *ws, &s2);
  EXPECT_TRUE(m->IsTerminal(s2, *ws));
  EXPECT_EQ(m->Goal(s2, 0, *ws), 0);
  EXPECT_EQ(m->Goal(s2, 1, *ws), 100);
}

TEST(ProverMachine, RecursionOrDistinctAndZeroAryRelations) {
  auto m = Build(R"(
    (role r) (init (at a))
    (edge a b) (edge b c) (edge c d) (edge d a2)
    (<= (reach ?x ?y) (edge ?x ?y))
    (<= (reach ?x ?z) (edge ?x ?y) (reach ?y ?z))
    (<= (legal r (go ?y)) (true (at ?x)) (reach ?x ?y) (distinct ?y d))
    (<= (next (at ?y)) (does r (go ?y)))
    (<= far (true (at ?x)) (or (reach ?x a2) (not (reach ?x c))))
    (<= terminal far (not (true (at a))))
    (<= terminal (true (at a2)))
    (<= (goal r 100) (true (at c)))
    (<= (goal r 50) (not (goal r 100)) (true (at ?x)))
  )");
  auto ws = m->NewWorkspace();
  State s;
  m->InitialState(&s);
  EXPECT_EQ(LegalStrings(*m, s, 0, *ws),
            (std::set<std::string>{"(go b)", "(go c)", "(go a2)"}));
  EXPECT_FALSE(m->IsTerminal(s, *ws));
  EXPECT_EQ(m->Goal(s, 0, *ws), 50);
  State t;
  Move j[] = {Find(*m, 0, "(go c)")};
  m->NextState(s, j, *ws, &t);
  EXPECT_EQ(m->Goal(t, 0, *ws), 100);
  EXPECT_TRUE(m->IsTerminal(t, *ws));  // far via (reach c a2)
}

TEST(ProverMachine, UndefinedGoalAndNoLegalMovesAreReportedNotFatal) {
  auto m = Build("(role r) (init p) (<= (legal r a) (true q))");
  auto ws = m->NewWorkspace();
  State s;
  m->InitialState(&s);
  std::vector<Move> moves;
  m->LegalMoves(s, 0, *ws, &moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(m->Goal(s, 0, *ws), kNoGoal);
  EXPECT_FALSE(m->IsTerminal(s, *ws));
}

TEST(ProverMachine, DeepRecursionDoesNotOverflow) {
  std::string rules = "(role r) (init (n 0)) (<= (legal r noop) (role r)) (<= terminal (big 3000))";
  for (int i = 0; i < 3000; ++i) {
    rules += " (succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")";
  }
  rules += " (<= (big 0) (true (n 0))) (<= (big ?y) (big ?x) (succ ?x ?y))";
  auto m = Build(rules);
  auto ws = m->NewWorkspace();
  State s;
  m->InitialState(&s);
  EXPECT_TRUE(m->IsTerminal(s, *ws));
}

TEST(ProverMachine, WorkspacesOnTwoThreadsAgree) {
  auto m = Build(kNim);
  auto play = [&](std::vector<std::string>* log) {
    auto ws = m->NewWorkspace();
    for (int game = 0; game < 50; ++game) {
      State s, next;
      m->InitialState(&s);
      int step = 0;
      while (!m->IsTerminal(s, *ws)) {
        std::vector<Move> joint;
        for (int r = 0; r < m->num_roles(); ++r) {
          std::vector<Move> moves;
          m->LegalMoves(s, r, *ws, &moves);
          joint.push_back(moves[static_cast<size_t>(step + game) % moves.size()]);
        }
        m->NextState(s, joint, *ws, &next);
        s = next;
        ++step;
      }
      log->push_back(std::to_string(m->Goal(s, 0, *ws)) + "/" + std::to_string(m->Goal(s, 1, *ws)));
    }
  };
  std::vector<std::string> a, b;
  std::thread t1(play, &a), t2(play, &b);
  t1.join();
  t2.join();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 50u);
}

}  // namespace
}  // namespace ggp::reasoner
