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

double RoleValue(const Node& node, int role) {
  double sum = 0;
  uint64_t visits = 0;
  for (uint32_t i = 0; i < node.num_moves(role); ++i) {
    const MoveStat& s = node.stat(role, i);
    visits += s.visits.load(std::memory_order_relaxed);
    sum += s.reward_sum();
  }
  return visits > 0 ? std::clamp(sum / static_cast<double>(visits), 0.0, 1.0) : -1.0;
}

bool IsMostVisited(const Node& node, int role, reasoner::Move chosen) {
  uint32_t most = 0;
  uint32_t mine = 0;
  for (uint32_t i = 0; i < node.num_moves(role); ++i) {
    const uint32_t n = node.stat(role, i).visits.load(std::memory_order_relaxed);
    most = std::max(most, n);
    if (node.moves(role)[i] == chosen) mine = n;
  }
  return most > 0 && mine == most;
}

void StrengthEstimator::Reset(int our_role) {
  our_role_ = our_role;
  decisions_ = 0;
  agreed_ = 0;
  regret_sum_ = 0;
  first_value_ = 0;
  last_value_ = 0;
}

bool StrengthEstimator::Observe(const Node& root, std::span<const reasoner::Move> joint) {
  if (decisions_ >= options_.decisions || root.terminal()) return false;
  for (int r = 0; r < root.num_roles() && static_cast<size_t>(r) < joint.size(); ++r) {
    if (r == our_role_ || decisions_ >= options_.decisions) continue;
    const double regret =
        DecisionRegret(root, r, joint[static_cast<size_t>(r)], options_.min_visits);
    if (regret < 0) continue;
    const double value = RoleValue(root, our_role_);
    if (value >= 0) {
      if (decisions_ == 0) first_value_ = value;
      last_value_ = value;
    }
    regret_sum_ += regret;
    agreed_ += IsMostVisited(root, r, joint[static_cast<size_t>(r)]) ? 1 : 0;
    ++decisions_;
  }
  return decisions_ >= options_.decisions;
}

Strength StrengthEstimator::Classify(double mean_regret, double value_drop,
                                     const StrengthOptions& o) {
  if (mean_regret > o.weaker_above) return Strength::kWeaker;
  if (value_drop > o.stronger_drop) return Strength::kStronger;
  return Strength::kEqual;
}

Strength StrengthEstimator::estimate() const {
  if (decisions_ < options_.decisions || decisions_ == 0) return Strength::kUnknown;
  return Classify(mean_regret(), value_drop(), options_);
}

nlohmann::json StrengthEstimator::Report(double contempt) const {
  return {{"estimate", std::string(StrengthName(estimate()))},
          {"mean_regret", std::round(mean_regret() * 10000) / 10000},
          {"value_drop", std::round(value_drop() * 10000) / 10000},
          {"agreement", std::round(agreement() * 1000) / 1000},
          {"decisions", decisions_},
          {"contempt", contempt}};
}

}  // namespace ggp::agent::search
