#pragma once
// Playouts in which the opponents follow their opponent models (mcts?model_playouts=true).
//
// For a role other than ours with more than one legal move, Choose draws from the role's
// published model (ModelPrior::Snapshot, the same snapshot the search's prior reads): with
// probability 1 - epsilon a move sampled from the model's Predict over the legal moves
// (features: FeaturesOf the state), otherwise a uniformly random move. Our own role, and a
// role without a model, move uniformly (rng.Below, as UniformPlayout). Models that need
// more than features (seed 003's lookahead and echo models, opponent_model.h) are asked
// through Predict, so they predict uniformly here: playouts only make sense with cheap
// feature models ("frequency", "buffer20", "buffer", "bayes", "mixture").
//
// Cost: every opponent decision of every playout computes the state's features and a
// prediction, and the search can no longer hand whole playouts to the machine
// (StateMachine::RandomPlayout). Measured (bench/search/model_playout_bench, one thread,
// models trained on 200 random games, iterations/s against uniform machine playouts):
// connectFour (propnet) x0.81 frequency, x0.61 bayes; breakthroughSmall (board machine)
// x0.47 frequency, x0.27 bayes. The per-step loop alone, with uniform moves, accounts for
// x0.85 and x0.68-0.77 of that.
//
// Thread safety: Choose runs on every search thread at once. Each thread keeps its own
// scratch (features, probabilities) and its own copy of the model snapshots, refreshed
// when the ModelPrior publishes a new one (ModelPrior::generation), so a playout step
// neither allocates (once the scratch has grown) nor touches a shared reference count.
// Those per-thread copies keep the last snapshots alive until the thread next runs a
// model playout of another search (or the thread ends). Owns a share of the ModelPrior.

#include <cstdint>
#include <memory>

#include "agent/search/model_prior.h"
#include "agent/search/policies.h"

namespace ggp::agent::search {

class ModelPlayout final : public PlayoutPolicy {
 public:
  // `models` is not null; `epsilon` is clamped to 0..1.
  ModelPlayout(std::shared_ptr<const ModelPrior> models, int our_role, double epsilon);

  size_t Choose(const reasoner::State& state, int role, std::span<const reasoner::Move> legal,
                Rng& rng) const override;

  double epsilon() const { return epsilon_; }

 private:
  const std::shared_ptr<const ModelPrior> models_;
  const int our_role_;
  const double epsilon_;
  const uint64_t id_;  // unique per instance (keys the per-thread snapshot copies)
};

}  // namespace ggp::agent::search
