#include "models/opponent/simple_models.h"

#include <algorithm>
#include <cmath>

namespace ggp::models {

void UniformModel::Predict(Features, std::span<const Move> legal, std::span<float> out) const {
  const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
  std::fill(out.begin(), out.end(), p);
}

nlohmann::json UniformModel::Save() const {
  return {{"model", "uniform"}, {"observations", observations_}};
}

bool UniformModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != "uniform") {
    *why = "not a uniform model";
    return false;
  }
  observations_ = j.value("observations", 0LL);
  return true;
}

void CountingModel::Observe(Features, std::span<const Move>, Move chosen) {
  if (chosen < 0) return;
  ++observations_;
  const size_t m = static_cast<size_t>(chosen);
  if (m >= counts_.size()) counts_.resize(m + 1, 0);
  ++counts_[m];
  if (window_ <= 0) return;
  recent_.push_back(chosen);
  if (static_cast<int>(recent_.size()) > window_) {
    --counts_[static_cast<size_t>(recent_.front())];
    recent_.pop_front();
  }
}

void CountingModel::Predict(Features, std::span<const Move> legal, std::span<float> out) const {
  double sum = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    const double w = smoothing_ + CountOf(legal[i]);
    out[i] = static_cast<float>(w);
    sum += w;
  }
  if (sum <= 0) {
    const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
    std::fill(out.begin(), out.end(), p);
    return;
  }
  for (size_t i = 0; i < legal.size(); ++i) out[i] = static_cast<float>(out[i] / sum);
}

nlohmann::json CountingModel::Save() const {
  nlohmann::json counts = nlohmann::json::object();
  for (size_t m = 0; m < counts_.size(); ++m) {
    if (counts_[m] > 0) counts[std::to_string(m)] = counts_[m];
  }
  return {{"model", name_},
          {"observations", observations_},
          {"counts", counts},
          {"recent", std::vector<Move>(recent_.begin(), recent_.end())}};
}

bool CountingModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != name_) {
    *why = "not a " + name_ + " model";
    return false;
  }
  try {
    std::vector<uint32_t> counts;
    for (const auto& [key, value] : j.at("counts").items()) {
      const long m = std::stol(key);
      if (m < 0 || m > (1L << 24)) throw std::out_of_range("move id");
      if (static_cast<size_t>(m) >= counts.size()) counts.resize(static_cast<size_t>(m) + 1, 0);
      counts[static_cast<size_t>(m)] = value.get<uint32_t>();
    }
    std::deque<Move> recent;
    for (const auto& m : j.at("recent")) recent.push_back(m.get<Move>());
    counts_ = std::move(counts);
    recent_ = std::move(recent);
    observations_ = j.value("observations", 0LL);
  } catch (const std::exception& e) {
    *why = std::string("bad ") + name_ + " model: " + e.what();
    return false;
  }
  return true;
}

}  // namespace ggp::models
