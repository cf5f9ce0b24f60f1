#include "agent/search/model_prior.h"

#include <algorithm>

#include "models/opponent/features.h"

namespace ggp::agent::search {

ModelPrior::ModelPrior(int num_roles, int our_role)
    : our_role_(our_role),
      models_(std::make_unique<std::atomic<std::shared_ptr<const models::OpponentModel>>[]>(
          static_cast<size_t>(std::max(num_roles, 0)))),
      trust_(std::make_unique<std::atomic<double>[]>(static_cast<size_t>(std::max(num_roles, 0)))),
      num_roles_(num_roles) {
  for (int r = 0; r < num_roles_; ++r)
    trust_[static_cast<size_t>(r)].store(0.0, std::memory_order_relaxed);
}

void ModelPrior::Publish(int role, std::shared_ptr<const models::OpponentModel> model) {
  if (role < 0 || role >= num_roles_) return;
  models_[static_cast<size_t>(role)].store(std::move(model), std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_release);
}

std::shared_ptr<const models::OpponentModel> ModelPrior::Snapshot(int role) const {
  if (role < 0 || role >= num_roles_) return nullptr;
  return models_[static_cast<size_t>(role)].load(std::memory_order_acquire);
}

void ModelPrior::SetTrust(int role, double trust) {
  if (role < 0 || role >= num_roles_ || role == our_role_) return;
  trust_[static_cast<size_t>(role)].store(std::clamp(trust, 0.0, 1.0), std::memory_order_relaxed);
}

double ModelPrior::Trust(int role) const {
  if (role < 0 || role >= num_roles_) return 0.0;
  return trust_[static_cast<size_t>(role)].load(std::memory_order_relaxed);
}

void ModelPrior::Prior(const reasoner::State& state, std::span<const reasoner::Move> last_joint,
                       int role, std::span<const reasoner::Move> legal,
                       std::span<float> out) const {
  std::shared_ptr<const models::OpponentModel> model =
      role == our_role_ ? nullptr : Snapshot(role);
  if (!model) {
    const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
    std::fill(out.begin(), out.end(), p);
    return;
  }
  thread_local std::vector<uint32_t> features;  // grows to the largest state, then stays
  models::FeaturesOf(state, &features);
  model->PredictIn(models::PredictContext{&state, features, last_joint}, legal, out);
}

}  // namespace ggp::agent::search
