// Model playouts: opponents sample their model's prediction (or a uniform move with
// probability epsilon), our role moves exactly as the uniform playout; a newly published
// model is picked up at once; the mcts player wires them with "model_playouts".

#include "agent/search/model_playout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "agent/search/mcts_player.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

// Predicts weight `weight` for `favourite`, 1 - weight spread over `second` (if legal).
class FixedModel final : public models::OpponentModel {
 public:
  FixedModel(reasoner::Move favourite, reasoner::Move second = -1, float weight = 1.0f)
      : favourite_(favourite), second_(second), weight_(weight) {}
  std::string_view name() const override { return "fixed"; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<FixedModel>(*this);
  }
  void Observe(models::Features, std::span<const reasoner::Move>, reasoner::Move) override {}
  void Predict(models::Features, std::span<const reasoner::Move> legal,
               std::span<float> out) const override {
    for (size_t i = 0; i < legal.size(); ++i) {
      out[i] = legal[i] == favourite_ ? weight_ : legal[i] == second_ ? 1 - weight_ : 0.0f;
    }
  }
  long long observations() const override { return 0; }
  nlohmann::json Save() const override { return {{"model", "fixed"}}; }
  bool Load(const nlohmann::json&, std::string*) override { return true; }

 private:
  reasoner::Move favourite_, second_;
  float weight_;
};

class ModelPlayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    machine_ = MakeCellMachine(TicTacToe());
    machine_->InitialState(&state_);
    auto ws = machine_->NewWorkspace();
    machine_->LegalMoves(state_, 0, *ws, &legal_);
    ASSERT_EQ(legal_.size(), 9u);
    prior_ = std::make_shared<ModelPrior>(2, 0);  // we are role 0
  }
  // How often each index is chosen for `role` in `n` draws.
  std::vector<int> Counts(const ModelPlayout& policy, int role, int n, uint64_t seed = 5) {
    std::vector<int> counts(legal_.size(), 0);
    Rng rng(seed);
    for (int i = 0; i < n; ++i) ++counts.at(policy.Choose(state_, role, legal_, rng));
    return counts;
  }

  std::shared_ptr<const reasoner::StateMachine> machine_;
  reasoner::State state_;
  std::vector<reasoner::Move> legal_;
  std::shared_ptr<ModelPrior> prior_;
};

TEST_F(ModelPlayoutTest, OpponentPlaysTheModelsMoveWithEpsilonZero) {
  prior_->Publish(1, std::make_shared<FixedModel>(legal_[4]));
  ModelPlayout policy(prior_, 0, 0.0);
  EXPECT_FALSE(policy.uniform());
  EXPECT_EQ(Counts(policy, 1, 500)[4], 500);
}

TEST_F(ModelPlayoutTest, OurRoleDrawsExactlyAsTheUniformPlayout) {
  prior_->Publish(1, std::make_shared<FixedModel>(legal_[4]));
  ModelPlayout policy(prior_, 0, 0.0);
  UniformPlayout uniform;
  Rng a(9), b(9);
  for (int i = 0; i < 2000; ++i) {
    ASSERT_EQ(policy.Choose(state_, 0, legal_, a), uniform.Choose(state_, 0, legal_, b)) << i;
  }
  const std::vector<int> counts = Counts(policy, 0, 9000);
  for (int c : counts) {
    EXPECT_GT(c, 850);  // 1000 expected; the sd is 30
    EXPECT_LT(c, 1150);
  }
}

TEST_F(ModelPlayoutTest, SamplesThePredictionAndMixesInUniformMovesByEpsilon) {
  prior_->Publish(1, std::make_shared<FixedModel>(legal_[1], legal_[7], 0.75f));
  ModelPlayout sampled(prior_, 0, 0.0);
  std::vector<int> counts = Counts(sampled, 1, 8000);
  EXPECT_NEAR(counts[1], 6000, 200);  // sd 39
  EXPECT_EQ(counts[1] + counts[7], 8000);
  ModelPlayout mixed(prior_, 0, 0.4);  // P(1) = .6 * .75 + .4 / 9 = .494; P(7) = .194
  counts = Counts(mixed, 1, 9000);
  EXPECT_NEAR(counts[1], 4450, 200);
  EXPECT_NEAR(counts[7], 1750, 150);
  for (size_t i : {0, 2, 3, 4, 5, 6, 8}) EXPECT_NEAR(counts[i], 400, 90) << i;
}

TEST_F(ModelPlayoutTest, FollowsNewlyPublishedModelsAndIsUniformWithoutOne) {
  ModelPlayout policy(prior_, 0, 0.0);
  for (int c : Counts(policy, 1, 900)) EXPECT_GT(c, 50);  // no model yet: uniform
  prior_->Publish(1, std::make_shared<FixedModel>(legal_[4]));
  EXPECT_EQ(Counts(policy, 1, 100)[4], 100);
  prior_->Publish(1, std::make_shared<FixedModel>(legal_[2]));  // this thread's copy is stale
  EXPECT_EQ(Counts(policy, 1, 100)[2], 100);
  ModelPlayout other(std::make_shared<ModelPrior>(2, 0), 0, 0.0);  // another search's models
  for (int c : Counts(other, 1, 900)) EXPECT_GT(c, 50);
  EXPECT_EQ(Counts(policy, 1, 100)[2], 100);
}

TEST_F(ModelPlayoutTest, PlayerWiresModelPlayoutsIntoItsSearch) {
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 3;
  o.params = {{"model", "frequency"}, {"model_playouts", true}, {"max_iterations", 200}};
  MctsPlayer player(o, &pool);
  player.Start(machine_, 0, state_, SteadyClock::now());
  ASSERT_NE(player.search(), nullptr);
  EXPECT_NE(dynamic_cast<const ModelPlayout*>(player.search()->playout()), nullptr);
  player.search()->WaitUntilDone();
  const reasoner::Move m = player.SelectMove(state_, SteadyClock::now() + std::chrono::seconds(2), nullptr);
  EXPECT_NE(std::find(legal_.begin(), legal_.end(), m), legal_.end());
  player.Finish();

  o.params = {{"model", "frequency"}, {"max_iterations", 10}};  // off by default
  MctsPlayer plain(o, &pool);
  plain.Start(machine_, 0, state_, SteadyClock::now());
  EXPECT_EQ(dynamic_cast<const ModelPlayout*>(plain.search()->playout()), nullptr);
  plain.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
