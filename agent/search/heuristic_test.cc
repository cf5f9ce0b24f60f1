// The learned evaluation: a count that decides the outcome gets its weight, a game whose
// outcome nothing in the state predicts gets no evaluation, moves are valued against their
// parent, and the player uses it.

#include "agent/search/heuristic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "agent/search/heuristic_testing.h"
#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

using namespace heuristic_testing;

// The coin game and its evaluation, learned with Quick() options, with a step scale.
class GrabPriorTest : public testing::Test {
 protected:
  void SetUp() override {
    m = Machine(kGrab);
    ASSERT_NE(m, nullptr);
    h = LearnFromStart(*m, &report);
    ASSERT_NE(h, nullptr);
    ASSERT_GT(h->step_scale(0), 0.0);
  }
  std::shared_ptr<const reasoner::StateMachine> m;
  HeuristicReport report;
  std::shared_ptr<const Heuristic> h;
};

// A search that gives new nodes ten virtual visits valued by the evaluation's steps.
SearchParams PriorParams(bool from_root) {
  SearchParams p;
  p.grave = false;
  p.solver = false;
  p.eval_prior_visits = 10;
  p.eval_prior_step = 0.4;
  p.eval_prior_root = from_root;
  return p;
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

TEST_F(GrabPriorTest, AStepIsAboutATakeAndNewNodesAreValuedAgainstTheirParent) {
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
  MctsSearch search(m, 0, PriorParams(false), &pool, nullptr, nullptr, h);
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

TEST(HeuristicTest, RootRelativePriorIsALogisticDisplacedTowardsTheRootMean) {
  EXPECT_DOUBLE_EQ(RootRelativePrior(0.0, -1), 0.5);
  EXPECT_NEAR(RootRelativePrior(0.4, -1), 1 / (1 + std::exp(-1.6)), 1e-12);  // 0.832
  EXPECT_NEAR(RootRelativePrior(-0.4, -1), 1 - 1 / (1 + std::exp(-1.6)), 1e-12);
  // No change from the root: the root's mean itself.
  EXPECT_DOUBLE_EQ(RootRelativePrior(0.0, 0.8), 0.8);
  // 0.832 is 66.4% of the way from 0.5 to 1: the same share of the way from 0.8 to 1.
  const double up = (1 / (1 + std::exp(-1.6)) - 0.5) * 2;
  EXPECT_NEAR(RootRelativePrior(0.4, 0.8), 0.8 + 0.2 * up, 1e-12);
  EXPECT_NEAR(RootRelativePrior(-0.4, 0.8), 0.8 - 0.8 * up, 1e-12);
  EXPECT_NEAR(RootRelativePrior(-0.4, 0.0), 0.0, 1e-12);
  EXPECT_NEAR(RootRelativePrior(50.0, 0.3), 1.0, 1e-9);
}

TEST_F(GrabPriorTest, WithTheRootAsReferenceGrandchildrenAreValuedAgainstTheRoot) {
  SearchPool pool(1);
  MctsSearch search(m, 0, PriorParams(true), &pool, nullptr, nullptr, h);
  reasoner::State root;
  m->InitialState(&root);
  search.SetRoot(root);
  // Fewer than 50 root visits: the logistic alone, no displacement.
  ASSERT_EQ(search.RunIterations(45), 45);
  auto ws = m->NewWorkspace();
  const double root_value = h->Value(root, 0, *ws);
  const auto text = [&](int role, reasoner::Move mv) {
    return kif::ToString(m->MoveTerm(role, mv), m->symbols());
  };
  int checked = 0;
  int differs_from_parent = 0;
  const Node& top = *search.root();
  for (uint32_t i = 0; i < top.num_moves(0); ++i) {  // x's first move, o's reply, x again
    const Node* child = top.child(i);
    if (child == nullptr) continue;
    const std::string first = text(0, top.moves(0)[i]);
    for (uint32_t j = 0; j < child->num_moves(1); ++j) {
      const Node* grandchild = child->child(j);
      if (grandchild == nullptr) continue;
      const std::string reply = text(1, child->moves(1)[j]);
      const reasoner::State parent = StateWith(*m, {{first, "noop"}, {"noop", reply}});
      for (uint32_t k = 0; k < grandchild->num_moves(0); ++k) {
        if (grandchild->child(k) == nullptr) continue;
        const std::string second = text(0, grandchild->moves(0)[k]);
        const reasoner::State state = StateWith(*m, {{first, "noop"}, {"noop", reply}, {second, "noop"}});
        const double v = h->Value(state, 0, *ws);
        const double want = RootRelativePrior(0.4 * (v - root_value) / h->step_scale(0), -1);
        const double from_parent = RootRelativePrior(0.4 * (v - h->Value(parent, 0, *ws)) / h->step_scale(0), -1);
        const MoveStat& stat = grandchild->stat(0, k);
        ASSERT_GE(stat.visits.load(), 11u) << first << reply << second;
        const double extra = stat.visits.load() - 10.0;  // real visits, each 0..1
        EXPECT_GE(stat.reward_sum(), 10 * want - 1e-6) << first << reply << second;
        EXPECT_LE(stat.reward_sum(), 10 * want + extra + 1e-6) << first << reply << second;
        differs_from_parent += std::abs(want - from_parent) > 0.1 / 10 + extra / 10;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
  // Cases where o's reply changed x's value, so measuring from the parent would have
  // given a value the bounds above reject.
  EXPECT_GT(differs_from_parent, 0);
}

TEST(HeuristicTest, SamplesFromLaterInTheGamePredictTheOutcomeBetter) {
  // In the coin game the coins held late in a game decide it; early states hold few.
  auto m = Machine(kGrab);
  ASSERT_NE(m, nullptr);
  HeuristicReport anywhere, late;
  HeuristicOptions o = Quick();
  ASSERT_NE(LearnFromStart(*m, &anywhere, o), nullptr);
  o.sample_from = 0.5;
  ASSERT_NE(LearnFromStart(*m, &late, o), nullptr);
  EXPECT_GT(late.r2[0], anywhere.r2[0] + 0.05);
  EXPECT_GT(late.r2[1], anywhere.r2[1] + 0.05);
  // Scored on states from anywhere in the held-out games (drawn besides the late ones),
  // the late fit is no better than the fit on states from anywhere.
  EXPECT_EQ(anywhere.r2_whole, anywhere.r2);
  EXPECT_GT(late.samples, anywhere.samples);
  for (int r = 0; r < 2; ++r) {
    EXPECT_LT(late.r2_whole[r], late.r2[r] - 0.05) << r;
    EXPECT_LT(late.r2_whole[r], anywhere.r2[r] + 0.05) << r;
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
  EXPECT_EQ(hr["prior_ref"], "root");
  // Playouts are cut only where the evaluation is strong for both roles, on states from
  // anywhere in the games.
  ASSERT_EQ(hr["r2_whole"].size(), 2u) << hr.dump();
  const bool strong =
      hr["r2_whole"][0].get<double>() >= 0.2 && hr["r2_whole"][1].get<double>() >= 0.2;
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
