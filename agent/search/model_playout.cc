#include "agent/search/model_playout.h"

#include <algorithm>
#include <atomic>
#include <vector>

#include "models/opponent/features.h"

namespace ggp::agent::search {
namespace {

std::atomic<uint64_t> next_id{1};

// One thread's scratch and snapshot copies, for the ModelPlayout it last served.
struct ThreadScratch {
  uint64_t owner = 0;       // ModelPlayout::id_
  uint64_t generation = 0;  // ModelPrior::generation() when the copies were reset
  std::vector<std::shared_ptr<const models::OpponentModel>> models;  // per role
  std::vector<uint8_t> loaded;                                       // per role
  std::vector<uint32_t> features;
  std::vector<float> p;
};

ThreadScratch& Scratch() {
  thread_local ThreadScratch scratch;
  return scratch;
}

}  // namespace

ModelPlayout::ModelPlayout(std::shared_ptr<const ModelPrior> models, int our_role, double epsilon)
    : models_(std::move(models)),
      our_role_(our_role),
      epsilon_(std::clamp(epsilon, 0.0, 1.0)),
      id_(next_id.fetch_add(1, std::memory_order_relaxed)) {}

size_t ModelPlayout::Choose(const reasoner::State& state, int role,
                            std::span<const reasoner::Move> legal, Rng& rng) const {
  const uint32_t k = static_cast<uint32_t>(legal.size());
  if (k <= 1) return 0;
  if (role == our_role_ || (epsilon_ > 0 && rng.Uniform() < epsilon_)) return rng.Below(k);

  ThreadScratch& s = Scratch();
  const uint64_t generation = models_->generation();
  if (s.owner != id_ || s.generation != generation) {
    s.owner = id_;
    s.generation = generation;
    std::fill(s.loaded.begin(), s.loaded.end(), uint8_t{0});
    for (auto& m : s.models) m.reset();
  }
  const size_t r = static_cast<size_t>(role);
  if (r >= s.loaded.size()) {
    s.loaded.resize(r + 1, 0);
    s.models.resize(r + 1);
  }
  if (!s.loaded[r]) {
    s.models[r] = models_->Snapshot(role);
    s.loaded[r] = 1;
  }
  const models::OpponentModel* model = s.models[r].get();
  if (model == nullptr) return rng.Below(k);

  models::FeaturesOf(state, &s.features);
  s.p.resize(k);
  model->Predict(s.features, legal, s.p);
  double sum = 0;
  for (float x : s.p) sum += std::max(x, 0.0f);
  if (!(sum > 0)) return rng.Below(k);
  double u = rng.Uniform() * sum;
  size_t last = 0;  // the last move with weight: rounding cannot pick a zero one
  for (size_t i = 0; i < k; ++i) {
    if (!(s.p[i] > 0)) continue;
    last = i;
    u -= s.p[i];
    if (u < 0) return i;
  }
  return last;
}

}  // namespace ggp::agent::search
