// Evaluation paths of the propnet that only some rules take, checked end to end against
// the prover on every state, legal set, terminal flag and goal of random playouts:
// selector groups and demultiplexed gates (reasoner/propnet/demux.cc), and goals brought
// up to date by propagation or by one recomputing pass (evaluator.h, SyncGoals).

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "reasoner/factory/verify.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace {

// Two players mark six cells in turn. A step counter (a selector group) stamps every cell
// touched by a mark, and who was to move, with the step: gates AND(step k, touched c) and
// AND(step k, turn r), eight per source. Goals read the stamps. `init_steps` lets a test
// start the counter on two steps at once, which must keep it from being a group.
std::string Stamps(const std::string& init_steps) {
  std::string rules = "(role a) (role b) (init (turn a))" + init_steps + R"(
    (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
    (cellid 1) (cellid 2) (cellid 3) (cellid 4) (cellid 5) (cellid 6)
    (adj 1 2) (adj 2 3) (adj 3 4) (adj 4 5) (adj 5 6) (adj 6 1)
    (<= (legal ?r (mark ?c)) (true (turn ?r)) (cellid ?c) (not (true (marked ?c))))
    (<= (legal ?r skip) (true (turn ?r)))
    (<= (legal a noop) (true (turn b)))
    (<= (legal b noop) (true (turn a)))
    (<= (touched ?c) (does ?r (mark ?c)))
    (<= (touched ?c) (does ?r (mark ?d)) (adj ?c ?d))
    (<= (next (marked ?c)) (does ?r (mark ?c)))
    (<= (next (marked ?c)) (true (marked ?c)))
    (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
    (<= (next (turn a)) (true (turn b)))
    (<= (next (turn b)) (true (turn a)))
    (<= (next (stamped ?k ?c)) (true (step ?k)) (touched ?c))
    (<= (next (stamped ?k ?c)) (true (stamped ?k ?c)))
    (<= (next (mover ?k ?r)) (true (step ?k)) (true (turn ?r)) (role ?r))
    (<= (next (mover ?k ?r)) (true (mover ?k ?r)))
    (<= terminal (true (step 8)))
    (<= terminal (true (marked 1)) (true (marked 2)) (true (marked 3)) (true (marked 4))
        (true (marked 5)) (true (marked 6)))
    (<= early (true (stamped 2 ?c)) (true (stamped 3 ?c)))
    (<= (goal a 100) early (true (mover 1 a)))
    (<= (goal a 50) early (not (true (mover 1 a))))
    (<= (goal a 0) (not early))
    (<= (goal b 100) (not early))
    (<= (goal b 0) early))";
  return rules;
}

struct Machines {
  std::shared_ptr<const ProverMachine> prover;
  std::shared_ptr<const propnet::PropnetMachine> propnet;
};

Machines Build(const std::string& text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  Machines m;
  std::string error;
  m.prover = ProverMachine::Build(d, &error);
  EXPECT_TRUE(m.prover) << error;
  propnet::PropnetBuild b = propnet::PropnetMachine::Build(d, {});
  EXPECT_TRUE(b.machine) << b.error;
  m.propnet = b.machine;
  return m;
}

void ExpectAgrees(const Machines& m) {
  ASSERT_TRUE(m.prover && m.propnet);
  VerifyOptions o;
  o.playouts = 300;
  o.seconds = 0;
  o.goals_everywhere = true;
  o.machine_playouts = 50;
  VerifyStats stats;
  std::optional<std::string> difference = VerifyAgainst(*m.prover, *m.propnet, o, &stats);
  EXPECT_FALSE(difference.has_value()) << *difference;
  EXPECT_EQ(stats.playouts, 300);
}

TEST(DemuxTest, AStepCounterSelectsTheGatesItStamps) {
  Machines m = Build(Stamps("(init (step 1))"));
  ASSERT_TRUE(m.propnet);
  // Both the counter and the turn are groups; touched c (6 sources) and turn r (2) each
  // reach their 8 step gates through a demux.
  EXPECT_EQ(m.propnet->stats().selector_groups, 2u);
  EXPECT_EQ(m.propnet->stats().demuxed_gates, 8u * (6 + 2));
  ExpectAgrees(m);
}

TEST(DemuxTest, ACounterThatCanHoldTwoStepsIsNoGroup) {
  // Steps 1 and 2 both hold initially and both advance: at most one is not invariant.
  Machines m = Build(Stamps("(init (step 1)) (init (step 2))"));
  ASSERT_TRUE(m.propnet);
  EXPECT_EQ(m.propnet->stats().selector_groups, 1u);  // the turn only
  EXPECT_EQ(m.propnet->stats().demuxed_gates, 0u);
  ExpectAgrees(m);
}

TEST(DemuxTest, OnlyTheStepsThatCannotHoldTogetherFormAGroup) {
  // Step 2 also leads to step 6, so from step 3 on two steps hold. Steps 1-5 still hold
  // one at a time (6 is reached by a disjunction: no copy, no member), 6-8 do not.
  Machines m = Build(Stamps("(init (step 1))") + "(<= (next (step 6)) (true (step 2)))");
  ASSERT_TRUE(m.propnet);
  EXPECT_EQ(m.propnet->stats().selector_groups, 2u);
  EXPECT_EQ(m.propnet->stats().demuxed_gates, 5u * (6 + 2));
  ExpectAgrees(m);
}

// Twenty lamps; a move flips one lamp or all of them. The goal counts the lit lamps
// through a chain of partial counts, a deep goal-only network like a piece count: one flip
// changes a few of its inputs, flipping all changes every one.
std::string CountedLamps() {
  std::string rules = "(role p) (init (on 1)) (init (on 7)) (init (on 8)) (cnt 0 0)\n";
  for (int i = 1; i <= 20; ++i) {
    rules += "(lamp " + std::to_string(i) + ") (succ " + std::to_string(i - 1) + " " +
             std::to_string(i) + ")";
    if (i >= 10) rules += "(atleast10 " + std::to_string(i) + ")";
  }
  rules += R"(
    (<= (legal p (flip ?x)) (lamp ?x))
    (legal p all)
    (<= (next (on ?x)) (does p (flip ?x)) (not (true (on ?x))))
    (<= (next (on ?x)) (true (on ?x)) (does p (flip ?y)) (distinct ?x ?y))
    (<= (next (on ?x)) (does p all) (lamp ?x) (not (true (on ?x))))
    (<= (cnt ?j ?m) (succ ?i ?j) (cnt ?i ?n) (true (on ?j)) (succ ?n ?m))
    (<= (cnt ?j ?n) (succ ?i ?j) (cnt ?i ?n) (not (true (on ?j))))
    (<= (goal p 100) (cnt 20 ?n) (atleast10 ?n))
    (<= (goal p 0) (cnt 20 ?n) (not (atleast10 ?n)))
    (<= terminal (true (on 20)) (true (on 19)) (true (on 18))))";
  return rules;
}

TEST(GoalSyncTest, GoalsAgreeWhetherFewOrAllOfTheirInputsChanged) {
  Machines m = Build(CountedLamps());
  ASSERT_TRUE(m.propnet);
  ExpectAgrees(m);
}

}  // namespace
}  // namespace ggp::reasoner
