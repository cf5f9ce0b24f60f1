#pragma once
// The opponent models that ignore the state (seed 003's GVGAI models in GGP terms):
//
//   uniform     every legal move alike: the baseline every other model is measured against
//               (and what MCTS without a model assumes).
//   frequency   "Probabilistic": P(m) proportional to 1 + the number of times m was chosen,
//               over everything observed (simulated training games and real moves).
//   buffer<n>   "LimitedBuffer": P(m) proportional to 0.1 + the times m was chosen among the
//               last n observations; n = 0 ("buffer") keeps them all ("UnlimitedBuffer").
//
// Contract and threading: opponent_model.h. Counts are kept in a vector indexed by move id
// (grown when a larger id is observed).

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "models/opponent/opponent_model.h"

namespace ggp::models {

class UniformModel final : public OpponentModel {
 public:
  std::string_view name() const override { return "uniform"; }
  std::unique_ptr<OpponentModel> Clone() const override { return std::make_unique<UniformModel>(*this); }
  void Observe(Features, std::span<const Move>, Move) override { ++observations_; }
  void Predict(Features, std::span<const Move> legal, std::span<float> out) const override;
  long long observations() const override { return observations_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

 private:
  long long observations_ = 0;
};

// Counts of chosen moves with additive smoothing; `window` > 0 keeps only the last
// `window` observations.
class CountingModel final : public OpponentModel {
 public:
  // "frequency": CountingModel("frequency", 0, 1.0); "buffer20": ("buffer20", 20, 0.1).
  CountingModel(std::string name, int window, double smoothing)
      : name_(std::move(name)), window_(window), smoothing_(smoothing) {}
  std::string_view name() const override { return name_; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<CountingModel>(*this);
  }
  void Observe(Features features, std::span<const Move> legal, Move chosen) override;
  void Predict(Features features, std::span<const Move> legal, std::span<float> out) const override;
  long long observations() const override { return observations_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

 private:
  uint32_t CountOf(Move m) const {
    return m >= 0 && static_cast<size_t>(m) < counts_.size() ? counts_[static_cast<size_t>(m)] : 0;
  }

  std::string name_;
  int window_;
  double smoothing_;
  long long observations_ = 0;
  std::vector<uint32_t> counts_;  // per move id, over the window
  std::deque<Move> recent_;       // the window (window_ > 0 only)
};

}  // namespace ggp::models
