#pragma once
// Opponent models (seeds 000, 003, 004): how likely one opponent role is to play each of
// its legal moves in a state.
//
//   Observe(features, legal, chosen)   learn from one decision of the modelled role
//   Predict(features, legal, out)      P(move) for each legal move, summing to 1
//
// Features of a state are the indices of its true fluents (the seeds' "axiom vocabulary"),
// sorted and without repeats; FeaturesOf (features.h) reads them off a reasoner::State.
// Moves are the machine's move ids of the modelled role. Both belong to the machine the
// model was trained with: Save() output is meaningful only for the same game on the same
// kind of machine (the caller keys what it stores accordingly).
//
// One model instance models one role. Models are created by name (MakeModel): "uniform",
// "frequency" (the seeds' Probabilistic: move frequencies over everything observed),
// "buffer20" (LimitedBuffer: the last 20 observed moves), "buffer" (UnlimitedBuffer),
// "bayes" (multivariate naive Bayes over the features with chi-squared feature selection,
// naive_bayes.h), "mixture" (all of these, weighted by how well each predicted the
// recent real moves, mixture.h); seed 003's models that need the game itself:
// "alphabeta", "average", "minimum", "fallible" (one random playout per legal move,
// lookahead_models.h), "mirror", "sameaction" (another role's last move, echo_models.h);
// and "mixture-all" (the mixture over every model above).
//
// Context: the models of seed 003 need more than features: the state (to look ahead), the
// machine (to play and to read move terms) and the joint move that led to the state.
// Callers that have them Bind(machine, role) once after MakeModel and call ObserveIn /
// PredictIn with a PredictContext; a model that needs them and has not got them (no Bind,
// no state, no last joint move) predicts uniformly. The plain Observe / Predict stay the
// interface of the feature-only models and of callers without a machine.
//
// Thread safety: Predict and PredictIn are const and may run on many threads at once;
// Bind, Observe, ObserveIn, Load and Fit must not run concurrently with anything else on
// the same model (the agent observes on a copy, Clone(), and publishes it). Predict and
// Observe allocate nothing once the model has seen its vocabulary (bayes: once fitted;
// the lookahead models: once their pool holds a workspace per concurrent caller).

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "reasoner/state_machine.h"

namespace ggp::models {

using reasoner::Move;
using Features = std::span<const uint32_t>;

// What a model may know about one decision of its role. Not owning: everything must
// outlive the call.
struct PredictContext {
  const reasoner::State* state = nullptr;  // the state; null: unknown
  Features features;                       // its true fluents (FeaturesOf(*state))
  std::span<const Move> last_joint;        // the joint move that led to it, one per role
                                           // (role order); empty: unknown (first state)
};

class OpponentModel {
 public:
  virtual ~OpponentModel() = default;
  virtual std::string_view name() const = 0;
  virtual std::unique_ptr<OpponentModel> Clone() const = 0;

  // The modelled role chose `chosen` (one of `legal`) in a state with these features.
  virtual void Observe(Features features, std::span<const Move> legal, Move chosen) = 0;
  // One probability per entry of `legal` into `out` (same size): non-negative, sum 1.
  // A model that has seen nothing predicts uniformly.
  virtual void Predict(Features features, std::span<const Move> legal,
                       std::span<float> out) const = 0;
  // The machine of the game and the role this model models (see Context above). Models
  // that need neither ignore it (default). Clones share the binding.
  virtual void Bind(std::shared_ptr<const reasoner::StateMachine> /*machine*/, int /*role*/) {}
  // Observe / Predict with the whole context. Default: the features-only versions.
  virtual void ObserveIn(const PredictContext& c, std::span<const Move> legal, Move chosen) {
    Observe(c.features, legal, chosen);
  }
  virtual void PredictIn(const PredictContext& c, std::span<const Move> legal,
                         std::span<float> out) const {
    Predict(c.features, legal, out);
  }
  // Batch models (bayes) update their derived tables here; Observe calls it as needed, so
  // calling it is only ever required before a timing-sensitive phase. Default: nothing.
  virtual void Fit() {}
  // Decisions observed so far.
  virtual long long observations() const = 0;

  // Everything learned, as JSON {"model": name, ...}; Load refuses another model's.
  virtual nlohmann::json Save() const = 0;
  virtual bool Load(const nlohmann::json& j, std::string* why) = 0;
};

// The names MakeModel knows, in a fixed order.
const std::vector<std::string>& ModelNames();
// A fresh model, or null for an unknown name.
std::unique_ptr<OpponentModel> MakeModel(std::string_view name);

// log P(chosen) under `model` (probability floored at 1e-6): the score the mixture and
// the evaluation use. `scratch` is resized to legal.size().
double LogLikelihood(const OpponentModel& model, Features features, std::span<const Move> legal,
                     Move chosen, std::vector<float>* scratch);
// The same through PredictIn.
double LogLikelihood(const OpponentModel& model, const PredictContext& context,
                     std::span<const Move> legal, Move chosen, std::vector<float>* scratch);
// log P(chosen) from a prediction `p` over `legal` (floored at 1e-6).
double LogLikelihoodOf(std::span<const float> p, std::span<const Move> legal, Move chosen);

}  // namespace ggp::models
