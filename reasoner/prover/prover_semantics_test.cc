// Corner cases of GDL the reference prover must get right (protocol §3.6 pitfalls and the
// contract of state_machine.h), each on a small game written for the test.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace {

std::shared_ptr<const ProverMachine> Build(std::string_view text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  std::string error;
  auto m = ProverMachine::Build(d, &error);
  EXPECT_TRUE(m) << error;
  return m;
}

std::set<std::string> FluentSet(const StateMachine& m, const State& s) {
  std::set<std::string> out;
  for (const auto& t : m.Fluents(s)) out.insert(kif::ToString(t, m.symbols()));
  return out;
}

std::vector<std::string> Legal(const StateMachine& m, const State& s, int role, Workspace& ws) {
  std::vector<Move> moves;
  m.LegalMoves(s, role, ws, &moves);
  std::vector<std::string> out;
  for (Move mv : moves) out.push_back(kif::ToString(m.MoveTerm(role, mv), m.symbols()));
  return out;
}

Move Find(const StateMachine& m, int role, std::string_view text) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(kif::ParseTerm(text, *m.shared_symbols(), &t, &errors));
  auto id = m.FindMove(role, t);
  EXPECT_TRUE(id.has_value()) << text;
  return id.value_or(0);
}

TEST(ProverSemanticsTest, KeywordFactsAtTopLevel) {
  auto m = Build(R"(
    (role you) (init (count 0)) (legal you wait) (next win) (goal you 100) (goal you 30)
    (<= terminal (true win)))");
  auto ws = m->NewWorkspace();
  State s, t;
  m->InitialState(&s);
  EXPECT_EQ(FluentSet(*m, s), (std::set<std::string>{"(count 0)"}));
  EXPECT_EQ(Legal(*m, s, 0, *ws), (std::vector<std::string>{"wait"}));
  EXPECT_EQ(m->Goal(s, 0, *ws), 100);  // several values: the highest
  EXPECT_FALSE(m->IsTerminal(s, *ws));
  Move j[] = {Find(*m, 0, "wait")};
  m->NextState(s, j, *ws, &t);
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"win"}));  // (next f) fact; no frame
  EXPECT_TRUE(m->IsTerminal(t, *ws));
}

TEST(ProverSemanticsTest, LegalMovesHaveNoDuplicatesAndAStableOrder) {
  auto m = Build(R"(
    (role p) (init (s 1)) (num 1) (num 2) (num 3)
    (<= (legal p (pick ?n)) (num ?n))
    (<= (legal p (pick ?n)) (true (s ?n)))
    (<= (legal p (pick 2)) (num ?x)))");
  auto ws = m->NewWorkspace();
  State s;
  m->InitialState(&s);
  std::vector<Move> a, b;
  m->LegalMoves(s, 0, *ws, &a);
  auto ws2 = m->NewWorkspace();
  m->LegalMoves(s, 0, *ws2, &b);
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a, b);
  std::vector<Move> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
}

TEST(ProverSemanticsTest, UnsafeRulesDeriveNothing) {
  auto m = Build(R"(
    (role p) (init a) (legal p go)
    (<= (bad ?x) (distinct ?x a))
    (<= (worse ?x) (not (true ?x)))
    (<= (next (got ?x)) (bad ?x))
    (<= (next (got2 ?x)) (worse ?x))
    (<= (next b) (true a))
    (<= terminal (true b)))");
  auto ws = m->NewWorkspace();
  State s, t;
  m->InitialState(&s);
  Move j[] = {Find(*m, 0, "go")};
  m->NextState(s, j, *ws, &t);
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"b"}));
  EXPECT_TRUE(m->IsTerminal(t, *ws));
}

TEST(ProverSemanticsTest, RelationWithTwoAritiesAndZeroArgFunctions) {
  auto m = Build(R"(
    (role p) (init (cell 1)) (init (cell 1 2)) (init (f)) (init f)
    (<= (legal p (m ?x)) (true (cell ?x)))
    (<= (legal p (n ?x ?y)) (true (cell ?x ?y)))
    (<= (next (cell 9)) (true (f)))
    (<= (next (cell 8 8)) (true f))
    (<= terminal (true (cell 9))))");
  auto ws = m->NewWorkspace();
  State s, t;
  m->InitialState(&s);
  EXPECT_EQ(FluentSet(*m, s), (std::set<std::string>{"(cell 1)", "(cell 1 2)", "(f)", "f"}));
  auto legal = Legal(*m, s, 0, *ws);
  EXPECT_EQ(std::set<std::string>(legal.begin(), legal.end()),
            (std::set<std::string>{"(m 1)", "(n 1 2)"}));
  Move j[] = {Find(*m, 0, "(m 1)")};
  m->NextState(s, j, *ws, &t);
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"(cell 9)", "(cell 8 8)"}));
}

TEST(ProverSemanticsTest, DoesThroughHelperRelationsAndEquality) {
  auto m = Build(R"(
    (role a) (role b) (init (score 0))
    (legal a x) (legal a y) (legal b x) (legal b y)
    (<= same (does a ?m) (does b ?m))
    (<= (agree ?m) (does a ?m) (does b ?n) (not (distinct ?m ?n)))
    (<= (next (match ?m)) (agree ?m))
    (<= (next differ) (not same))
    (<= terminal (true differ)))");
  auto ws = m->NewWorkspace();
  State s, t;
  m->InitialState(&s);
  Move same[] = {Find(*m, 0, "y"), Find(*m, 1, "y")};
  m->NextState(s, same, *ws, &t);
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"(match y)"}));
  Move diff[] = {Find(*m, 0, "x"), Find(*m, 1, "y")};
  m->NextState(s, diff, *ws, &t);  // same state, other joint move: nothing stale
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"differ"}));
  EXPECT_TRUE(m->IsTerminal(t, *ws));
}

TEST(ProverSemanticsTest, StratifiedNegationOverRecursionAndFunctionTerms) {
  auto m = Build(R"(
    (role p) (init (at n1))
    (node n1) (node n2) (node n3) (node n4)
    (edge n1 n2) (edge n2 n3) (edge n3 n2)
    (<= (reach ?x ?y) (edge ?x ?y))
    (<= (reach ?x ?z) (reach ?x ?y) (edge ?y ?z))
    (<= (cut ?y) (true (at ?x)) (node ?y) (not (reach ?x ?y)))
    (<= (legal p (go ?y)) (true (at ?x)) (reach ?x ?y))
    (<= (legal p (go ?y)) (cut ?y) (distinct ?y n1))
    (nat 0)
    (<= (nat (s ?x)) (nat ?x) (small ?x))
    (small 0) (small (s 0))
    (<= (next (at ?y)) (does p (go ?y)))
    (<= (next (depth ?x)) (nat ?x) (not (small ?x)))
    (<= terminal (true (at n4))))");
  auto ws = m->NewWorkspace();
  State s, t;
  m->InitialState(&s);
  auto legal = Legal(*m, s, 0, *ws);
  EXPECT_EQ(std::set<std::string>(legal.begin(), legal.end()),
            (std::set<std::string>{"(go n2)", "(go n3)", "(go n4)"}));
  Move j[] = {Find(*m, 0, "(go n4)")};
  m->NextState(s, j, *ws, &t);
  EXPECT_EQ(FluentSet(*m, t), (std::set<std::string>{"(at n4)", "(depth (s (s 0)))"}));
  EXPECT_TRUE(m->IsTerminal(t, *ws));
}

// Negation inside one relation, stratified by its arguments only (validation warns; real
// games write goals this way). Level by level: (v c) since nothing derives (v d), then
// (v b), so not (v a); the goals chain the same way from whether (flag) holds. Running the
// negating rules once the others had settled derived (v a) and (goal r 75) too.
TEST(ProverSemanticsTest, NegationStratifiedByArguments) {
  for (const char* v_base : {"(<= (v c) (not (v d)))", "(<= (v c) (true (s ?x)) (not (v d)))"}) {
    const std::string rules = R"(
      (role r) (init (s 0)) (<= (next (s 1)) (true (s 0))) (<= (next flag) (true (s 0)))
      (<= terminal (true (s 1)))
      (<= (v a) (not (v b))) (<= (v b) (v c))
      (<= (legal r (go ?x)) (v ?x))
      (<= (goal r 75) (not (goal r 50))) (<= (goal r 50) (not (goal r 10)))
      (<= (goal r 10) (true flag)))";
    auto m = Build(rules + v_base);
    auto ws = m->NewWorkspace();
    State s, t;
    m->InitialState(&s);
    std::vector<std::string> legal = Legal(*m, s, 0, *ws);
    std::sort(legal.begin(), legal.end());
    EXPECT_EQ(legal, (std::vector<std::string>{"(go b)", "(go c)"})) << v_base;
    EXPECT_EQ(m->Goal(s, 0, *ws), 50) << v_base;  // no flag: 50 holds, so 75 does not
    m->NextState(s, std::vector<Move>{Find(*m, 0, "(go b)")}, *ws, &t);
    EXPECT_EQ(m->Goal(t, 0, *ws), 75) << v_base;  // flag: 10 holds, 50 does not, 75 does
  }
}

// Tabled recursion whose calls find their cycles late. (q a ?) is a cycle of its own at
// first; only when it re-runs does (back a) lead it to (p a ?), the call still pending
// below it, so it must not be taken as final then: its answers z9 and z10 come through
// (p a ?). (p b2 ?) reaches all of it too, by calls made in another order; the next state
// drops an edge.
TEST(ProverSemanticsTest, TabledCallsThatFindTheirCycleLateAreNotFinalEarly) {
  auto m = Build(R"(
    (role r)
    (init (f a b1)) (init (e b1 b2)) (init (e b2 a)) (init (e a c)) (init (back a))
    (init (g a z9)) (init (e z9 z10)) (init (f b2 a))
    (<= (p ?x ?y) (true (e ?x ?y)))
    (<= (p ?x ?y) (q ?x ?y))
    (<= (p ?x ?y) (true (g ?x ?y)))
    (<= (q ?x ?y) (true (f ?x ?y)))
    (<= (q ?x ?y) (q ?x ?z) (true (e ?z ?y)))
    (<= (q ?x ?y) (q ?x ?z) (true (back ?z)) (p ?z ?y))
    (<= (legal r (from_b2 ?y)) (p b2 ?y))
    (<= (legal r (from_a ?y)) (p a ?y))
    (<= (legal r (q_of_a ?y)) (q a ?y))
    (<= (next (f ?x ?y)) (true (f ?x ?y)))
    (<= (next (e ?x ?y)) (true (e ?x ?y)) (distinct ?x z9))
    (<= (next (back ?x)) (true (back ?x)))
    (<= (next (g ?x ?y)) (true (g ?x ?y))))");
  auto ws = m->NewWorkspace();
  auto moves = [&](const State& s, std::string_view prefix) {
    std::set<std::string> out;
    for (const std::string& mv : Legal(*m, s, 0, *ws)) {
      if (mv.rfind(prefix, 0) == 0) out.insert(mv.substr(prefix.size()));
    }
    return out;
  };
  State s, t;
  m->InitialState(&s);
  const std::set<std::string> closure{"a)", "b1)", "b2)", "c)", "z9)", "z10)"};
  EXPECT_EQ(moves(s, "(from_a "), closure);
  EXPECT_EQ(moves(s, "(q_of_a "), closure);
  EXPECT_EQ(moves(s, "(from_b2 "), closure);  // (f b2 a), then all of (p a ?)
  m->NextState(s, std::vector<Move>{Find(*m, 0, "(from_a z10)")}, *ws, &t);
  const std::set<std::string> without_z10{"a)", "b1)", "b2)", "c)", "z9)"};
  EXPECT_EQ(moves(t, "(from_a "), without_z10);
  EXPECT_EQ(moves(t, "(q_of_a "), without_z10);
  EXPECT_EQ(moves(t, "(from_b2 "), without_z10);
}

TEST(ProverSemanticsTest, CaseOfNonKeywordsIsKept) {
  auto m = Build(R"(
    (ROLE White) (INIT (Cell A)) (<= (LEGAL White (Mark ?x)) (TRUE (Cell ?x)))
    (<= (NEXT (Cell ?x)) (DOES White (Mark ?x))) (<= TERMINAL (TRUE (Cell a))))");
  auto ws = m->NewWorkspace();
  State s;
  m->InitialState(&s);
  EXPECT_EQ(FluentSet(*m, s), (std::set<std::string>{"(Cell A)"}));
  EXPECT_EQ(Legal(*m, s, 0, *ws), (std::vector<std::string>{"(Mark A)"}));
  EXPECT_FALSE(m->IsTerminal(s, *ws));  // a is not A
}

}  // namespace
}  // namespace ggp::reasoner
