#include "models/opponent/lookahead_models.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ggp::models {
namespace {

constexpr float kTie = 1e-6f;  // rewards this close count as equal

void Uniform(std::span<float> out) {
  const float p = out.empty() ? 0.0f : 1.0f / static_cast<float>(out.size());
  std::fill(out.begin(), out.end(), p);
}

// Adds `mass` shared evenly by the moves whose key is within kTie of the extreme (largest
// if `largest`, else smallest) of `key`.
void AddToExtreme(std::span<const float> key, bool largest, double mass, std::span<float> out) {
  float best = key[0];
  for (float k : key) best = largest ? std::max(best, k) : std::min(best, k);
  size_t ties = 0;
  for (float k : key) ties += std::abs(k - best) <= kTie ? 1 : 0;
  for (size_t i = 0; i < key.size(); ++i) {
    if (std::abs(key[i] - best) <= kTie)
      out[i] += static_cast<float>(mass / static_cast<double>(ties));
  }
}

}  // namespace

void PredictFromRewards(LookaheadPick pick, const LookaheadOptions& o, std::span<const float> q,
                        std::span<float> out) {
  if (q.size() < 2) {
    Uniform(out);
    return;
  }
  std::fill(out.begin(), out.end(), 0.0f);
  switch (pick) {
    case LookaheadPick::kBest:
      AddToExtreme(q, true, 1.0, out);
      break;
    case LookaheadPick::kWorst:
      AddToExtreme(q, false, 1.0, out);
      break;
    case LookaheadPick::kFallible: {
      const double p = std::clamp(o.fallible_p, 0.0, 1.0);
      AddToExtreme(q, true, p, out);
      AddToExtreme(q, false, 1.0 - p, out);
      break;
    }
    case LookaheadPick::kAverage: {
      double mean = 0;
      for (float x : q) mean += x;
      mean /= static_cast<double>(q.size());
      // Distance to the mean, negated so that the closest is the largest (a per-thread
      // buffer that only grows).
      thread_local std::vector<float> distance;
      distance.resize(q.size());
      for (size_t i = 0; i < q.size(); ++i)
        distance[i] = -static_cast<float>(std::abs(q[i] - mean));
      AddToExtreme(distance, true, 1.0, out);
      break;
    }
  }
  // The floor: picks (p > 0) share 1 - floor, the rest share floor.
  size_t rest = 0;
  for (float p : out) rest += p > 0 ? 0 : 1;
  if (rest == 0) {
    if (pick != LookaheadPick::kFallible) Uniform(out);  // every move picked
    return;
  }
  const float least = std::clamp(o.floor, 0.0f, 1.0f);
  for (float& p : out) p = p > 0 ? p * (1.0f - least) : least / static_cast<float>(rest);
}

void LookaheadModel::Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) {
  if (!machine || role < 0 || role >= machine->num_roles()) {
    bound_.reset();
    return;
  }
  bound_ = std::make_shared<const BoundMachine>(std::move(machine), role);
}

void LookaheadModel::Predict(Features, std::span<const Move> legal, std::span<float> out) const {
  (void)legal;
  Uniform(out);
}

void LookaheadModel::PredictIn(const PredictContext& c, std::span<const Move> legal,
                               std::span<float> out) const {
  if (!bound_ || c.state == nullptr || legal.size() < 2) {
    Uniform(out);
    return;
  }
  thread_local std::vector<float> q;  // grows to the largest move list, then stays
  q.resize(legal.size());
  if (!bound_->Rewards(*c.state, legal, options_.simulations, options_.max_steps, q)) {
    Uniform(out);
    return;
  }
  PredictFromRewards(pick_, options_, q, out);
}

nlohmann::json LookaheadModel::Save() const {
  return {{"model", name_}, {"observations", observations_}};
}

bool LookaheadModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != name_) {
    *why = "not a " + name_ + " model";
    return false;
  }
  observations_ = j.value("observations", 0LL);
  return true;
}

}  // namespace ggp::models
