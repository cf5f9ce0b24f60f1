#include "agent/search/strength.h"

#include <algorithm>
#include <cmath>

namespace ggp::agent::search {

std::string_view StrengthName(Strength s) {
  switch (s) {
    case Strength::kWeaker:
      return "weaker";
    case Strength::kEqual:
      return "equal";
    case Strength::kStronger:
      return "stronger";
    case Strength::kUnknown:
      break;
  }
  return "unknown";
}

double ContemptFor(Strength s) {
  switch (s) {
    case Strength::kWeaker:
      return -0.6;
    case Strength::kStronger:
      return 0.2;
    default:
      return 0.0;
  }
}

double DecisionRegret(const Node& node, int role, reasoner::Move chosen, uint32_t min_visits) {
  const uint32_t k = node.num_moves(role);
  if (k < 2) return -1;
  double best = -1;
  double chosen_q = -1;
  for (uint32_t i = 0; i < k; ++i) {
    const MoveStat& s = node.stat(role, i);
    const uint32_t n = s.visits.load(std::memory_order_relaxed);
    if (n == 0) continue;
    const double q = s.reward_sum() / n;
    if (n >= min_visits) best = std::max(best, q);
    if (node.moves(role)[i] == chosen) chosen_q = q;
  }
  if (best < 0 || chosen_q < 0) return -1;
  return std::clamp(best - chosen_q, 0.0, 1.0);
}

void StrengthEstimator::Reset(int our_role) {
  our_role_ = our_role;
  decisions_ = 0;
  regret_sum_ = 0;
}

bool StrengthEstimator::Observe(const Node& root, std::span<const reasoner::Move> joint) {
  if (decisions_ >= options_.decisions || root.terminal()) return false;
  for (int r = 0; r < root.num_roles() && static_cast<size_t>(r) < joint.size(); ++r) {
    if (r == our_role_ || decisions_ >= options_.decisions) continue;
    const double regret =
        DecisionRegret(root, r, joint[static_cast<size_t>(r)], options_.min_visits);
    if (regret < 0) continue;
    regret_sum_ += regret;
    ++decisions_;
  }
  return decisions_ >= options_.decisions;
}

Strength StrengthEstimator::Classify(double mean_regret, const StrengthOptions& o) {
  if (mean_regret > o.weaker_above) return Strength::kWeaker;
  if (mean_regret < o.stronger_below) return Strength::kStronger;
  return Strength::kEqual;
}

Strength StrengthEstimator::estimate() const {
  if (decisions_ < options_.decisions || decisions_ == 0) return Strength::kUnknown;
  return Classify(mean_regret(), options_);
}

nlohmann::json StrengthEstimator::Report(double contempt) const {
  return {{"estimate", std::string(StrengthName(estimate()))},
          {"mean_regret", std::round(mean_regret() * 10000) / 10000},
          {"decisions", decisions_},
          {"contempt", contempt}};
}

}  // namespace ggp::agent::search
