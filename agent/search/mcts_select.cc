// Selection of one role's move at a node (mcts_search.h): UCT with GRAVE and the prior
// bonus (SelectMove), and, where an opponent chooses, what its model's priors (policies.h,
// model_prior.h) add: progressive widening by prior rank and drawing the move from the
// model (SearchParams::widening, SearchParams::model_follow, and where it moves with
// others SearchParams::simultaneous_follow). With the uniform prior none changes anything. Nothing
// here allocates once c.ranked has grown to the widest node.

#include <algorithm>
#include <cmath>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {

uint32_t MctsSearch::SelectMove(const Node& node, int role, uint32_t n_total, WorkerContext& c,
                                const uint32_t* eligible, uint32_t count) const {
  const uint32_t k = node.num_moves(role);
  const bool turn = node.num_movers() == 1 && node.num_children() == k;
  const double log_n = std::log(static_cast<double>(n_total));
  const double sqrt_n = std::sqrt(static_cast<double>(n_total));
  const double uniform = 1.0 / k;
  const AmafTable* ref = c.ref;
  const uint32_t span = eligible != nullptr ? count : k;
  const uint32_t start = c.rng.Below(span);  // rotates ties between threads and iterations
  uint32_t best = eligible != nullptr ? eligible[start] : start;
  double best_score = -1e300;
  for (uint32_t step = 0; step < span; ++step) {
    const uint32_t at = start + step < span ? start + step : start + step - span;
    const uint32_t i = eligible != nullptr ? eligible[at] : at;
    const MoveStat& s = node.stat(role, i);
    const uint32_t n = s.visits.load(std::memory_order_relaxed);
    // GRAVE: the move's all-moves-as-first count and mean at the reference node.
    uint32_t amaf_n = 0;
    double amaf_q = 0;
    if (ref != nullptr) {
      const reasoner::Move m = node.moves(role)[i];
      amaf_n = ref->count(role, m);
      if (amaf_n > 0) amaf_q = ref->sum(role, m) / amaf_n;
    }
    double score;
    if (n == 0) {
      // Unvisited: by AMAF mean as if visited once where it has one, else first, by prior.
      score = amaf_n > 0 ? amaf_q + params_.exploration * std::sqrt(log_n) : 1e9 + s.prior;
    } else {
      double q = s.reward_sum() / n;
      const Node* child = turn ? node.child(i) : nullptr;
      if (child != nullptr && child->proven()) {
        q = Utility(child->values().data(), role);
      } else if (amaf_n > 0) {
        const double beta = amaf_n / (amaf_n + n + params_.grave_bias * amaf_n * n);
        q = (1.0 - beta) * q + beta * amaf_q;
      }
      score = q + params_.exploration * std::sqrt(log_n / n) +
              params_.prior_weight * (s.prior - uniform) * sqrt_n / (1.0 + n);
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

uint32_t MctsSearch::Widen(const Node& node, int role, uint32_t n, WorkerContext& c) const {
  const uint32_t k = node.num_moves(role);
  const double limit =
      std::ceil(params_.widening_c * std::pow(static_cast<double>(n), params_.widening));
  if (!(limit < k)) return k;
  const float first = node.stat(role, 0).prior;
  uint32_t i = 1;
  while (i < k && node.stat(role, i).prior == first) ++i;
  if (i == k) return k;  // uniform prior: nothing to rank by
  const uint32_t m = limit < 1 ? 1 : static_cast<uint32_t>(limit);
  c.ranked.resize(k);  // allocates only until it has grown to the widest node
  for (uint32_t j = 0; j < k; ++j) c.ranked[j] = j;
  std::nth_element(c.ranked.begin(), c.ranked.begin() + m, c.ranked.end(),
                   [&node, role](uint32_t a, uint32_t b) {
                     const float pa = node.stat(role, a).prior, pb = node.stat(role, b).prior;
                     return pa > pb || (pa == pb && a < b);
                   });
  return m;
}

uint32_t MctsSearch::FollowModel(const Node& node, int role, bool simultaneous,
                                 WorkerContext& c) const {
  const uint32_t k = node.num_moves(role);
  // Where others move too, the model's trust decides (checked first: without a model it is
  // 0 and nothing else is read).
  double follow = simultaneous ? params_.simultaneous_follow * prior_->Trust(role) : 1.0;
  if (follow <= 1e-6) return k;
  float top = 0, sum = 0;
  for (uint32_t i = 0; i < k; ++i) {
    const float p = node.stat(role, i).prior;
    top = std::max(top, p);
    sum += p;
  }
  if (!(sum > 0)) return k;
  if (!simultaneous) {
    // How far the model is from uniform here: 0 for uniform, 1 when it is certain.
    const double uniform = 1.0 / k;
    follow = params_.model_follow * (top / sum - uniform) / (1.0 - uniform);
  }
  if (follow <= 1e-6 || c.rng.Uniform() >= follow) return k;
  float u = static_cast<float>(c.rng.Uniform()) * sum;
  uint32_t last = 0;  // the last move with a share (rounding may leave a sliver of u)
  for (uint32_t i = 0; i < k; ++i) {
    const float p = node.stat(role, i).prior;
    if (p <= 0) continue;
    last = i;
    u -= p;
    if (u < 0) return i;
  }
  return last;
}

}  // namespace ggp::agent::search
