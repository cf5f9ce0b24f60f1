// Opponent models in the search: a uniform model leaves the search exactly as it is on a
// fixed seed; a model that learned a habit puts its prior on the habitual move; the mcts
// player observes real opponent moves and reports its model on each play.

#include "agent/search/model_prior.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "models/opponent/features.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

// Visits of every move at the root and one level below.
std::vector<uint32_t> Visits(const MctsSearch& s) {
  std::vector<uint32_t> v;
  const Node& root = *s.root();
  for (uint32_t i = 0; i < root.num_moves(0); ++i) {
    v.push_back(root.stat(0, i).visits.load());
    if (const Node* c = root.child(i)) {
      for (uint32_t k = 0; k < c->num_moves(1); ++k) v.push_back(c->stat(1, k).visits.load());
    }
  }
  return v;
}

TEST(ModelPriorTest, UniformModelGivesExactlyTodaysSearch) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  SearchParams p;
  p.seed = 9;
  reasoner::State s;
  machine->InitialState(&s);
  MctsSearch plain(machine, 0, p, &pool);
  plain.SetRoot(s);
  ASSERT_EQ(plain.RunIterations(2000), 2000);
  auto prior = std::make_shared<ModelPrior>(2, 0);
  prior->Publish(1, models::MakeModel("uniform"));
  MctsSearch modelled(machine, 0, p, &pool, prior);
  modelled.SetRoot(s);
  ASSERT_EQ(modelled.RunIterations(2000), 2000);
  EXPECT_EQ(Visits(modelled), Visits(plain));
}

TEST(ModelPriorTest, LearnedHabitBecomesThePrior) {
  auto machine = MakeCellMachine(TicTacToe());
  reasoner::State s;
  machine->InitialState(&s);
  std::vector<reasoner::Move> legal;
  auto ws = machine->NewWorkspace();
  machine->LegalMoves(s, 0, *ws, &legal);
  ASSERT_EQ(legal.size(), 9u);
  auto model = models::MakeModel("frequency");
  std::vector<uint32_t> f;
  models::FeaturesOf(s, &f);
  for (int i = 0; i < 20; ++i) model->Observe(f, legal, legal[4]);  // always the centre
  ModelPrior prior(2, 1);  // we are role 1: role 0 is the modelled opponent
  prior.Publish(0, std::move(model));
  std::vector<float> out(legal.size());
  prior.Prior(s, 0, legal, out);
  EXPECT_EQ(std::max_element(out.begin(), out.end()) - out.begin(), 4);
  EXPECT_GT(out[4], 0.6f);
  prior.Prior(s, 1, legal, out);  // our own moves: uniform
  for (float x : out) EXPECT_FLOAT_EQ(x, 1.0f / 9);
}

TEST(ModelPriorTest, PlayerObservesTheOpponentAndReportsItsModel) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 3;
  o.params = {{"model", "frequency"}, {"max_iterations", 300}};
  MctsPlayer player(o, &pool);
  reasoner::State s, next;
  machine->InitialState(&s);
  player.Start(machine, 1, s, SteadyClock::now());
  // X (the opponent) plays the centre; we have no decision yet.
  auto ws = machine->NewWorkspace();
  std::vector<reasoner::Move> x_legal, o_legal;
  machine->LegalMoves(s, 0, *ws, &x_legal);
  machine->LegalMoves(s, 1, *ws, &o_legal);
  std::vector<reasoner::Move> joint = {x_legal[4], o_legal[0]};
  machine->NextState(s, joint, *ws, &next);
  player.Advance(joint, next);
  player.search()->WaitUntilDone();
  MoveStats stats;
  const reasoner::Move ours = player.SelectMove(next, SteadyClock::now() + std::chrono::seconds(2), &stats);
  machine->LegalMoves(next, 1, *ws, &o_legal);
  EXPECT_NE(std::find(o_legal.begin(), o_legal.end(), ours), o_legal.end());
  ASSERT_TRUE(stats.extra.contains("model")) << stats.extra.dump();
  EXPECT_EQ(stats.extra["model"]["name"], "frequency");
  EXPECT_EQ(stats.extra["model"]["observed"], 1);
  ASSERT_TRUE(stats.extra["model"].contains("next")) << stats.extra.dump();
  EXPECT_EQ(stats.extra["model"]["next"].size(), 3u);
  EXPECT_TRUE(stats.extra["model"]["next"][0].is_array()) << stats.extra.dump();  // [move, p]
  // The match's score: one observed move, predicted (before any data) exactly as uniform.
  const nlohmann::json summary = player.Summary();
  ASSERT_TRUE(summary.is_object()) << summary.dump();
  ASSERT_EQ(summary["roles"].size(), 1u);
  EXPECT_EQ(summary["roles"][0]["moves"], 1);
  EXPECT_NEAR(summary["roles"][0]["mean_log_likelihood"].get<double>(), std::log(1.0 / 9), 1e-6);
  EXPECT_NEAR(summary["roles"][0]["uniform"].get<double>(), std::log(1.0 / 9), 1e-9);
  player.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
