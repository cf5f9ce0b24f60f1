// The learned evaluation: a count that decides the outcome gets its weight, a game whose
// outcome nothing in the state predicts gets no evaluation, moves are valued against their
// parent, and the player uses it.

#include "agent/search/heuristic.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "agent/search/heuristic_testing.h"
#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

using namespace heuristic_testing;

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

TEST(HeuristicTest, AStepIsAboutATakeAndNewNodesAreValuedAgainstTheirParent) {
  auto m = Machine(kGrab);
  ASSERT_NE(m, nullptr);
  HeuristicReport report;
  auto h = LearnFromStart(*m, &report);
  ASSERT_NE(h, nullptr);
  ASSERT_GT(h->step_scale(0), 0.0);
  EXPECT_EQ(report.step[0], h->step_scale(0));
  {
    // A take changes x's value by about one coin's weight: a typical step.
    auto ws = m->NewWorkspace();
    const double take_gain = h->Value(StateWith(*m, {{"(take 1)", "noop"}}), 0, *ws) -
                             h->Value(StateWith(*m, {}), 0, *ws);
    EXPECT_GT(take_gain, 0.5 * h->step_scale(0));
    EXPECT_LT(take_gain, 4.0 * h->step_scale(0));
  }
  SearchPool pool(1);
  SearchParams p;
  p.grave = false;
  p.solver = false;
  p.eval_prior_visits = 10;
  p.eval_prior_step = 0.4;
  MctsSearch search(m, 0, p, &pool, nullptr, nullptr, h);
  reasoner::State root;
  m->InitialState(&root);
  search.SetRoot(root);
  ASSERT_EQ(search.RunIterations(4), 4);  // each of x's four moves expanded once
  auto ws = m->NewWorkspace();
  const Node& node = *search.root();
  ASSERT_EQ(node.num_moves(0), 4u);
  int above_even = 0;
  for (uint32_t i = 0; i < 4; ++i) {
    const reasoner::Move mv = node.moves(0)[i];
    const std::string text = kif::ToString(m->MoveTerm(0, mv), m->symbols());
    const reasoner::State child = StateWith(*m, {{text, "noop"}});
    const double prior = std::clamp(
        0.5 + 0.4 * (h->Value(child, 0, *ws) - h->Value(root, 0, *ws)) / h->step_scale(0), 0.0, 1.0);
    const MoveStat& stat = node.stat(0, i);
    ASSERT_EQ(stat.visits.load(), 11u) << text;  // ten virtual, one playout
    EXPECT_GE(stat.reward_sum(), 10 * prior - 1e-6) << text;
    EXPECT_LE(stat.reward_sum(), 10 * prior + 1 + 1e-6) << text;
    if (text != "wait") above_even += prior > 0.6;
  }
  EXPECT_EQ(above_even, 3);  // every take gains about a typical step
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

TEST(HeuristicTest, ThePlayerLearnsItReportsItAndCarriesItToANewMachine) {
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
  EXPECT_EQ(hr["prior_visits"], 10);
  EXPECT_EQ(hr["prior_step"], 0.4);
  // Playouts are cut only where the evaluation is strong for both roles.
  const bool strong = hr["r2"][0].get<double>() >= 0.2 && hr["r2"][1].get<double>() >= 0.2;
  EXPECT_EQ(hr["cutoff"], strong ? 10 : 0) << hr.dump();
  // Waiting gives o the first coin: every take is better.
  kif::Term wait;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseTerm("wait", *m->shared_symbols(), &wait, &errors));
  EXPECT_NE(mv, m->FindMove(0, wait).value_or(-1));
  nlohmann::json report;
  auto prover = Machine(kGrab, "prover");
  ASSERT_NE(prover, nullptr);
  reasoner::State ps;
  prover->InitialState(&ps);
  ASSERT_TRUE(player.SwitchMachine(prover, ps, &report)) << report.dump();
  EXPECT_TRUE(report.contains("heuristic_rebind_ms")) << report.dump();
  EXPECT_NE(player.SelectMove(ps, SteadyClock::now() + std::chrono::seconds(60), &stats),
            prover->FindMove(0, wait).value_or(-1));
  player.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
