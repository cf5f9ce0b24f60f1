// Opponent models in the search: a uniform model leaves the search exactly as it is on a
// fixed seed; a model that learned a habit puts its prior on the habitual move; the mcts
// player observes real opponent moves and reports its model on each play.

#include "agent/search/model_prior.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <utility>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "models/opponent/features.h"
#include "models/opponent/mixture.h"
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
  prior.Prior(s, {}, 0, legal, out);
  EXPECT_EQ(std::max_element(out.begin(), out.end()) - out.begin(), 4);
  EXPECT_GT(out[4], 0.6f);
  prior.Prior(s, {}, 1, legal, out);  // our own moves: uniform
  for (float x : out) EXPECT_FLOAT_EQ(x, 1.0f / 9);
}

// Records the joint move each prior call was given, per role asked.
class RecordingPrior final : public MovePrior {
 public:
  void Prior(const reasoner::State&, std::span<const reasoner::Move> last_joint, int role,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    std::lock_guard<std::mutex> lock(mu_);
    calls_.push_back({role, std::vector<reasoner::Move>(last_joint.begin(), last_joint.end())});
    const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
    std::fill(out.begin(), out.end(), p);
  }
  struct Call {
    int role;
    std::vector<reasoner::Move> last_joint;
  };
  std::vector<Call> Take() const {
    std::lock_guard<std::mutex> lock(mu_);
    return std::exchange(calls_, {});
  }

 private:
  mutable std::mutex mu_;
  mutable std::vector<Call> calls_;
};

TEST(ModelPriorTest, NodesPassTheJointMoveThatLedToThemToThePrior) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  SearchParams p;
  p.seed = 5;
  auto prior = std::make_shared<RecordingPrior>();
  MctsSearch search(machine, 0, p, &pool, prior);
  reasoner::State s, next;
  machine->InitialState(&s);
  EXPECT_FALSE(search.SetRoot(s));  // a fresh tree
  std::vector<RecordingPrior::Call> calls = prior->Take();
  ASSERT_EQ(calls.size(), 1u);  // the root: X chooses, O's noop is forced
  EXPECT_EQ(calls[0].role, 0);
  EXPECT_TRUE(calls[0].last_joint.empty());  // a root set without a move
  ASSERT_EQ(search.RunIterations(1), 1);
  calls = prior->Take();
  ASSERT_EQ(calls.size(), 1u);  // the new child: O chooses after X's move
  EXPECT_EQ(calls[0].role, 1);
  ASSERT_EQ(calls[0].last_joint.size(), 2u);
  EXPECT_EQ(calls[0].last_joint[1], 9);  // O's noop
  const reasoner::Move x_move = calls[0].last_joint[0];
  EXPECT_GE(x_move, 0);
  EXPECT_LE(x_move, 8);
  // A new root after a move the tree did not expand gets that move too.
  const std::vector<reasoner::Move> joint = {x_move == 4 ? 0 : 4, 9};
  auto ws = machine->NewWorkspace();
  machine->NextState(s, joint, *ws, &next);
  search.Advance(joint, next);
  calls = prior->Take();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].last_joint, joint);
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

TEST(ModelPriorTest, TrustIsPerOpponentRoleAndClamped) {
  ModelPrior prior(3, 0);
  EXPECT_EQ(prior.Trust(1), 0.0);  // until set
  prior.SetTrust(1, 0.4);
  prior.SetTrust(2, 7.0);
  prior.SetTrust(0, 0.9);  // ours: never trusted as a prediction
  EXPECT_DOUBLE_EQ(prior.Trust(1), 0.4);
  EXPECT_DOUBLE_EQ(prior.Trust(2), 1.0);
  EXPECT_EQ(prior.Trust(0), 0.0);
  EXPECT_EQ(prior.Trust(5), 0.0);
  prior.SetTrust(1, -2.0);
  EXPECT_EQ(prior.Trust(1), 0.0);
  EXPECT_EQ(UniformPrior().Trust(1), 0.0);
}

PlayerOptions Iterations(int64_t n) {
  PlayerOptions o;
  o.seed = 3;
  o.params = {{"max_iterations", n}};
  return o;
}

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

// "auto", the default: a model where the opponent moves with us, none where it answers us.
TEST(ModelPriorTest, AutoModelWatchesAnOpponentThatMovesWithUs) {
  SearchPool pool(1);
  reasoner::State s;
  auto grab = search_testing::MakeCellMachine(search_testing::Grab(12));
  auto ttt = search_testing::MakeCellMachine(search_testing::TicTacToe());
  ttt->InitialState(&s);
  EXPECT_FALSE(MovesTogether(*ttt, s, 1));
  MctsPlayer turns(Iterations(200), &pool);
  turns.Start(ttt, 0, s, Far());
  EXPECT_EQ(turns.model_name(), "uniform");
  turns.Finish();

  grab->InitialState(&s);
  EXPECT_TRUE(MovesTogether(*grab, s, 1));
  MctsPlayer player(Iterations(3000), &pool);
  player.Start(grab, 0, s, Far());
  EXPECT_EQ(player.model_name(), "mixture");
  EXPECT_EQ(player.model_trust(1), 0.0);
  auto ws = grab->NewWorkspace();
  // The opponent always picks a: after a few rounds the model has it, is trusted, and we
  // pick b (where plain decoupled UCT has no reason to prefer either).
  std::vector<reasoner::Move> ours;
  MoveStats stats;
  for (int round = 0; round < 10; ++round) {
    stats = MoveStats();
    const reasoner::Move mine = player.SelectMove(s, Far(), &stats);
    ours.push_back(mine);
    const std::vector<reasoner::Move> joint = {mine, 0};
    reasoner::State next;
    grab->NextState(s, joint, *ws, &next);
    player.Advance(joint, next);
    s = next;
  }
  EXPECT_GT(player.model_trust(1), 0.5);
  ASSERT_TRUE(stats.extra.contains("model")) << stats.extra.dump();
  EXPECT_GT(stats.extra["model"].value("trust", 0.0), 0.3) << stats.extra.dump();
  EXPECT_EQ(std::count(ours.end() - 4, ours.end(), 1), 4) << ::testing::PrintToString(ours);
  player.Finish();
}

// The safety valve: a model that learned a habit the opponent then drops predicts worse
// than uniform, and the guarded model the search uses falls back toward uniform.
TEST(ModelPriorTest, GuardedModelFallsBackWhenTheHabitEnds) {
  const std::vector<reasoner::Move> legal = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<uint32_t> f = {1, 2};
  auto raw = models::MakeModel("frequency");
  auto guarded = MakeGuardedModel("frequency", /*valve=*/true);
  ASSERT_EQ(guarded->name(), "frequency");
  for (auto* m : {raw.get(), guarded.get()}) {
    for (int i = 0; i < 60; ++i) m->Observe(f, legal, 4);      // the habit
    for (int i = 0; i < 20; ++i) m->Observe(f, legal, i % 8 == 4 ? 8 : i % 8);  // gone
  }
  std::vector<float> p_raw(9), p_guarded(9);
  raw->Predict(f, legal, p_raw);
  guarded->Predict(f, legal, p_guarded);
  EXPECT_GT(p_raw[4], 0.5f);
  EXPECT_LT(p_guarded[4], 0.2f);  // about uniform's 1/9
  EXPECT_EQ(MakeGuardedModel("frequency", /*valve=*/false)->name(), "frequency");
  EXPECT_EQ(dynamic_cast<const models::MixtureModel*>(MakeGuardedModel("frequency", false).get()), nullptr);
  EXPECT_EQ(dynamic_cast<const models::MixtureModel*>(MakeGuardedModel("uniform", true).get()), nullptr);
}

}  // namespace
}  // namespace ggp::agent::search
