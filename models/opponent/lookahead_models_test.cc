// Seed 003's lookahead models (alphabeta, average, minimum, fallible) on a one-ply game
// whose rewards are certain, the shaping of a prediction from rewards (ties, the floor),
// and their behaviour without a machine or a state.

#include "models/opponent/lookahead_models.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "models/opponent/mixture.h"
#include "models/opponent/test_machine.h"

namespace ggp::models {
namespace {

using testing::After;
using testing::MachineOf;
using testing::P;
using testing::Situation;

// One simultaneous ply: white's result is its own move (win 100, draw 50, lose 0), black's
// its own (bgood 100, bbad 0). Each role's rewards do not depend on the other's move, so
// one random playout gives them exactly whatever the other role draws.
constexpr const char* kOnePly = R"((role white) (role black)
(init (step 0))
(<= (legal white win) (true (step 0)))
(<= (legal white draw) (true (step 0)))
(<= (legal white lose) (true (step 0)))
(<= (legal black bgood) (true (step 0)))
(<= (legal black bbad) (true (step 0)))
(<= (next (result ?m)) (does white ?m))
(<= (next (bres ?m)) (does black ?m))
(<= (next (step 1)) (true (step 0)))
(<= terminal (true (step 1)))
(<= (goal white 100) (true (result win)))
(<= (goal white 50) (true (result draw)))
(<= (goal white 0) (true (result lose)))
(<= (goal black 100) (true (bres bgood)))
(<= (goal black 0) (true (bres bbad))))";

std::vector<float> PredictIn(const OpponentModel& m, const Situation& s) {
  std::vector<float> p(s.legal.size());
  m.PredictIn(s.context(), s.legal, p);
  return p;
}

TEST(LookaheadModelsTest, PicksByTheRewardOfEachMove) {
  auto machine = MachineOf(kOnePly);
  ASSERT_NE(machine, nullptr);
  const Situation s = After(*machine, 0, {});
  ASSERT_EQ(s.legal.size(), 3u);
  // Picks share 1 - 0.05; the floor 0.05 is spread over the rest.
  struct Case {
    const char* model;
    float win, draw, lose;
  };
  for (const Case& c :
       {Case{"alphabeta", 0.95f, 0.025f, 0.025f}, Case{"minimum", 0.025f, 0.025f, 0.95f},
        Case{"average", 0.025f, 0.95f, 0.025f},
        Case{"fallible", 0.8f * 0.95f, 0.05f, 0.2f * 0.95f}}) {
    SCOPED_TRACE(c.model);
    auto m = MakeModel(c.model);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->name(), c.model);
    m->Bind(machine, 0);
    for (int repeat = 0; repeat < 3; ++repeat) {  // random playouts, certain rewards
      const std::vector<float> p = PredictIn(*m, s);
      EXPECT_NEAR(P(*machine, 0, s, p, "win"), c.win, 1e-6);
      EXPECT_NEAR(P(*machine, 0, s, p, "draw"), c.draw, 1e-6);
      EXPECT_NEAR(P(*machine, 0, s, p, "lose"), c.lose, 1e-6);
    }
  }
}

TEST(LookaheadModelsTest, ReadsTheModelledRolesGoals) {
  auto machine = MachineOf(kOnePly);
  ASSERT_NE(machine, nullptr);
  const Situation s = After(*machine, 1, {});
  auto best = MakeModel("alphabeta");
  best->Bind(machine, 1);
  const std::vector<float> p = PredictIn(*best, s);
  EXPECT_NEAR(P(*machine, 1, s, p, "bgood"), 0.95f, 1e-6);
  EXPECT_NEAR(P(*machine, 1, s, p, "bbad"), 0.05f, 1e-6);
  // One playout per legal move per prediction.
  const auto* model = dynamic_cast<const LookaheadModel*>(best.get());
  ASSERT_NE(model, nullptr);
  ASSERT_NE(model->bound(), nullptr);
  EXPECT_EQ(model->bound()->playouts(), 2);
  // Clones share the binding (and its scratch pool).
  auto copy = best->Clone();
  EXPECT_NEAR(P(*machine, 1, s, PredictIn(*copy, s), "bgood"), 0.95f, 1e-6);
  EXPECT_EQ(model->bound()->playouts(), 4);
}

TEST(LookaheadModelsTest, UniformWithoutMachineOrState) {
  auto machine = MachineOf(kOnePly);
  ASSERT_NE(machine, nullptr);
  const Situation s = After(*machine, 0, {});
  auto m = MakeModel("alphabeta");
  std::vector<float> p = PredictIn(*m, s);  // not bound
  for (float x : p) EXPECT_FLOAT_EQ(x, 1.0f / 3);
  m->Bind(machine, 0);
  m->Predict(s.features, s.legal, p);  // features only: no state to look ahead from
  for (float x : p) EXPECT_FLOAT_EQ(x, 1.0f / 3);
  m->PredictIn(PredictContext{nullptr, s.features, {}}, s.legal, p);
  for (float x : p) EXPECT_FLOAT_EQ(x, 1.0f / 3);
  // Learns nothing, counts and saves its observations.
  m->ObserveIn(s.context(), s.legal, s.legal[0]);
  EXPECT_EQ(m->observations(), 1);
  EXPECT_EQ(m->Save()["observations"], 1);
}

TEST(LookaheadModelsTest, TiesShareAndTheFloorNeverZeroes) {
  LookaheadOptions o;
  std::vector<float> out(4);
  PredictFromRewards(LookaheadPick::kBest, o, std::vector<float>{1, 0, 1, 0.5f}, out);
  const std::vector<float> want = {0.475f, 0.025f, 0.475f, 0.025f};
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(out[i], want[i], 1e-6) << i;
  PredictFromRewards(LookaheadPick::kWorst, o, std::vector<float>{1, 0, 1, 0.5f}, out);
  EXPECT_NEAR(out[1], 0.95f, 1e-6);
  EXPECT_NEAR(out[0], 0.05f / 3, 1e-6);
  // Every move tied: uniform, for every pick.
  for (LookaheadPick pick : {LookaheadPick::kBest, LookaheadPick::kWorst, LookaheadPick::kAverage,
                             LookaheadPick::kFallible}) {
    PredictFromRewards(pick, o, std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f}, out);
    for (float x : out) EXPECT_FLOAT_EQ(x, 0.25f);
  }
  // Average: closest to the mean 0.5 (0.4 and 0.6 tie).
  PredictFromRewards(LookaheadPick::kAverage, o, std::vector<float>{0, 0.4f, 0.6f, 1}, out);
  EXPECT_NEAR(out[1], 0.475f, 1e-6);
  EXPECT_NEAR(out[2], 0.475f, 1e-6);
  EXPECT_NEAR(out[0], 0.025f, 1e-6);
  // Fallible with another p (settable in code).
  o.fallible_p = 0.6;
  PredictFromRewards(LookaheadPick::kFallible, o, std::vector<float>{0, 1, 0.5f, 0.5f}, out);
  EXPECT_NEAR(out[1], 0.6f * 0.95f, 1e-6);
  EXPECT_NEAR(out[0], 0.4f * 0.95f, 1e-6);
  EXPECT_NEAR(out[2], 0.025f, 1e-6);
  EXPECT_NEAR(std::accumulate(out.begin(), out.end(), 0.0f), 1.0f, 1e-6);
}

TEST(LookaheadModelsTest, MixtureAllPassesTheContextOn) {
  auto machine = MachineOf(kOnePly);
  ASSERT_NE(machine, nullptr);
  const Situation s = After(*machine, 0, {});
  auto m = MakeModel("mixture-all");
  m->Bind(machine, 0);
  const reasoner::Move win = testing::MoveOf(*machine, 0, "win");
  for (int i = 0; i < 30; ++i) m->ObserveIn(s.context(), s.legal, win);  // a winner
  const auto* mix = dynamic_cast<const MixtureModel*>(m.get());
  ASSERT_NE(mix, nullptr);
  const std::vector<float> p = PredictIn(*m, s);
  EXPECT_GT(P(*machine, 0, s, p, "win"), 0.9f);
  // alphabeta predicted every move right from the start (0.95 each): it carries weight,
  // far above uniform (1/3 each) and minimum (0.025 each), which it needed the state for.
  double weight_of[3] = {-1, -1, -1};
  for (size_t i = 0; i < mix->size(); ++i) {
    const std::string_view name = mix->component(i).name();
    if (name == "alphabeta") weight_of[0] = mix->weights()[i];
    if (name == "uniform") weight_of[1] = mix->weights()[i];
    if (name == "minimum") weight_of[2] = mix->weights()[i];
  }
  EXPECT_GT(weight_of[0], 0.01);
  EXPECT_GT(weight_of[0], 1000 * weight_of[1]);
  EXPECT_GE(weight_of[2], 0.0);
  EXPECT_LT(weight_of[2], 1e-6);
}

}  // namespace
}  // namespace ggp::models
