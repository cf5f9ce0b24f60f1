#pragma once
// "bayes": multivariate (Bernoulli) naive Bayes over the state's features, with
// chi-squared feature selection (seeds 000 and 004).
//
// The classes are the modelled role's moves. From N observations, N(y) choosing move y and
// N(j, y) of those in states with feature j true:
//
//   P(y)         = (N(y) + 1) / (N + K)                K = moves seen + 1 (an unseen move)
//   P(x_j=1 | y) = (N(j, y) + 1) / (N(y) + 2)          Laplace smoothing
//   score(y | x) = log P(y) + sum over selected j of log P(x_j | y)
//   P(y | x, legal) = softmax of score over the legal moves
//
// Feature selection: for each feature j the chi-squared statistic of the 2 x K table of
// (feature on / off) x (move chosen), observed N(j, y) and N(y) - N(j, y) against the
// counts expected if j and the move were independent, N(j) N(y) / N and
// (N - N(j)) N(y) / N. The `max_features` features with the largest statistic (and above
// 0) are used; the others are ignored, which keeps the naive independence assumption from
// drowning the informative features in noise.
//
// Fit() recomputes the selection and the per-move tables; Observe calls it after each of
// the first 64 observations and then every 64th (allocating then). Predict reads only the
// fitted tables: it walks the state's features and the selected ones in step (both sorted)
// and allocates nothing.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/opponent/opponent_model.h"

namespace ggp::models {

// The chi-squared statistic of one feature: `on[y]` = N(j, y), `n[y]` = N(y) over the
// classes, `total` = N. 0 when the feature is always or never on.
double ChiSquared(std::span<const uint32_t> on, std::span<const uint32_t> n, uint32_t total);

class NaiveBayesModel final : public OpponentModel {
 public:
  explicit NaiveBayesModel(int max_features = 64) : max_features_(max_features) {}
  std::string_view name() const override { return "bayes"; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<NaiveBayesModel>(*this);
  }
  void Observe(Features features, std::span<const Move> legal, Move chosen) override;
  void Predict(Features features, std::span<const Move> legal, std::span<float> out) const override;
  void Fit() override;
  long long observations() const override { return total_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

  // The selected features, increasing (after Fit), with their statistics.
  const std::vector<uint32_t>& selected() const { return selected_; }
  double chi_squared(size_t i) const { return selected_chi_[i]; }
  // score(y | x) as defined above (fitted tables).
  double Score(Features features, Move y) const;

 private:
  struct MoveCounts {
    uint32_t n = 0;                              // N(y)
    std::unordered_map<uint32_t, uint32_t> on;   // feature -> N(j, y)
  };
  struct MoveTable {
    double base = 0;            // log P(y) + sum over selected j of log P(x_j = 0 | y)
    std::vector<float> delta;   // per selected feature: log P(1 | y) - log P(0 | y)
  };
  const MoveTable& TableOf(Move y) const;

  int max_features_;
  uint32_t total_ = 0;                                  // N
  std::unordered_map<Move, MoveCounts> counts_;
  std::unordered_map<uint32_t, uint32_t> feature_on_;   // N(j)
  // Fitted.
  std::vector<uint32_t> selected_;
  std::vector<double> selected_chi_;
  std::unordered_map<Move, MoveTable> tables_;
  MoveTable unseen_;  // a move never chosen
};

}  // namespace ggp::models
