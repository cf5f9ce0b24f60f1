#include "models/opponent/naive_bayes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ggp::models {

double ChiSquared(std::span<const uint32_t> on, std::span<const uint32_t> n, uint32_t total) {
  if (total == 0) return 0;
  const double all = total;
  const double n_on = std::accumulate(on.begin(), on.end(), 0.0);
  const double n_off = all - n_on;
  if (n_on <= 0 || n_off <= 0) return 0;
  double chi = 0;
  for (size_t y = 0; y < n.size(); ++y) {
    if (n[y] == 0) continue;
    const double e_on = n_on * n[y] / all;
    const double e_off = n_off * n[y] / all;
    const double o_on = on[y];
    const double o_off = static_cast<double>(n[y]) - o_on;
    chi += (o_on - e_on) * (o_on - e_on) / e_on + (o_off - e_off) * (o_off - e_off) / e_off;
  }
  return chi;
}

void NaiveBayesModel::Observe(Features features, std::span<const Move>, Move chosen) {
  if (chosen < 0) return;
  ++total_;
  MoveCounts& c = counts_[chosen];
  ++c.n;
  for (uint32_t j : features) {
    ++c.on[j];
    ++feature_on_[j];
  }
  if (total_ <= 64 || total_ % 64 == 0) Fit();
}

void NaiveBayesModel::Fit() {
  // Moves in a fixed order, so that ties in the selection do not depend on hashing.
  std::vector<Move> moves;
  moves.reserve(counts_.size());
  for (const auto& [m, c] : counts_) moves.push_back(m);
  std::sort(moves.begin(), moves.end());
  std::vector<uint32_t> n(moves.size()), on(moves.size());
  for (size_t y = 0; y < moves.size(); ++y) n[y] = counts_.at(moves[y]).n;

  std::vector<std::pair<double, uint32_t>> ranked;
  for (const auto& [j, count] : feature_on_) {
    for (size_t y = 0; y < moves.size(); ++y) {
      const auto& table = counts_.at(moves[y]).on;
      auto it = table.find(j);
      on[y] = it == table.end() ? 0 : it->second;
    }
    const double chi = ChiSquared(on, n, total_);
    if (chi > 0) ranked.emplace_back(chi, j);
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  if (static_cast<int>(ranked.size()) > max_features_) ranked.resize(static_cast<size_t>(max_features_));
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  selected_.clear();
  selected_chi_.clear();
  for (const auto& [chi, j] : ranked) {
    selected_.push_back(j);
    selected_chi_.push_back(chi);
  }

  const double k = static_cast<double>(moves.size()) + 1;
  auto table_for = [&](const MoveCounts* c) {
    MoveTable t;
    const double ny = c != nullptr ? c->n : 0;
    t.base = std::log((ny + 1) / (total_ + k));
    t.delta.resize(selected_.size());
    for (size_t i = 0; i < selected_.size(); ++i) {
      double njy = 0;
      if (c != nullptr) {
        auto it = c->on.find(selected_[i]);
        njy = it == c->on.end() ? 0 : it->second;
      }
      const double p1 = (njy + 1) / (ny + 2);
      t.base += std::log(1 - p1);
      t.delta[i] = static_cast<float>(std::log(p1) - std::log(1 - p1));
    }
    return t;
  };
  tables_.clear();
  for (Move m : moves) tables_.emplace(m, table_for(&counts_.at(m)));
  unseen_ = table_for(nullptr);
}

const NaiveBayesModel::MoveTable& NaiveBayesModel::TableOf(Move y) const {
  auto it = tables_.find(y);
  return it == tables_.end() ? unseen_ : it->second;
}

double NaiveBayesModel::Score(Features features, Move y) const {
  const MoveTable& t = TableOf(y);
  double s = t.base;
  size_t i = 0;
  for (uint32_t j : features) {
    while (i < selected_.size() && selected_[i] < j) ++i;
    if (i == selected_.size()) break;
    if (selected_[i] == j) s += t.delta[i];
  }
  return s;
}

void NaiveBayesModel::Predict(Features features, std::span<const Move> legal,
                              std::span<float> out) const {
  if (legal.empty()) return;
  if (total_ == 0) {
    std::fill(out.begin(), out.end(), 1.0f / static_cast<float>(legal.size()));
    return;
  }
  double best = -1e300;
  for (size_t i = 0; i < legal.size(); ++i) {
    const double s = Score(features, legal[i]);
    out[i] = static_cast<float>(s);
    best = std::max(best, s);
  }
  double sum = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    const double e = std::exp(static_cast<double>(out[i]) - best);
    out[i] = static_cast<float>(e);
    sum += e;
  }
  for (size_t i = 0; i < legal.size(); ++i) out[i] = static_cast<float>(out[i] / sum);
}

nlohmann::json NaiveBayesModel::Save() const {
  nlohmann::json moves = nlohmann::json::object();
  for (const auto& [m, c] : counts_) {
    nlohmann::json on = nlohmann::json::object();
    for (const auto& [j, count] : c.on) on[std::to_string(j)] = count;
    moves[std::to_string(m)] = {{"n", c.n}, {"on", on}};
  }
  return {{"model", "bayes"}, {"max_features", max_features_}, {"total", total_}, {"moves", moves}};
}

bool NaiveBayesModel::Load(const nlohmann::json& j, std::string* why) {
  if (!j.is_object() || j.value("model", "") != "bayes") {
    *why = "not a bayes model";
    return false;
  }
  try {
    std::unordered_map<Move, MoveCounts> counts;
    std::unordered_map<uint32_t, uint32_t> feature_on;
    uint32_t total = 0;
    for (const auto& [key, value] : j.at("moves").items()) {
      MoveCounts c;
      c.n = value.at("n").get<uint32_t>();
      for (const auto& [f, count] : value.at("on").items()) {
        const uint32_t feature = static_cast<uint32_t>(std::stoul(f));
        const uint32_t k = count.get<uint32_t>();
        if (k > c.n) throw std::out_of_range("feature count above its move's");
        c.on[feature] = k;
        feature_on[feature] += k;
      }
      total += c.n;
      counts[static_cast<Move>(std::stol(key))] = std::move(c);
    }
    if (total != j.at("total").get<uint32_t>()) throw std::out_of_range("total");
    counts_ = std::move(counts);
    feature_on_ = std::move(feature_on);
    total_ = total;
    max_features_ = j.value("max_features", max_features_);
  } catch (const std::exception& e) {
    *why = std::string("bad bayes model: ") + e.what();
    return false;
  }
  Fit();
  return true;
}

}  // namespace ggp::models
