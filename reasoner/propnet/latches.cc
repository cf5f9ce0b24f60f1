#include "reasoner/propnet/latches.h"

#include <algorithm>

namespace ggp::reasoner::propnet {

ThreeValued::ThreeValued(const Propnet& net)
    : net_(net),
      leaf_fluent_(net.num_components(), -1),
      lo_(net.num_components(), 0),
      hi_(net.num_components(), 0),
      input_(net.num_components(), kUnknown),
      mark_(net.num_components(), 0) {
  for (uint32_t f = 0; f < net.num_fluents; ++f) {
    if (net.fluent_base[f] >= 0) leaf_fluent_[static_cast<size_t>(net.fluent_base[f])] = static_cast<int32_t>(f);
  }
}

std::vector<uint32_t> ThreeValued::Cone(std::span<const uint32_t> targets) {
  if (++stamp_ == 0) {  // wrapped: old stamps could collide
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
  std::vector<uint32_t> cone;
  std::vector<uint32_t> stack;
  for (uint32_t t : targets) {
    if (mark_[t] == stamp_) continue;
    mark_[t] = stamp_;
    stack.push_back(t);
    while (!stack.empty()) {
      const uint32_t c = stack.back();
      stack.pop_back();
      cone.push_back(c);
      for (uint32_t e = net_.in_begin[c]; e < net_.in_begin[c + 1]; ++e) {
        const uint32_t src = net_.in_edges[e] & ~kInvertedEdge;
        if (mark_[src] != stamp_) {
          mark_[src] = stamp_;
          stack.push_back(src);
        }
      }
    }
  }
  std::sort(cone.begin(), cone.end());
  return cone;
}

bool ThreeValued::Gate(uint32_t c) {
  uint32_t low = 0;
  uint32_t high = 0;
  for (uint32_t e = net_.in_begin[c]; e < net_.in_begin[c + 1]; ++e) {
    const uint32_t edge = net_.in_edges[e];
    const uint32_t src = edge & ~kInvertedEdge;
    if (edge & kInvertedEdge) {
      low += hi_[src] == 0;
      high += lo_[src] == 0;
    } else {
      low += lo_[src];
      high += hi_[src];
    }
  }
  const uint8_t new_lo = net_.base_counter[c] + low >= kTrueCounter;
  const uint8_t new_hi = net_.base_counter[c] + high >= kTrueCounter;
  const bool changed = new_lo != lo_[c] || new_hi != hi_[c];
  lo_[c] = new_lo;
  hi_[c] = new_hi;
  return changed;
}

size_t ThreeValued::EvaluateScc(std::span<const uint32_t> cone, size_t first) {
  // Members of one SCC are contiguous in the net's order, and a cone that holds one holds
  // them all (they read each other).
  const int32_t scc = net_.scc_of[cone[first]];
  size_t end = first;
  while (end < cone.size() && net_.scc_of[cone[end]] == scc) ++end;
  for (size_t i = first; i < end; ++i) lo_[cone[i]] = hi_[cone[i]] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = first; i < end; ++i) {
      if (!net_.is_leaf[cone[i]] && Gate(cone[i])) changed = true;
    }
  }
  return end;
}

namespace {

// Whether (next f) comes out `want` (1: surely true, 0: surely false) with f = `fixed` in
// every assignment of the cone's unknown leaves (`leaves`: at most kCaseLeaves). `cases`
// is a per-fluent scratch of kUnknown that is left as it was found.
bool HoldsInEveryCase(ThreeValued& eval, std::span<const uint32_t> cone,
                      std::span<const uint32_t> leaves, uint32_t f, uint8_t fixed, uint32_t next,
                      uint8_t want, std::vector<uint8_t>& cases) {
  bool holds = true;
  for (uint32_t mask = 0; holds && mask < (1u << leaves.size()); ++mask) {
    for (size_t i = 0; i < leaves.size(); ++i) {
      const uint8_t bit = (mask >> i) & 1u;
      const int32_t g = eval.FluentOfLeaf(leaves[i]);
      if (g >= 0) {
        cases[static_cast<size_t>(g)] = bit;
      } else {
        eval.SetInput(leaves[i], bit);
      }
    }
    eval.Evaluate(cone, [&](uint32_t g) { return g == f ? fixed : cases[g]; });
    holds = want == 1 ? eval.SurelyTrue(next) : eval.SurelyFalse(next);
  }
  for (uint32_t leaf : leaves) {
    const int32_t g = eval.FluentOfLeaf(leaf);
    if (g >= 0) {
      cases[static_cast<size_t>(g)] = kUnknown;
    } else {
      eval.SetInput(leaf, kUnknown);
    }
  }
  return holds;
}

}  // namespace

LatchAnalysis AnalyseLatches(const Propnet& net, int64_t max_work) {
  LatchAnalysis a;
  a.latch.assign(net.num_fluents, 0);
  a.positive_mask = State(net.num_fluents);
  a.negative_mask = State(net.num_fluents);
  ThreeValued eval(net);
  std::vector<uint8_t> cases(net.num_fluents, kUnknown);
  std::vector<uint32_t> leaves;
  for (uint32_t f = 0; f < net.num_fluents; ++f) {
    const uint32_t next = net.fluent_next[f];
    const uint32_t targets[1] = {next};
    const std::vector<uint32_t> cone = eval.Cone(targets);
    const int64_t size = static_cast<int64_t>(cone.size());
    if (a.work + 2 * size > max_work) {
      a.complete = false;
      break;
    }
    a.work += 2 * size;
    leaves.clear();
    for (uint32_t c : cone) {
      if (net.is_leaf[c] && c != net.const_true && c != net.const_false &&
          eval.FluentOfLeaf(c) != static_cast<int32_t>(f)) {
        leaves.push_back(c);
      }
    }
    const bool split = leaves.size() <= static_cast<size_t>(kCaseLeaves) &&
                       a.work + 2 * (int64_t{1} << leaves.size()) * size <= max_work;
    eval.Evaluate(cone, [f](uint32_t g) { return g == f ? uint8_t{1} : kUnknown; });
    bool positive = eval.SurelyTrue(next);
    if (!positive && split && !leaves.empty()) {
      a.work += (int64_t{1} << leaves.size()) * size;
      positive = HoldsInEveryCase(eval, cone, leaves, f, 1, next, 1, cases);
    }
    if (positive) {
      a.latch[f] |= kLatchPositive;
      a.positive_mask.Set(f);
      ++a.positive;
    }
    eval.Evaluate(cone, [f](uint32_t g) { return g == f ? uint8_t{0} : kUnknown; });
    bool negative = eval.SurelyFalse(next);
    if (!negative && split && !leaves.empty()) {
      a.work += (int64_t{1} << leaves.size()) * size;
      negative = HoldsInEveryCase(eval, cone, leaves, f, 0, next, 0, cases);
    }
    if (negative) {
      a.latch[f] |= kLatchNegative;
      a.negative_mask.Set(f);
      ++a.negative;
    }
  }
  for (const auto& goals : net.goals) {
    std::vector<uint32_t> targets;
    for (const auto& [value, component] : goals) targets.push_back(component);
    a.goal_cone.push_back(eval.Cone(targets));
  }
  return a;
}

int GoalUpperBound(const Propnet& net, const LatchAnalysis& latches, const State& s, int role,
                   ThreeValued& eval) {
  const auto& goals = net.goals[static_cast<size_t>(role)];
  eval.Evaluate(latches.goal_cone[static_cast<size_t>(role)], [&](uint32_t f) {
    const uint8_t kind = latches.latch[f];
    const bool holds = s.Test(f);
    if (holds && (kind & kLatchPositive)) return uint8_t{1};
    if (!holds && (kind & kLatchNegative)) return uint8_t{0};
    return kUnknown;
  });
  int best = -1;
  for (const auto& [value, component] : goals) {
    if (!eval.SurelyFalse(component)) best = std::max(best, value);
  }
  return best;
}

}  // namespace ggp::reasoner::propnet
