#pragma once
// "mixture": the other models, weighted by how well each predicted the modelled role's
// recent moves, so the agent follows whichever model fits this opponent best.
//
//   w_i proportional to exp(sum over the last `window` observations of log P_i(chosen))
//   P(m) = sum_i w_i P_i(m)
//
// i.e. Bayesian model averaging over a sliding window, with a uniform prior over models.
// The uniform model is always one of them: when the others predict this opponent worse
// than uniform, uniform's weight dominates and the mixture falls back toward it (the
// safety valve of the issue). Before any observation all weights are equal.
//
// Observe scores every component on the chosen move (before it learns from it), then lets
// each learn. Bind, ObserveIn and PredictIn pass the machine and the context on to every
// component. Contract and threading: opponent_model.h.
//
// Two mixtures by name (MakeModel): "mixture" over the cheap models (uniform, frequency,
// buffer20, buffer, bayes), and "mixture-all" over every model, seed 003's included. The
// lookahead models (alphabeta, average, minimum, fallible) stay out of "mixture": each
// costs one random playout per legal move at every search node where the modelled role
// chooses (lookahead_models.h), all four together about four times that, on every node,
// whatever their weight (connect4: 90k MCTS iterations/s with "mixture", 13k with
// "mixture-all"; lookahead_models.h has the numbers). mirror and sameaction are cheap but stay out too, so that what
// "mixture" is (and what it has saved in the experience store) does not change; use
// "mixture-all" to let the weights decide among all of them.

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "models/opponent/opponent_model.h"

namespace ggp::models {

class MixtureModel final : public OpponentModel {
 public:
  // The components (non-empty; the caller includes "uniform"), the scoring window, and
  // the name (Save and Load use it).
  MixtureModel(std::vector<std::unique_ptr<OpponentModel>> components, int window = 20,
               std::string name = "mixture");
  MixtureModel(const MixtureModel& other);

  std::string_view name() const override { return name_; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<MixtureModel>(*this);
  }
  void Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) override;
  void Observe(Features features, std::span<const Move> legal, Move chosen) override;
  void ObserveIn(const PredictContext& c, std::span<const Move> legal, Move chosen) override;
  void Predict(Features features, std::span<const Move> legal, std::span<float> out) const override;
  void PredictIn(const PredictContext& c, std::span<const Move> legal,
                 std::span<float> out) const override;
  void Fit() override;
  long long observations() const override { return observations_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

  size_t size() const { return components_.size(); }
  const OpponentModel& component(size_t i) const { return *components_[i]; }
  // Current weights (sum 1), in component order.
  const std::vector<double>& weights() const { return weights_; }

 private:
  void UpdateWeights();

  std::string name_;
  std::vector<std::unique_ptr<OpponentModel>> components_;
  int window_;
  long long observations_ = 0;
  std::vector<std::deque<double>> recent_;  // per component: the window's log-likelihoods
  std::vector<double> weights_;
  std::vector<float> scratch_;              // Observe only
};

}  // namespace ggp::models
