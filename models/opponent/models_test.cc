// The state-free models on hand-made histories, the mixture's choice and its fallback to
// uniform, save/load round trips of every model, and state features.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "models/opponent/features.h"
#include "models/opponent/mixture.h"
#include "models/opponent/opponent_model.h"
#include "models/opponent/simple_models.h"

namespace ggp::models {
namespace {

const std::vector<uint32_t> kNoFeatures;

std::vector<float> PredictOf(const OpponentModel& m, std::span<const Move> legal,
                             Features f = kNoFeatures) {
  std::vector<float> p(legal.size());
  m.Predict(f, legal, p);
  return p;
}

TEST(SimpleModelsTest, UniformAndFrequency) {
  const std::vector<Move> legal = {3, 5, 7};
  UniformModel u;
  for (float p : PredictOf(u, legal)) EXPECT_FLOAT_EQ(p, 1.0f / 3);
  auto f = MakeModel("frequency");
  for (float p : PredictOf(*f, legal)) EXPECT_FLOAT_EQ(p, 1.0f / 3);  // nothing seen yet
  f->Observe(kNoFeatures, legal, 3);
  f->Observe(kNoFeatures, legal, 3);
  f->Observe(kNoFeatures, legal, 5);
  // 1 + counts: 3, 2, 1.
  const std::vector<float> p = PredictOf(*f, legal);
  EXPECT_FLOAT_EQ(p[0], 0.5f);
  EXPECT_FLOAT_EQ(p[1], 1.0f / 3);
  EXPECT_FLOAT_EQ(p[2], 1.0f / 6);
  EXPECT_EQ(f->observations(), 3);
}

TEST(SimpleModelsTest, LimitedBufferForgets) {
  auto b = MakeModel("buffer20");
  auto all = MakeModel("buffer");
  const std::vector<Move> legal = {1, 2};
  for (int i = 0; i < 5; ++i) {
    b->Observe(kNoFeatures, legal, 1);
    all->Observe(kNoFeatures, legal, 1);
  }
  for (int i = 0; i < 20; ++i) {
    b->Observe(kNoFeatures, legal, 2);
    all->Observe(kNoFeatures, legal, 2);
  }
  // The last 20 are all move 2: 0.1 against 20.1. Unlimited: 5.1 against 20.1.
  EXPECT_NEAR(PredictOf(*b, legal)[0], 0.1 / 20.2, 1e-6);
  EXPECT_NEAR(PredictOf(*all, legal)[0], 5.1 / 25.2, 1e-6);
}

TEST(MixtureTest, FollowsTheModelThatPredictsBest) {
  auto m = MakeModel("mixture");
  auto* mix = dynamic_cast<MixtureModel*>(m.get());
  ASSERT_NE(mix, nullptr);
  ASSERT_EQ(mix->size(), 5u);  // the cheap models (mixture.h); "mixture-all" has them all
  auto all = MakeModel("mixture-all");
  ASSERT_NE(dynamic_cast<MixtureModel*>(all.get()), nullptr);
  EXPECT_EQ(dynamic_cast<MixtureModel*>(all.get())->size(), ModelNames().size() - 2);
  const std::vector<Move> legal = {5, 6, 7, 8};
  for (int i = 0; i < 30; ++i) m->Observe(kNoFeatures, legal, 7);  // a creature of habit
  EXPECT_GT(PredictOf(*m, legal)[2], 0.9f);
  EXPECT_EQ(mix->component(0).name(), "uniform");
  EXPECT_LT(mix->weights()[0], 0.01);
  const double sum = std::accumulate(mix->weights().begin(), mix->weights().end(), 0.0);
  EXPECT_NEAR(sum, 1.0, 1e-9);
}

TEST(MixtureTest, FallsBackToUniformWhenTheModelIsWrong) {
  std::vector<std::unique_ptr<OpponentModel>> parts;
  parts.push_back(MakeModel("uniform"));
  parts.push_back(MakeModel("frequency"));
  MixtureModel m(std::move(parts), 20);
  const std::vector<Move> legal = {5, 6, 7, 8};
  for (int i = 0; i < 200; ++i) m.Observe(kNoFeatures, legal, 5);
  EXPECT_GT(m.weights()[1], 0.99);
  // Now the real opponent plays every move in turn: frequency still bets on 5.
  for (int i = 0; i < 20; ++i) m.Observe(kNoFeatures, legal, legal[static_cast<size_t>(i % 4)]);
  EXPECT_GT(m.weights()[0], 0.99) << "uniform predicts the recent moves better";
  for (float p : PredictOf(m, legal)) EXPECT_NEAR(p, 0.25f, 0.02f);
}

TEST(ModelsTest, EveryModelRoundTripsThroughJson) {
  const std::vector<Move> legal = {1, 2, 3};
  const std::vector<uint32_t> f_a = {0, 4}, f_b = {1, 4};
  for (const std::string& name : ModelNames()) {
    SCOPED_TRACE(name);
    auto m = MakeModel(name);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->name(), name);
    for (int i = 0; i < 30; ++i) {
      m->Observe(i % 3 == 0 ? f_a : f_b, legal, i % 3 == 0 ? 1 : (i % 2 == 0 ? 2 : 3));
    }
    const nlohmann::json saved = m->Save();
    auto back = MakeModel(name);
    std::string why;
    ASSERT_TRUE(back->Load(nlohmann::json::parse(saved.dump()), &why)) << why;
    EXPECT_EQ(back->observations(), m->observations());
    for (const auto* f : {&f_a, &f_b}) {
      const std::vector<float> p = PredictOf(*m, legal, *f), q = PredictOf(*back, legal, *f);
      for (size_t i = 0; i < p.size(); ++i) EXPECT_NEAR(p[i], q[i], 1e-6);
    }
    // Another model's data is refused.
    const std::string other = name == "uniform" ? "frequency" : "uniform";
    EXPECT_FALSE(MakeModel(other)->Load(saved, &why));
  }
  EXPECT_EQ(MakeModel("no-such-model"), nullptr);
}

TEST(ModelsTest, ClonesAreIndependent) {
  auto m = MakeModel("mixture");
  const std::vector<Move> legal = {1, 2};
  m->Observe(kNoFeatures, legal, 1);
  auto copy = m->Clone();
  for (int i = 0; i < 20; ++i) copy->Observe(kNoFeatures, legal, 2);
  EXPECT_EQ(m->observations(), 1);
  EXPECT_GT(PredictOf(*m, legal)[0], PredictOf(*copy, legal)[0]);
}

TEST(FeaturesTest, TrueFluentsInOrder) {
  reasoner::State s(130);
  s.mutable_words()[0] = (uint64_t{1} << 3) | (uint64_t{1} << 63);
  s.mutable_words()[2] = 1;
  std::vector<uint32_t> f;
  FeaturesOf(s, &f);
  EXPECT_EQ(f, (std::vector<uint32_t>{3, 63, 128}));
}

}  // namespace
}  // namespace ggp::models
