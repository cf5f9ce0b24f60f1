#include "reasoner/propnet/propnet_machine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <thread>

#include "reasoner/propnet/test_game.h"
#include "reasoner/propnet/test_games.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;
using Strings = std::set<std::string>;

TEST(PropnetMachineTest, PlaysTakeAway) {
  Game g(testgames::kTakeAway);
  ASSERT_EQ(g.m().num_roles(), 2);
  EXPECT_EQ(g.m().backend(), "propnet");
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Fluents(s), (Strings{"(control a)", "(pile 4)"}));
  EXPECT_FALSE(g.m().IsTerminal(s, g.ws()));
  EXPECT_EQ(g.Legal(s, 0), (Strings{"(take 1)", "(take 2)"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"noop"}));
  s = g.Next(s, {"(take 2)", "noop"});
  EXPECT_EQ(g.Fluents(s), (Strings{"(control b)", "(pile 2)", "(last a)"}));
  EXPECT_EQ(g.Legal(s, 0), (Strings{"noop"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"(take 1)", "(take 2)"}));
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 100);
  EXPECT_EQ(g.m().Goal(s, 1, g.ws()), 0);
  s = g.Next(s, {"noop", "(take 2)"});
  EXPECT_TRUE(g.m().IsTerminal(s, g.ws()));
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 0);
  EXPECT_EQ(g.m().Goal(s, 1, g.ws()), 100);
}

TEST(PropnetMachineTest, MovesRoundTripAndUnknownMovesAreAbsent) {
  Game g(testgames::kTakeAway);
  for (int r = 0; r < 2; ++r) {
    for (Move m = 0; m < g.m().num_moves(r); ++m) {
      EXPECT_EQ(g.m().FindMove(r, g.m().MoveTerm(r, m)), m);
    }
  }
  EXPECT_FALSE(g.m().FindMove(0, g.Parse("(take 3)")).has_value());
  EXPECT_FALSE(g.m().FindMove(5, g.Parse("noop")).has_value());
}

TEST(PropnetMachineTest, SharedWorkspaceAnswersForEveryStateItIsGiven) {
  Game g(testgames::kTakeAway);
  State s0, s1, s2;
  g.m().InitialState(&s0);
  s1 = g.Next(s0, {"(take 1)", "noop"});
  s2 = g.Next(s0, {"(take 2)", "noop"});
  // Jump between unrelated states in one workspace; a fresh workspace must agree.
  for (const State* s : {&s2, &s0, &s1, &s2, &s1, &s0}) {
    auto fresh = g.m().NewWorkspace();
    for (int r = 0; r < 2; ++r) {
      std::vector<Move> a, b;
      g.m().LegalMoves(*s, r, g.ws(), &a);
      g.m().LegalMoves(*s, r, *fresh, &b);
      EXPECT_EQ(a, b);
      EXPECT_EQ(g.m().Goal(*s, r, g.ws()), g.m().Goal(*s, r, *fresh));
    }
  }
}

TEST(PropnetMachineTest, RecursionThroughACycleNeedsSupport) {
  Game g(testgames::kReach);
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 0);
  s = g.Next(s, {"(open n3 n1)"});
  s = g.Next(s, {"(open n1 n2)"});
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 0);
  s = g.Next(s, {"(open n2 n3)"});
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 50);  // n3 reached through the cycle
  EXPECT_FALSE(g.m().IsTerminal(s, g.ws()));
  State jumped = g.Next(s, {"jump"});
  EXPECT_TRUE(g.Fluents(jumped).count("(at n5)"));
  // The cycle's edges are still open but nothing supports it any more.
  EXPECT_EQ(g.m().Goal(jumped, 0, g.ws()), 0);
  EXPECT_EQ(g.m().Goal(s, 0, g.ws()), 50);
  State done = g.Next(s, {"(open n3 n4)"});
  EXPECT_TRUE(g.m().IsTerminal(done, g.ws()));
  EXPECT_EQ(g.m().Goal(done, 0, g.ws()), 100);
  EXPECT_GE(g.m().stats().cyclic_sccs, 1u);
}

TEST(PropnetMachineTest, AMoveThatFeedsNothingStillHasAnId) {
  Game g("(role r) (init (p)) (<= (legal r a) (true (p))) (<= (legal r b) (true (p)))"
         "(<= (next (q)) (does r a)) (<= (next (p)) (true (p))) (<= terminal (true (q)))"
         "(<= (goal r 100) (true (q))) (<= (goal r 0) (not (true (q))))");
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Legal(s, 0), (Strings{"a", "b"}));
  State t = g.Next(s, {"b"});
  EXPECT_FALSE(g.m().IsTerminal(t, g.ws()));
  t = g.Next(s, {"a"});
  EXPECT_TRUE(g.m().IsTerminal(t, g.ws()));
}

TEST(PropnetMachineTest, FrameOverMostMovesIsExactForEveryMoveAndAnInvalidId) {
  // (next p) holds unless r plays m1: a disjunction over most of r's moves, which the
  // builder rewrites as the negation of the rest.
  Game g("(role r) (role s) (init (p)) (move m1) (move m2) (move m3) (move m4) (move m5)"
         "(<= (legal r ?m) (move ?m)) (legal s wait) (legal s poke)"
         "(<= (next (p)) (true (p)) (does r ?m) (distinct ?m m1))"
         "(<= (next (q ?m)) (does r ?m) (does s poke))"
         "(<= terminal (not (true (p)))) (<= (goal ?x 0) (role ?x))");
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Fluents(g.Next(s, {"m3", "wait"})), (Strings{"(p)"}));
  EXPECT_EQ(g.Fluents(g.Next(s, {"m1", "wait"})), Strings{});
  EXPECT_EQ(g.Fluents(g.Next(s, {"m5", "poke"})), (Strings{"(p)", "(q m5)"}));
  EXPECT_EQ(g.Fluents(g.Next(s, {"m2", "wait"})), (Strings{"(p)"}));
  // An id that names no move: no `does` holds for r.
  State out;
  std::vector<Move> joint = {Move{99}, g.MoveOf(1, "poke")};
  g.m().NextState(s, joint, g.ws(), &out);
  EXPECT_EQ(g.Fluents(out), Strings{});
  joint = {g.MoveOf(0, "m4"), Move{-1}};
  g.m().NextState(s, joint, g.ws(), &out);
  EXPECT_EQ(g.Fluents(out), (Strings{"(p)"}));
}

TEST(PropnetMachineTest, FrameOverBothRolesMovesWithAPassIsExact) {
  // Turn-taking with noop: (cell c) persists while some role marks another cell. The
  // builder keeps these disjunctions positive (noop is in no complement); the states
  // must be the same either way.
  Game g("(role a) (role b) (init (control a)) (id 1) (id 2) (id 3) (id 4)"
         "(<= (legal ?p (mark ?c)) (true (control ?p)) (id ?c) (not (true (cell ?c))))"
         "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))"
         "(<= (next (cell ?c)) (does ?p (mark ?c)))"
         "(<= (next (cell ?c)) (true (cell ?c)) (does ?p (mark ?d)) (distinct ?c ?d))"
         "(<= (next (control b)) (true (control a)))"
         "(<= (next (control a)) (true (control b)))"
         "(<= terminal (true (cell 1)) (true (cell 2)) (true (cell 3)) (true (cell 4)))"
         "(<= (goal ?x 0) (role ?x))");
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Legal(s, 1), Strings{"noop"});
  s = g.Next(s, {"(mark 2)", "noop"});
  EXPECT_EQ(g.Fluents(s), (Strings{"(cell 2)", "(control b)"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"(mark 1)", "(mark 3)", "(mark 4)"}));
  s = g.Next(s, {"noop", "(mark 4)"});
  EXPECT_EQ(g.Fluents(s), (Strings{"(cell 2)", "(cell 4)", "(control a)"}));
  s = g.Next(s, {"(mark 1)", "noop"});
  EXPECT_EQ(g.Fluents(s), (Strings{"(cell 1)", "(cell 2)", "(cell 4)", "(control b)"}));
  EXPECT_FALSE(g.m().IsTerminal(s, g.ws()));
  s = g.Next(s, {"noop", "(mark 3)"});
  EXPECT_TRUE(g.m().IsTerminal(s, g.ws()));
  // Both roles passing: no mark, so the frame keeps nothing.
  EXPECT_EQ(g.Fluents(g.Next(s, {"noop", "noop"})), (Strings{"(control b)"}));
}

// One machine, several threads, one workspace each: every thread must see the same
// playouts as a single-threaded run.
TEST(PropnetMachineTest, ThreadsShareOneMachineWithTheirOwnWorkspaces) {
  Game g(testgames::kReach);
  const PropnetMachine& m = g.m();
  auto run = [&m](unsigned seed) {
    auto ws = m.NewWorkspace();
    std::vector<int> trace;
    unsigned x = seed;
    for (int p = 0; p < 200; ++p) {
      State s, next;
      m.InitialState(&s);
      std::vector<Move> moves;
      for (int step = 0; step < 10 && !m.IsTerminal(s, *ws); ++step) {
        m.LegalMoves(s, 0, *ws, &moves);
        if (moves.empty()) break;
        x = x * 1103515245u + 12345u;
        Move mv = moves[(x >> 16) % moves.size()];
        m.NextState(s, std::span<const Move>(&mv, 1), *ws, &next);
        std::swap(s, next);
        trace.push_back(static_cast<int>(s.Count()));
      }
      trace.push_back(m.Goal(s, 0, *ws));
    }
    return trace;
  };
  std::vector<int> expected[4];
  for (unsigned t = 0; t < 4; ++t) expected[t] = run(t + 1);
  std::vector<int> got[4];
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) threads.emplace_back([&, t] { got[t] = run(t + 1); });
  for (auto& th : threads) th.join();
  for (unsigned t = 0; t < 4; ++t) EXPECT_EQ(got[t], expected[t]);
}

// 100 lamps (two words of fluents): a move toggles one lamp, or one lamp and its
// neighbour. One workspace follows playouts, where each state is the successor it just
// computed (the evaluator then loads only the words whose `next` changed), and jumps
// back to earlier states now and then; a fresh workspace must agree on every answer.
TEST(PropnetMachineTest, WorkspaceFollowingSuccessorsAgreesWithFreshOnes) {
  std::string rules = "(role p) (init (on 1)) (init (on 64)) (init (on 100))\n";
  for (int i = 1; i <= 100; ++i) {
    rules += "(lamp " + std::to_string(i) + ")";
    if (i < 100) rules += "(nextto " + std::to_string(i) + " " + std::to_string(i + 1) + ")";
  }
  rules += R"(
    (<= (legal p (flip ?x)) (lamp ?x))
    (<= (legal p (pair ?x)) (true (on ?x)) (nextto ?x ?y))
    (<= (touched ?x) (does p (flip ?x)))
    (<= (touched ?x) (does p (pair ?x)))
    (<= (touched ?y) (does p (pair ?x)) (nextto ?x ?y))
    (<= (next (on ?x)) (touched ?x) (not (true (on ?x))))
    (<= (next (on ?x)) (true (on ?x)) (not (touched ?x)))
    (<= terminal (true (on 50)) (true (on 51)))
    (<= (goal p 100) (true (on 2)))
    (<= (goal p 0) (not (true (on 2)))))";
  Game g(rules.c_str());
  const PropnetMachine& m = g.m();
  ASSERT_GT(m.net().num_fluents, 64u);
  auto ws = m.NewWorkspace();
  std::vector<State> seen;
  unsigned x = 7;
  auto random = [&x](size_t n) {
    x = x * 1103515245u + 12345u;
    return (x >> 16) % n;
  };
  for (int p = 0; p < 40; ++p) {
    State s, next, expected;
    m.InitialState(&s);
    for (int step = 0; step < 30 && !m.IsTerminal(s, *ws); ++step) {
      if (!seen.empty() && random(5) == 0) {
        const State& old = seen[random(seen.size())];
        EXPECT_EQ(m.IsTerminal(old, *ws), m.IsTerminal(old, *m.NewWorkspace()));
      }
      seen.push_back(s);
      std::vector<Move> moves, fresh_moves;
      m.LegalMoves(s, 0, *ws, &moves);
      m.LegalMoves(s, 0, *m.NewWorkspace(), &fresh_moves);
      ASSERT_EQ(moves, fresh_moves);
      EXPECT_EQ(m.Goal(s, 0, *ws), m.Goal(s, 0, *m.NewWorkspace()));
      Move mv = moves[random(moves.size())];
      m.NextState(s, std::span<const Move>(&mv, 1), *ws, &next);
      m.NextState(s, std::span<const Move>(&mv, 1), *m.NewWorkspace(), &expected);
      ASSERT_EQ(next, expected);
      std::swap(s, next);
    }
  }
}

TEST(PropnetMachineTest, LegalMovesFollowADerivedTurnView) {
  Game g(testgames::kGuardedTurns);
  State s;
  g.m().InitialState(&s);
  EXPECT_EQ(g.Legal(s, 0), (Strings{"(mark 1)", "(mark 2)", "(mark 3)", "freeze"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"noop"}));
  s = g.Next(s, {"(mark 2)", "noop"});
  EXPECT_EQ(g.Legal(s, 0), (Strings{"noop"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"(mark 1)", "(mark 3)", "freeze"}));
  s = g.Next(s, {"noop", "freeze"});
  // Frozen (the turn passed to a as b froze): the view that guards every legal move is
  // false for both roles.
  EXPECT_EQ(g.Legal(s, 0), (Strings{"noop"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"noop"}));
  s = g.Next(s, {"noop", "noop"});
  EXPECT_EQ(g.Fluents(s), (Strings{"(control a)", "(cell 1 e)", "(cell 2 a)", "(cell 3 e)", "running"}));
  EXPECT_EQ(g.Legal(s, 0), (Strings{"(mark 1)", "(mark 3)", "freeze"}));
  EXPECT_EQ(g.Legal(s, 1), (Strings{"noop"}));
  s = g.Next(s, {"(mark 3)", "noop"});
  EXPECT_EQ(g.Legal(s, 1), (Strings{"(mark 1)", "freeze"}));
  s = g.Next(s, {"noop", "(mark 1)"});
  EXPECT_TRUE(g.m().IsTerminal(s, g.ws()));
}

TEST(PropnetMachineTest, ReportsNegativeRecursionAsABuildFailure) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(
      "(role r) (init (c 1)) (<= (legal r go) (role r)) (<= (p ?x) (true (c ?x)) (not (q ?x)))"
      "(<= (q ?x) (true (c ?x)) (not (p ?x))) (<= terminal (p 1)) (<= (next (c 1)) (true (c 1)))"
      "(<= (goal r 0) (role r))",
      symbols, &d, &errors));
  PropnetBuild b = PropnetMachine::Build(d, {});
  EXPECT_FALSE(b.machine);
  EXPECT_NE(b.error.find("negation"), std::string::npos) << b.error;
}

}  // namespace
}  // namespace ggp::reasoner::propnet
