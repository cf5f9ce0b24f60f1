// Seed 003's Same Action and Mirror models: a simultaneous game whose roles share their
// move names, a game whose roles do not (the models do not apply), and MirrorTerm.

#include "models/opponent/echo_models.h"

#include <gtest/gtest.h>

#include <vector>

#include "models/opponent/test_machine.h"

namespace ggp::models {
namespace {

using testing::After;
using testing::MachineOf;
using testing::MoveOf;
using testing::P;
using testing::Situation;

// Three simultaneous rounds; both roles may go any direction or mark cell (1 2).
constexpr const char* kShared = R"((role p) (role q)
(init (round 0))
(dir up) (dir down) (dir left) (dir right)
(succ 0 1) (succ 1 2) (succ 2 3)
(<= (legal ?r ?d) (role ?r) (dir ?d))
(<= (legal ?r (mark 1 2)) (role ?r))
(<= (next (round ?m)) (true (round ?n)) (succ ?n ?m))
(<= terminal (true (round 3)))
(<= (goal ?r 50) (role ?r)))";

// The same with disjoint vocabularies: p pushes, q pulls.
constexpr const char* kDisjoint = R"((role p) (role q)
(init (round 0))
(thing a) (thing b)
(succ 0 1) (succ 1 2)
(<= (legal p (push ?x)) (thing ?x))
(<= (legal q (pull ?x)) (thing ?x))
(<= (next (round ?m)) (true (round ?n)) (succ ?n ?m))
(<= terminal (true (round 2)))
(<= (goal ?r 50) (role ?r)))";

std::vector<float> PredictIn(const OpponentModel& m, const Situation& s) {
  std::vector<float> p(s.legal.size());
  m.PredictIn(s.context(), s.legal, p);
  return p;
}

TEST(EchoModelsTest, SameActionRepeatsTheOtherRolesMove) {
  auto machine = MachineOf(kShared);
  ASSERT_NE(machine, nullptr);
  auto same = MakeModel("sameaction");
  ASSERT_NE(same, nullptr);
  same->Bind(machine, 1);  // q copies p
  const Situation s = After(*machine, 1, {"up", "left"});
  ASSERT_EQ(s.legal.size(), 5u);
  const std::vector<float> p = PredictIn(*same, s);
  EXPECT_NEAR(P(*machine, 1, s, p, "up"), 0.95f, 1e-6);
  EXPECT_NEAR(P(*machine, 1, s, p, "left"), 0.0125f, 1e-6);  // its own last move: not echoed
  EXPECT_NEAR(P(*machine, 1, s, p, "down"), 0.0125f, 1e-6);
  // A numeric move term is copied too.
  const Situation t = After(*machine, 1, {"(mark 1 2)", "up"});
  EXPECT_NEAR(P(*machine, 1, t, PredictIn(*same, t), "(mark 1 2)"), 0.95f, 1e-6);
}

TEST(EchoModelsTest, MirrorSwapsDirectionsAndCopiesTheRest) {
  auto machine = MachineOf(kShared);
  ASSERT_NE(machine, nullptr);
  auto mirror = MakeModel("mirror");
  mirror->Bind(machine, 0);  // p mirrors q
  struct Case {
    const char* q_move;
    const char* expected;
  };
  for (const Case& c : {Case{"left", "right"}, Case{"right", "left"}, Case{"up", "down"},
                        Case{"down", "up"}, Case{"(mark 1 2)", "(mark 1 2)"}}) {
    SCOPED_TRACE(c.q_move);
    const Situation s = After(*machine, 0, {"up", c.q_move});
    const std::vector<float> p = PredictIn(*mirror, s);
    EXPECT_NEAR(P(*machine, 0, s, p, c.expected), 0.95f, 1e-6);
    const auto* echo = dynamic_cast<const EchoModel*>(mirror.get());
    ASSERT_NE(echo, nullptr);
    EXPECT_TRUE(echo->Applies(s.context(), s.legal));
  }
}

TEST(EchoModelsTest, UniformWithoutALastMove) {
  auto machine = MachineOf(kShared);
  ASSERT_NE(machine, nullptr);
  auto same = MakeModel("sameaction");
  same->Bind(machine, 1);
  const Situation first = After(*machine, 1, {});  // the initial state: nothing to copy
  for (float x : PredictIn(*same, first)) EXPECT_FLOAT_EQ(x, 0.2f);
  auto unbound = MakeModel("sameaction");
  const Situation s = After(*machine, 1, {"up", "left"});
  for (float x : PredictIn(*unbound, s)) EXPECT_FLOAT_EQ(x, 0.2f);
}

TEST(EchoModelsTest, DisjointVocabulariesDoNotApply) {
  auto machine = MachineOf(kDisjoint);
  ASSERT_NE(machine, nullptr);
  for (const char* name : {"sameaction", "mirror"}) {
    SCOPED_TRACE(name);
    auto m = MakeModel(name);
    m->Bind(machine, 1);
    const Situation s = After(*machine, 1, {"(push a)", "(pull b)"});
    ASSERT_EQ(s.legal.size(), 2u);
    for (float x : PredictIn(*m, s)) EXPECT_FLOAT_EQ(x, 0.5f);
    const auto* echo = dynamic_cast<const EchoModel*>(m.get());
    ASSERT_NE(echo, nullptr);
    EXPECT_FALSE(echo->Applies(s.context(), s.legal));
    m->ObserveIn(s.context(), s.legal, s.legal[0]);
    EXPECT_EQ(m->observations(), 1);
    EXPECT_EQ(echo->applied(), 0);
    EXPECT_EQ(m->Save()["applied"], 0);
  }
  // Where it applies, it counts.
  auto shared = MachineOf(kShared);
  ASSERT_NE(shared, nullptr);
  auto m = MakeModel("sameaction");
  m->Bind(shared, 1);
  const Situation s = After(*shared, 1, {"up", "left"});
  m->ObserveIn(s.context(), s.legal, MoveOf(*shared, 1, "up"));
  const nlohmann::json saved = m->Save();
  EXPECT_EQ(saved["applied"], 1);
  auto back = MakeModel("sameaction");
  std::string why;
  ASSERT_TRUE(back->Load(saved, &why)) << why;
  EXPECT_EQ(dynamic_cast<const EchoModel*>(back.get())->applied(), 1);
}

TEST(EchoModelsTest, MirrorTermKeepsCaseAndNeedsTheSymbol) {
  kif::SymbolTable symbols;
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseTerm("(move Up 3 west)", symbols, &t, &errors));
  EXPECT_FALSE(MirrorTerm(t, symbols).has_value());  // neither Down nor east is known
  symbols.Intern("Down");
  symbols.Intern("east");
  const std::optional<kif::Term> m = MirrorTerm(t, symbols);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(kif::ToString(*m, symbols), "(move Down 3 east)");
  // Words within a symbol (snake2p's moveUp), at word boundaries only.
  for (const char* known : {"moveDown", "move_down", "downRight", "setup", "upgrade"})
    symbols.Intern(known);
  ASSERT_TRUE(kif::ParseTerm("(go moveUp move_up upLeft setup upgrade)", symbols, &t, &errors));
  const std::optional<kif::Term> words = MirrorTerm(t, symbols);
  ASSERT_TRUE(words.has_value());
  EXPECT_EQ(kif::ToString(*words, symbols), "(go moveDown move_down downRight setup upgrade)");
}

}  // namespace
}  // namespace ggp::models
