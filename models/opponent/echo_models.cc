#include "models/opponent/echo_models.h"

#include <algorithm>
#include <vector>

namespace ggp::models {
namespace {

void Uniform(std::span<float> out) {
  const float p = out.empty() ? 0.0f : 1.0f / static_cast<float>(out.size());
  std::fill(out.begin(), out.end(), p);
}

}  // namespace

void EchoModel::Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) {
  if (!machine || role < 0 || role >= machine->num_roles()) {
    bound_.reset();
    return;
  }
  bound_ = std::make_shared<const BoundMachine>(std::move(machine), role);
}

size_t EchoModel::Mark(const PredictContext& c, std::span<const Move> legal,
                       std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  if (!bound_ || legal.size() < 2) return 0;
  size_t marked = 0;
  const int role = bound_->role();
  for (size_t from = 0; from < c.last_joint.size(); ++from) {
    if (static_cast<int>(from) == role) continue;
    const Move target = bound_->Echo(static_cast<int>(from), c.last_joint[from], mirror_);
    if (target < 0) continue;
    for (size_t i = 0; i < legal.size(); ++i) {
      if (legal[i] == target && out[i] == 0.0f) {
        out[i] = 1.0f;
        ++marked;
      }
    }
  }
  return marked;
}

bool EchoModel::Applies(const PredictContext& c, std::span<const Move> legal) const {
  thread_local std::vector<float> marks;  // grows to the largest move list, then stays
  marks.resize(legal.size());
  return Mark(c, legal, marks) > 0;
}

void EchoModel::ObserveIn(const PredictContext& c, std::span<const Move> legal, Move chosen) {
  Observe(c.features, legal, chosen);
  if (Applies(c, legal)) ++applied_;
}

void EchoModel::Predict(Features, std::span<const Move>, std::span<float> out) const {
  Uniform(out);
}

void EchoModel::PredictIn(const PredictContext& c, std::span<const Move> legal,
                          std::span<float> out) const {
  const size_t marked = Mark(c, legal, out);
  if (marked == 0 || marked == legal.size()) {
    Uniform(out);  // not applicable (or every move echoes)
    return;
  }
  const float picked = (1.0f - floor_) / static_cast<float>(marked);
  const float rest = floor_ / static_cast<float>(legal.size() - marked);
  for (float& p : out) p = p > 0 ? picked : rest;
}

nlohmann::json EchoModel::Save() const {
  return {{"model", name_}, {"observations", observations_}, {"applied", applied_}};
}

bool EchoModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != name_) {
    *why = "not a " + name_ + " model";
    return false;
  }
  observations_ = j.value("observations", 0LL);
  applied_ = j.value("applied", 0LL);
  return true;
}

}  // namespace ggp::models
