#include "models/opponent/opponent_model.h"

#include <algorithm>
#include <cmath>

#include "models/opponent/mixture.h"
#include "models/opponent/naive_bayes.h"
#include "models/opponent/simple_models.h"

namespace ggp::models {

const std::vector<std::string>& ModelNames() {
  static const std::vector<std::string> kNames = {"uniform", "frequency", "buffer20", "buffer",
                                                  "bayes", "mixture"};
  return kNames;
}

std::unique_ptr<OpponentModel> MakeModel(std::string_view name) {
  if (name == "uniform") return std::make_unique<UniformModel>();
  if (name == "frequency") return std::make_unique<CountingModel>("frequency", 0, 1.0);
  if (name == "buffer20") return std::make_unique<CountingModel>("buffer20", 20, 0.1);
  if (name == "buffer") return std::make_unique<CountingModel>("buffer", 0, 0.1);
  if (name == "bayes") return std::make_unique<NaiveBayesModel>();
  if (name == "mixture") {
    std::vector<std::unique_ptr<OpponentModel>> parts;
    for (const std::string& n : ModelNames()) {
      if (n != "mixture") parts.push_back(MakeModel(n));
    }
    return std::make_unique<MixtureModel>(std::move(parts));
  }
  return nullptr;
}

double LogLikelihood(const OpponentModel& model, Features features, std::span<const Move> legal,
                     Move chosen, std::vector<float>* scratch) {
  scratch->resize(legal.size());
  model.Predict(features, legal, *scratch);
  double p = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    if (legal[i] == chosen) p = (*scratch)[i];
  }
  return std::log(std::max(p, 1e-6));
}

}  // namespace ggp::models
