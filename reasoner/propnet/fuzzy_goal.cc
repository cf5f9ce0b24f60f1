// A fuzzy reading of a goal's circuit: see fuzzy_goal.h.

#include "reasoner/propnet/fuzzy_goal.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reasoner/propnet/latches.h"

namespace ggp::reasoner::propnet {

namespace {
constexpr int kCyclePasses = 3;
constexpr size_t kExactThresholdWork = 1 << 16;  // n x t for the exact t-of-n chance
}  // namespace

FuzzyGoal::FuzzyGoal(const Propnet& net, int role, double p)
    : net_(net),
      p_(std::clamp(p, 0.51, 0.99)),
      lv_(net.num_components(), 0.0),
      lw_(net.num_components(), 0.0) {
  if (role < 0 || static_cast<size_t>(role) >= net.goals.size() || net.goals[role].empty()) return;
  const auto& goals = net.goals[static_cast<size_t>(role)];
  const auto best = std::max_element(
      goals.begin(), goals.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  target_ = best->second;
  leaf_fluent_.assign(net.num_components(), -1);
  for (uint32_t f = 0; f < net.num_fluents; ++f) {
    if (net.fluent_base[f] >= 0)
      leaf_fluent_[static_cast<size_t>(net.fluent_base[f])] = static_cast<int32_t>(f);
  }
  ThreeValued cones(net);
  const uint32_t targets[1] = {target_};
  cone_ = cones.Cone(targets);
  for (uint32_t c : cone_) informative_ = informative_ || leaf_fluent_[c] >= 0;
}

namespace {
// ln(1 - e^x) for x <= 0, precise at both ends.
double LogComplement(double x) { return std::log(-std::expm1(x)); }
}  // namespace

void FuzzyGoal::Gate(uint32_t c) {
  const uint32_t first = net_.in_begin[c];
  const uint32_t n = net_.in_begin[c + 1] - first;
  // The gate is true when at least `need` of its inputs are.
  const int64_t need =
      static_cast<int64_t>(kTrueCounter) - static_cast<int64_t>(net_.base_counter[c]);
  constexpr double kNever = -std::numeric_limits<double>::infinity();
  if (need <= 0 || need > n) {
    lv_[c] = need <= 0 ? 0.0 : kNever;
    lw_[c] = need <= 0 ? kNever : 0.0;
    return;
  }
  // ln degree and ln(1 - degree) of input e, an inverted edge swapping them.
  auto in = [&](uint32_t e, bool complement) {
    const uint32_t edge = net_.in_edges[first + e];
    const uint32_t src = edge & ~kInvertedEdge;
    return ((edge & kInvertedEdge) != 0) != complement ? lw_[src] : lv_[src];
  };
  if (need == n) {  // and
    double sum = 0;
    for (uint32_t e = 0; e < n; ++e) sum += in(e, false);
    lv_[c] = sum;
    lw_[c] = LogComplement(sum);
    return;
  }
  if (need == 1) {  // or
    double sum = 0;
    for (uint32_t e = 0; e < n; ++e) sum += in(e, true);
    lw_[c] = sum;
    lv_[c] = LogComplement(sum);
    return;
  }
  const size_t t = static_cast<size_t>(need);
  double v;
  if (static_cast<size_t>(n) * t > kExactThresholdWork) {  // rare: the mean share against t/n
    double sum = 0;
    for (uint32_t e = 0; e < n; ++e) sum += std::exp(in(e, false));
    v = std::clamp(sum / static_cast<double>(t), 0.0, 1.0);
  } else {
    // dp_[k]: the chance that exactly k of the inputs so far hold (k < t), at least t in dp_[t].
    dp_.assign(t + 1, 0.0);
    dp_[0] = 1.0;
    for (uint32_t e = 0; e < n; ++e) {
      const double q = std::exp(in(e, false));
      dp_[t] += dp_[t - 1] * q;
      for (size_t k = t - 1; k > 0; --k) dp_[k] = dp_[k] * (1.0 - q) + dp_[k - 1] * q;
      dp_[0] *= 1.0 - q;
    }
    v = std::clamp(dp_[t], 0.0, 1.0);
  }
  lv_[c] = std::log(v);
  lw_[c] = std::log1p(-v);
}

double FuzzyGoal::LogDegree(const State& s) {
  const double yes = std::log(p_), no = std::log1p(-p_);
  for (size_t i = 0; i < cone_.size();) {
    const uint32_t c = cone_[i];
    if (net_.is_leaf[c]) {
      double lv = std::log(0.5), lw = std::log(0.5);  // a move input: goals should not read one
      if (c == net_.const_true || c == net_.const_false) {
        lv = c == net_.const_true ? 0.0 : -std::numeric_limits<double>::infinity();
        lw = c == net_.const_true ? -std::numeric_limits<double>::infinity() : 0.0;
      } else if (leaf_fluent_[c] >= 0) {
        const bool holds = s.Test(static_cast<uint32_t>(leaf_fluent_[c]));
        lv = holds ? yes : no;
        lw = holds ? no : yes;
      }
      lv_[c] = lv;
      lw_[c] = lw;
      ++i;
    } else if (net_.scc_of[c] >= 0) {
      // Members of one cyclic SCC are contiguous in the order: iterate them from false.
      const int32_t scc = net_.scc_of[c];
      size_t end = i;
      while (end < cone_.size() && net_.scc_of[cone_[end]] == scc) ++end;
      for (size_t k = i; k < end; ++k) {
        lv_[cone_[k]] = -std::numeric_limits<double>::infinity();
        lw_[cone_[k]] = 0.0;
      }
      for (int pass = 0; pass < kCyclePasses; ++pass) {
        for (size_t k = i; k < end; ++k) {
          if (!net_.is_leaf[cone_[k]]) Gate(cone_[k]);
        }
      }
      i = end;
    } else {
      Gate(c);
      ++i;
    }
  }
  return lv_[target_];
}

}  // namespace ggp::reasoner::propnet
