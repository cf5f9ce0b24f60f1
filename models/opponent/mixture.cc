#include "models/opponent/mixture.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ggp::models {

MixtureModel::MixtureModel(std::vector<std::unique_ptr<OpponentModel>> components, int window,
                           std::string name)
    : name_(std::move(name)), components_(std::move(components)), window_(std::max(1, window)) {
  if (components_.empty()) throw std::invalid_argument("a mixture needs components");
  recent_.resize(components_.size());
  weights_.assign(components_.size(), 1.0 / static_cast<double>(components_.size()));
}

MixtureModel::MixtureModel(const MixtureModel& other)
    : name_(other.name_),
      window_(other.window_),
      observations_(other.observations_),
      recent_(other.recent_),
      weights_(other.weights_) {
  for (const auto& c : other.components_) components_.push_back(c->Clone());
}

void MixtureModel::Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) {
  for (auto& c : components_) c->Bind(machine, role);
}

void MixtureModel::Observe(Features features, std::span<const Move> legal, Move chosen) {
  ObserveIn(PredictContext{nullptr, features, {}}, legal, chosen);
}

void MixtureModel::ObserveIn(const PredictContext& c, std::span<const Move> legal, Move chosen) {
  ++observations_;
  for (size_t i = 0; i < components_.size(); ++i) {
    recent_[i].push_back(LogLikelihood(*components_[i], c, legal, chosen, &scratch_));
    if (static_cast<int>(recent_[i].size()) > window_) recent_[i].pop_front();
    components_[i]->ObserveIn(c, legal, chosen);
  }
  UpdateWeights();
}

void MixtureModel::UpdateWeights() {
  std::vector<double>& w = weights_;
  double best = -1e300;
  for (size_t i = 0; i < components_.size(); ++i) {
    w[i] = std::accumulate(recent_[i].begin(), recent_[i].end(), 0.0);
    best = std::max(best, w[i]);
  }
  double sum = 0;
  for (double& x : w) {
    x = std::exp(x - best);
    sum += x;
  }
  for (double& x : w) x /= sum;
}

void MixtureModel::Predict(Features features, std::span<const Move> legal,
                           std::span<float> out) const {
  PredictIn(PredictContext{nullptr, features, {}}, legal, out);
}

void MixtureModel::PredictIn(const PredictContext& c, std::span<const Move> legal,
                             std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  // Each component writes into the tail of a buffer sized once per thread.
  thread_local std::vector<float> part;
  part.resize(legal.size());
  for (size_t i = 0; i < components_.size(); ++i) {
    if (weights_[i] < 1e-9) continue;
    components_[i]->PredictIn(c, legal, part);
    for (size_t k = 0; k < legal.size(); ++k) out[k] += static_cast<float>(weights_[i] * part[k]);
  }
  const float sum = std::accumulate(out.begin(), out.end(), 0.0f);
  if (sum > 0) {
    for (float& p : out) p /= sum;
  }
}

void MixtureModel::Fit() {
  for (auto& c : components_) c->Fit();
}

nlohmann::json MixtureModel::Save() const {
  nlohmann::json parts = nlohmann::json::array();
  for (size_t i = 0; i < components_.size(); ++i) {
    parts.push_back({{"state", components_[i]->Save()},
                     {"recent", std::vector<double>(recent_[i].begin(), recent_[i].end())}});
  }
  return {{"model", name_}, {"window", window_}, {"observations", observations_},
          {"components", parts}};
}

bool MixtureModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != name_) {
    *why = "not a " + name_ + " model";
    return false;
  }
  try {
    const nlohmann::json& parts = j.at("components");
    if (parts.size() != components_.size()) throw std::out_of_range("component count");
    std::vector<std::unique_ptr<OpponentModel>> loaded;
    std::vector<std::deque<double>> recent;
    for (size_t i = 0; i < components_.size(); ++i) {
      std::unique_ptr<OpponentModel> c = components_[i]->Clone();
      if (!c->Load(parts[i].at("state"), why)) return false;
      loaded.push_back(std::move(c));
      const auto r = parts[i].at("recent").get<std::vector<double>>();
      recent.emplace_back(r.begin(), r.end());
    }
    components_ = std::move(loaded);
    recent_ = std::move(recent);
    window_ = std::max(1, j.value("window", window_));
    observations_ = j.value("observations", 0LL);
  } catch (const std::exception& e) {
    *why = std::string("bad mixture model: ") + e.what();
    return false;
  }
  UpdateWeights();
  return true;
}

}  // namespace ggp::models
