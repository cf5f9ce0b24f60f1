#pragma once
// The opponent models (models/opponent) as the search's MovePrior: at a node where an
// opponent chooses, its model's probabilities are the PUCT priors and order the expansion
// of its moves (mcts_search.h); our own role, and a role without a model, get uniform
// priors (which leaves UCT as it is).
//
// Models change during a match (the player observes every real opponent move), the search
// reads them all the time: each role's model is published as an immutable snapshot and
// swapped atomically, so search threads never see a model being updated.
//
// Thread safety: Prior and Trust may be called by any number of search threads at once;
// Publish and SetTrust by one controlling thread at a time, concurrently with them.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "agent/search/policies.h"
#include "models/opponent/opponent_model.h"

namespace ggp::agent::search {

class ModelPrior final : public MovePrior {
 public:
  ModelPrior(int num_roles, int our_role);

  // Makes `model` (null: uniform) the prior of `role`'s moves from now on.
  void Publish(int role, std::shared_ptr<const models::OpponentModel> model);
  std::shared_ptr<const models::OpponentModel> Snapshot(int role) const;
  // Sets the trust in `role`'s model (MovePrior::Trust, clamped to 0..1); 0 until set.
  void SetTrust(int role, double trust);
  double Trust(int role) const override;
  // Grows by one with every Publish (after the new snapshot is visible): a reader that
  // caches snapshots reloads them when it changes (model_playout.h).
  uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

  // The model's PredictIn with the state, its features and `last_joint` (models that need
  // the machine were bound to it by their owner: MctsPlayer::StartModels).
  void Prior(const reasoner::State& state, std::span<const reasoner::Move> last_joint, int role,
             std::span<const reasoner::Move> legal, std::span<float> out) const override;

 private:
  int our_role_;
  std::unique_ptr<std::atomic<std::shared_ptr<const models::OpponentModel>>[]> models_;
  std::unique_ptr<std::atomic<double>[]> trust_;
  int num_roles_;
  std::atomic<uint64_t> generation_{0};
};

}  // namespace ggp::agent::search
