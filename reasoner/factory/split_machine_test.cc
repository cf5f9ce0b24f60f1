#include "reasoner/factory/split_machine.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/factory/verify.h"

namespace ggp::reasoner {
namespace {

// A counter game whose goals read `wide`, a static relation of 10^8 facts: no grounder
// can table it within a test's budget, and the prover only ever asks it with every
// argument bound. `kTerminal` picks the ending: at step 6, or also as soon as the count
// reaches 5 (through `wide` too).
std::string CounterGame(const char* terminal, const char* inc_also = "") {
  return std::string(
             "(role p) (init (count 0)) (init (step 0))"
             "(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)"
             "(digit 0) (digit 1) (digit 2) (digit 3) (digit 4) (digit 5) (digit 6) (digit 7)"
             "(digit 8) (digit 9)"
             "(<= (legal p inc) (true (count ?c)) (distinct ?c 5)") +
         inc_also + ")" +
         std::string(
             "(<= (legal p wait) (role p))"
             "(<= (next (count ?n)) (does p inc) (true (count ?c)) (succ ?c ?n))"
             "(<= (next (count ?c)) (does p wait) (true (count ?c)))"
             "(<= (next (step ?n)) (true (step ?s)) (succ ?s ?n))"
             "(<= (wide ?a ?b ?c ?d ?e ?f ?g ?h) (digit ?a) (digit ?b) (digit ?c) (digit ?d)"
             "    (digit ?e) (digit ?f) (digit ?g) (digit ?h))"
             "(<= (at ?c) (true (count ?c)) (wide ?c ?c ?c ?c ?c ?c ?c ?c))"
             "(<= (goal p 100) (at 5))"
             "(<= (goal p 50) (at 4))"
             "(<= (goal p 0) (true (count ?c)) (distinct ?c 5) (distinct ?c 4))"
             "(<= terminal (true (step 6)))") +
         terminal;
}
constexpr const char* kEndsAtStep6 = "";
constexpr const char* kEndsAtFive = "(<= terminal (at 5))";

gdl::Description Parse(const std::string& text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return d;
}

MachineOptions SmallBudget(const char* backend) {
  MachineOptions o;
  o.backend = backend;
  o.build_seconds = 5;
  o.build_memory_bytes = size_t{256} << 20;
  o.board_seconds = 0;
  // No playout race: on these toy games the split machine's terminal and goals are the
  // prover's anyway, so which of the two plays faster is a matter of the machine's load
  // (the race itself is machine_race_test's).
  o.race_seconds = 0;
  return o;
}

// Plays `moves` (of role 0, by term name) from the initial state.
State Play(const StateMachine& m, Workspace& ws, const std::vector<std::string>& moves) {
  State s, next;
  m.InitialState(&s);
  for (const std::string& name : moves) {
    const kif::Term t = kif::Term::Atom(m.shared_symbols()->Intern(name));
    std::optional<Move> move = m.FindMove(0, t);
    EXPECT_TRUE(move.has_value()) << name;
    const Move joint[1] = {*move};
    m.NextState(s, joint, ws, &next);
    std::swap(s, next);
  }
  return s;
}

// Every state, legal set, terminal flag and goal (in every state) of 60 random playouts.
void ExpectAgreesWithTheProver(const gdl::Description& d, const StateMachine& m) {
  std::string error;
  std::shared_ptr<const StateMachine> prover = ProverMachine::Build(d, &error);
  ASSERT_TRUE(prover) << error;
  VerifyOptions v;
  v.playouts = 60;
  v.goals_everywhere = true;
  v.seconds = 0;
  VerifyStats stats;
  EXPECT_EQ(VerifyAgainst(*prover, m, v, &stats), std::nullopt);
  EXPECT_EQ(stats.playouts, 60);
}

TEST(SplitMachineTest, TheWholeGameDoesNotGroundWithinTheBudget) {
  MachineBuild b = CreateMachine(Parse(CounterGame(kEndsAtStep6)), SmallBudget("propnet"));
  EXPECT_FALSE(b.machine);
  EXPECT_NE(b.reason.find("exceeded"), std::string::npos) << b.reason;
}

TEST(SplitMachineTest, AutoGroundsTheRestAndAsksTheProverForGoals) {
  const gdl::Description d = Parse(CounterGame(kEndsAtStep6));
  MachineBuild b = CreateMachine(d, SmallBudget("auto"));
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "split") << b.reason;
  EXPECT_EQ(b.machine->backend(), "split");
  EXPECT_NE(b.reason.find("propnet build failed"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("without goals, goals by the prover"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("wide"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("verified against the prover"), std::string::npos) << b.reason;
  auto split = std::dynamic_pointer_cast<const SplitMachine>(b.machine);
  ASSERT_TRUE(split);
  EXPECT_TRUE(split->terminal_in_net());

  auto ws = b.machine->NewWorkspace();
  State s = Play(*b.machine, *ws, {"inc", "inc", "inc", "inc"});
  EXPECT_FALSE(b.machine->IsTerminal(s, *ws));
  EXPECT_EQ(b.machine->Goal(s, 0, *ws), 50);
  s = Play(*b.machine, *ws, {"inc", "inc", "inc", "inc", "inc", "wait"});
  EXPECT_TRUE(b.machine->IsTerminal(s, *ws));
  EXPECT_EQ(b.machine->Goal(s, 0, *ws), 100);
  s = Play(*b.machine, *ws, {"wait", "inc", "wait", "inc", "wait", "wait"});
  EXPECT_TRUE(b.machine->IsTerminal(s, *ws));
  EXPECT_EQ(b.machine->Goal(s, 0, *ws), 0);

  ExpectAgreesWithTheProver(d, *b.machine);
}

TEST(SplitMachineTest, TerminalGoesToTheProverWhenItNeedsTheRelationToo) {
  const gdl::Description d = Parse(CounterGame(kEndsAtFive));
  MachineBuild b = CreateMachine(d, SmallBudget("auto"));
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "split") << b.reason;
  EXPECT_NE(b.reason.find("goals and terminal by the prover"), std::string::npos) << b.reason;
  auto split = std::dynamic_pointer_cast<const SplitMachine>(b.machine);
  ASSERT_TRUE(split);
  EXPECT_FALSE(split->terminal_in_net());

  auto ws = b.machine->NewWorkspace();
  State s = Play(*b.machine, *ws, {"inc", "inc", "inc", "inc", "inc"});
  EXPECT_TRUE(b.machine->IsTerminal(s, *ws));
  EXPECT_EQ(b.machine->Goal(s, 0, *ws), 100);
  // Random playouts stop where the prover says the game ends.
  Rng rng(7);
  State start, end;
  b.machine->InitialState(&start);
  for (int i = 0; i < 20; ++i) {
    PlayoutResult r = b.machine->RandomPlayout(start, 100, rng, *ws, &end, nullptr, nullptr);
    EXPECT_TRUE(r.terminal);
    EXPECT_LE(r.steps, 6);
    const int goal = b.machine->Goal(end, 0, *ws);
    EXPECT_TRUE(goal == 0 || goal == 50 || goal == 100) << goal;
  }
  ExpectAgreesWithTheProver(d, *b.machine);
}

// A static table that only the goals need stops the whole grounding once it passes the
// cap, long before the budget runs out, and names itself.
TEST(SplitMachineTest, AGoalOnlyTableStopsTheWholeGroundingEarly) {
  MachineOptions o = SmallBudget("auto");
  o.build_seconds = 60;  // the whole table (10^8 facts) fits neither this nor 2 GB
  o.build_memory_bytes = size_t{2} << 30;
  o.defer_fact_cap = 50000;
  MachineBuild b = CreateMachine(Parse(CounterGame(kEndsAtStep6)), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "split") << b.reason;
  EXPECT_NE(
      b.reason.find("grounding stopped: the static relation wide, marked deferrable, exceeded"),
      std::string::npos)
      << b.reason;
  // The explicit propnet back end has no such cap: it fails by its budget as before.
  o.backend = "propnet";
  o.build_seconds = 2;
  o.build_memory_bytes = size_t{256} << 20;
  MachineBuild pn = CreateMachine(Parse(CounterGame(kEndsAtStep6)), o);
  EXPECT_FALSE(pn.machine);
  EXPECT_NE(pn.reason.find("budget"), std::string::npos) << pn.reason;
}

// When the moves need the relation that did not ground, no split is tried: it would
// exceed the budget again.
TEST(SplitMachineTest, AutoSkipsTheSplitWhenTheMovesNeedWhatDidNotGround) {
  MachineBuild b = CreateMachine(Parse(CounterGame(kEndsAtStep6, "(wide ?c ?c ?c ?c ?c ?c ?c ?c)")),
                                 SmallBudget("auto"));
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "prover") << b.reason;
  EXPECT_NE(b.reason.find("without goals, wide (whose rules exceeded the budget) is still needed"),
            std::string::npos)
      << b.reason;
  EXPECT_EQ(b.reason.find("split machine: propnet"), std::string::npos) << b.reason;
}

TEST(SplitMachineTest, AutoDoesNotSplitWithoutTheBudgetForIt) {
  MachineOptions o = SmallBudget("auto");
  o.split_seconds = 0;
  MachineBuild b = CreateMachine(Parse(CounterGame(kEndsAtStep6)), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "prover") << b.reason;
}

TEST(SplitMachineTest, RefusesHalvesOfDifferentGames) {
  const gdl::Description a = Parse(CounterGame(kEndsAtStep6));
  const gdl::Description other = Parse(CounterGame(kEndsAtFive));
  MachineBuild net = CreateMachine(a, SmallBudget("split"));
  ASSERT_TRUE(net.machine) << net.reason;
  auto split = std::dynamic_pointer_cast<const SplitMachine>(net.machine);
  ASSERT_TRUE(split);
  std::string error;
  auto prover = ProverMachine::Build(other, &error);
  ASSERT_TRUE(prover) << error;
  auto net_machine = std::shared_ptr<const propnet::PropnetMachine>(net.machine, &split->net());
  std::string why;
  EXPECT_FALSE(SplitMachine::Create(net_machine, prover, true, &why));
  EXPECT_NE(why.find("not machines of the same game"), std::string::npos) << why;
}

}  // namespace
}  // namespace ggp::reasoner
