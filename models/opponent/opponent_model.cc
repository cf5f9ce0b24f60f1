#include "models/opponent/opponent_model.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "models/opponent/echo_models.h"
#include "models/opponent/lookahead_models.h"
#include "models/opponent/mixture.h"
#include "models/opponent/naive_bayes.h"
#include "models/opponent/simple_models.h"

namespace ggp::models {
namespace {

// The components of "mixture": the models that cost next to nothing per prediction.
const std::vector<std::string>& CheapModels() {
  static const std::vector<std::string> kNames = {"uniform", "frequency", "buffer20", "buffer",
                                                  "bayes"};
  return kNames;
}

}  // namespace

const std::vector<std::string>& ModelNames() {
  static const std::vector<std::string> kNames = {
      "uniform", "frequency", "buffer20", "buffer", "bayes",      "mixture",    "alphabeta",
      "average", "minimum",   "fallible", "mirror", "sameaction", "mixture-all"};
  return kNames;
}

std::unique_ptr<OpponentModel> MakeModel(std::string_view name) {
  if (name == "uniform") return std::make_unique<UniformModel>();
  if (name == "frequency") return std::make_unique<CountingModel>("frequency", 0, 1.0);
  if (name == "buffer20") return std::make_unique<CountingModel>("buffer20", 20, 0.1);
  if (name == "buffer") return std::make_unique<CountingModel>("buffer", 0, 0.1);
  if (name == "bayes") return std::make_unique<NaiveBayesModel>();
  static constexpr std::pair<std::string_view, LookaheadPick> kLookahead[] = {
      {"alphabeta", LookaheadPick::kBest},
      {"average", LookaheadPick::kAverage},
      {"minimum", LookaheadPick::kWorst},
      {"fallible", LookaheadPick::kFallible}};
  for (const auto& [lookahead, pick] : kLookahead) {
    if (name == lookahead) return std::make_unique<LookaheadModel>(std::string(lookahead), pick);
  }
  if (name == "mirror") return std::make_unique<EchoModel>("mirror", true);
  if (name == "sameaction") return std::make_unique<EchoModel>("sameaction", false);
  if (name == "mixture" || name == "mixture-all") {
    std::vector<std::unique_ptr<OpponentModel>> parts;
    for (const std::string& n : name == "mixture" ? CheapModels() : ModelNames()) {
      if (n != "mixture" && n != "mixture-all") parts.push_back(MakeModel(n));
    }
    return std::make_unique<MixtureModel>(std::move(parts), 20, std::string(name));
  }
  return nullptr;
}

double LogLikelihoodOf(std::span<const float> p, std::span<const Move> legal, Move chosen) {
  double pc = 0;
  for (size_t i = 0; i < legal.size() && i < p.size(); ++i) {
    if (legal[i] == chosen) pc = p[i];
  }
  return std::log(std::max(pc, 1e-6));
}

double LogLikelihood(const OpponentModel& model, Features features, std::span<const Move> legal,
                     Move chosen, std::vector<float>* scratch) {
  scratch->resize(legal.size());
  model.Predict(features, legal, *scratch);
  return LogLikelihoodOf(*scratch, legal, chosen);
}

double LogLikelihood(const OpponentModel& model, const PredictContext& context,
                     std::span<const Move> legal, Move chosen, std::vector<float>* scratch) {
  scratch->resize(legal.size());
  model.PredictIn(context, legal, *scratch);
  return LogLikelihoodOf(*scratch, legal, chosen);
}

}  // namespace ggp::models
