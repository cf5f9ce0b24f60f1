// The learned evaluation: a count that decides the outcome gets its weight, a game whose
// outcome nothing in the state predicts gets no evaluation, and the player uses it.

#include "agent/search/heuristic.h"

#include <gtest/gtest.h>

#include "agent/search/mcts_player.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent::search {
namespace {

// x and o take turns; the mover takes a free coin or waits. After six plies, whoever holds
// two of the three coins wins (else a draw): holding coins (coin/x, coin/o) predicts the
// outcome. Goals hold only at the end, so the goals of earlier states say nothing.
constexpr const char kGrab[] = R"(
(role x) (role o)
(index 1) (index 2) (index 3)
(init (control x)) (init (step 0))
(<= (held ?i) (true (coin ?i ?q)))
(<= (legal ?p (take ?i)) (true (control ?p)) (index ?i) (not (held ?i)))
(<= (legal ?p wait) (true (control ?p)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (coin ?i ?p)) (does ?p (take ?i)))
(<= (next (coin ?i ?p)) (true (coin ?i ?p)))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
(<= terminal (true (step 6)))
(<= (two ?p) (true (coin 1 ?p)) (true (coin 2 ?p)))
(<= (two ?p) (true (coin 1 ?p)) (true (coin 3 ?p)))
(<= (two ?p) (true (coin 2 ?p)) (true (coin 3 ?p)))
(<= (goal ?p 100) (true (step 6)) (two ?p))
(<= (goal ?p 50) (true (step 6)) (role ?p) (not (two x)) (not (two o)))
(<= (goal x 0) (true (step 6)) (two o))
(<= (goal o 0) (true (step 6)) (two x))
)";

// The last move alone decides: nothing before it says who wins.
constexpr const char kToss[] = R"(
(role x) (role o)
(init (step 0))
(<= (legal x heads) (true (step 3)))
(<= (legal x tails) (true (step 3)))
(<= (legal x (tick ?m)) (true (step ?m)) (distinct ?m 3))
(<= (legal x (tock ?m)) (true (step ?m)) (distinct ?m 3))
(legal o noop)
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (mark ?m)) (does x (tick ?m)))
(<= (next (mark ?m)) (true (mark ?m)))
(<= (next won) (does x heads))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= terminal (true (step 4)))
(<= (goal x 100) (true won))
(<= (goal x 0) (not (true won)))
(<= (goal o 0) (true won))
(<= (goal o 100) (not (true won)))
)";

std::shared_ptr<const reasoner::StateMachine> Machine(const char* gdl) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(gdl, std::make_shared<kif::SymbolTable>(), &d, &errors));
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  return reasoner::CreateMachine(d, mo).machine;
}

// The state reached from the initial one by `moves` (joint moves as text, role order).
reasoner::State StateWith(const reasoner::StateMachine& m, const std::vector<std::vector<std::string>>& moves) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  for (const auto& joint_text : moves) {
    std::vector<reasoner::Move> joint;
    for (int r = 0; r < m.num_roles(); ++r) {
      kif::Term t;
      std::vector<kif::Diagnostic> errors;
      EXPECT_TRUE(kif::ParseTerm(joint_text[static_cast<size_t>(r)], *m.shared_symbols(), &t, &errors));
      joint.push_back(m.FindMove(r, t).value_or(0));
    }
    m.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return s;
}

HeuristicOptions Quick() {
  HeuristicOptions o;
  o.seconds = 20;  // a hang guard: max_playouts ends it
  o.max_playouts = 1200;
  o.seed = 7;
  return o;
}

// Learns on `m` from its initial state with Quick() options (or `options`).
std::shared_ptr<const Heuristic> LearnFromStart(const reasoner::StateMachine& m, HeuristicReport* report,
                                               const HeuristicOptions& options = Quick(),
                                               const std::atomic<bool>* stop = nullptr) {
  reasoner::State initial;
  m.InitialState(&initial);
  return Heuristic::Learn(m, initial, options, stop, report);
}

TEST(HeuristicTest, LearnsThatHoldingCoinsWins) {
  auto m = Machine(kGrab);
  ASSERT_NE(m, nullptr);
  HeuristicReport report;
  auto h = LearnFromStart(*m, &report);
  ASSERT_NE(h, nullptr) << report.top[0];
  EXPECT_EQ(report.playouts, 1200);
  EXPECT_TRUE(h->usable(0));
  EXPECT_TRUE(h->usable(1));
  EXPECT_GE(report.r2[0], 0.05);
  EXPECT_NE(report.top[0].find("coin/x"), std::string::npos) << report.top[0];
  auto ws = m->NewWorkspace();
  // x took coins 1 and 2; in the other state o did.
  const reasoner::State x_ahead = StateWith(*m, {{"(take 1)", "noop"}, {"noop", "wait"}, {"(take 2)", "noop"}});
  const reasoner::State o_ahead = StateWith(*m, {{"wait", "noop"}, {"noop", "(take 1)"}, {"wait", "noop"}, {"noop", "(take 2)"}});
  EXPECT_GT(h->Value(x_ahead, 0, *ws), h->Value(o_ahead, 0, *ws) + 0.3);
  EXPECT_GT(h->Value(o_ahead, 1, *ws), h->Value(x_ahead, 1, *ws) + 0.3);
  for (const reasoner::State* s : {&x_ahead, &o_ahead}) {
    for (int r = 0; r < 2; ++r) {
      EXPECT_GE(h->Value(*s, r, *ws), 0.0);
      EXPECT_LE(h->Value(*s, r, *ws), 1.0);
    }
  }
}

TEST(HeuristicTest, AGameThatNothingPredictsGetsNoEvaluation) {
  auto m = Machine(kToss);
  ASSERT_NE(m, nullptr);
  HeuristicReport report;
  EXPECT_EQ(LearnFromStart(*m, &report), nullptr);
  EXPECT_EQ(report.playouts, 1200);
  for (double r2 : report.r2) {
    if (!std::isnan(r2)) {
      EXPECT_LT(r2, 0.05);
    }
  }
}

TEST(HeuristicTest, TooLittleTimeOrAStopLearnsNothing) {
  auto m = Machine(kGrab);
  ASSERT_NE(m, nullptr);
  HeuristicReport report;
  HeuristicOptions o = Quick();
  o.max_playouts = 10;
  EXPECT_EQ(LearnFromStart(*m, &report, o), nullptr);
  std::atomic<bool> stop{true};
  EXPECT_EQ(LearnFromStart(*m, &report, Quick(), &stop), nullptr);
  EXPECT_EQ(report.playouts, 0);
}

TEST(HeuristicTest, ThePlayerLearnsItReportsItAndKeepsItsMachine) {
  auto m = Machine(kGrab);
  ASSERT_NE(m, nullptr);
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"heuristic", true}, {"heuristic_seconds", 5.0}, {"max_iterations", 3000}};
  MctsPlayer player(o, &pool);
  reasoner::State s;
  m->InitialState(&s);
  player.Start(m, 0, s, SteadyClock::now() + std::chrono::seconds(60));
  MoveStats stats;
  const reasoner::Move mv = player.SelectMove(s, SteadyClock::now() + std::chrono::seconds(60), &stats);
  ASSERT_TRUE(stats.extra.contains("heuristic")) << stats.extra.dump();
  EXPECT_TRUE(stats.extra["heuristic"]["used"].get<bool>()) << stats.extra.dump();
  const nlohmann::json& hr = stats.extra["heuristic"];
  EXPECT_EQ(hr["prior_visits"], 5);
  // Playouts are cut only where the evaluation is strong for both roles.
  const bool strong = hr["r2"][0].get<double>() >= 0.2 && hr["r2"][1].get<double>() >= 0.2;
  EXPECT_EQ(hr["cutoff"], strong ? 10 : 0) << hr.dump();
  // Waiting gives o the first coin: every take is better.
  kif::Term wait;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseTerm("wait", *m->shared_symbols(), &wait, &errors));
  EXPECT_NE(mv, m->FindMove(0, wait).value_or(-1));
  nlohmann::json report;
  EXPECT_FALSE(player.SwitchMachine(Machine(kGrab), s, &report));
  EXPECT_TRUE(report.contains("declined")) << report.dump();
  player.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
