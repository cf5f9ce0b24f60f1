#pragma once
// Seed 003's lookahead models (sections A-D) in GGP terms. Each legal move a of the
// modelled role gets Q(s, a) = the role's reward after a: one step, then one random playout,
// the role's goal at the end scaled 0..1 (BoundMachine::Rewards; the other roles' moves of
// the joint move drawn at random where they have a choice). Then
//
//   alphabeta   the argmax of Q (the opponent always picks its best move)
//   average     the move whose Q is closest to the mean of Q (a moderate move)
//   minimum     the argmin of Q (the opponent picks its worst move)
//   fallible    the argmax with probability p = 0.8, the argmin with 1 - p (Options)
//
// Moves tied for a pick share its probability. As the search uses the prediction as the
// PUCT prior of the opponent's moves, a pick must not zero the other moves: the floor
// (default 0.05) is spread evenly over the moves the picks leave at 0, the picks share
// 1 - floor (when every move is picked, e.g. all Q equal, the prediction is uniform). So a
// move is never predicted below floor / (legal moves).
//
// These models learn nothing (Observe only counts). Without a Bind, a state in the context,
// or with fewer than two legal moves they predict uniformly; the features-only Predict is
// always uniform.
//
// Cost: one random playout per legal move per call (`simulations` each; the seed's 1 by
// default), i.e. per node of the search where the modelled role chooses. Measured with
// `ggp-agent bench --search mcts --params '{"model":"alphabeta"}'` (one thread, 2000 states
// of random games; a feature-only model's prior costs 0.1-0.4 us):
//   ticTacToe  (propnet,  5.5 moves)   9 us a prior
//   connect4   (propnet,  6.7 moves)  35 us a prior; MCTS 90.6k -> 33.3k iterations/s
//   breakthrough (board, 25.8 moves)  68 us a prior; MCTS 70.1k -> 16.2k iterations/s
// fallible costs the same, "mixture-all" (all four) 115 us and 245 us on the last two
// (MCTS 13.5k and 4.5k iterations/s): hence not in "mixture" (mixture.h). Allocation: none
// in steady state (the BoundMachine's scratch pool, a thread_local buffer for Q).
//
// Contract and threading: opponent_model.h. Save/Load: {"model", "observations"}.

#include <memory>
#include <span>
#include <string>

#include "models/opponent/bound_machine.h"
#include "models/opponent/opponent_model.h"

namespace ggp::models {

enum class LookaheadPick { kBest, kAverage, kWorst, kFallible };

struct LookaheadOptions {
  int simulations = 1;      // playouts per legal move
  int max_steps = 1000;     // joint moves per playout (then the goal of the state reached)
  float floor = 0.05f;      // probability left to the moves not picked
  double fallible_p = 0.8;  // fallible: P(best); 1 - p goes to the worst
};

// The prediction from rewards `q` (one per legal move) into `out` (same size), as above.
void PredictFromRewards(LookaheadPick pick, const LookaheadOptions& options,
                        std::span<const float> q, std::span<float> out);

class LookaheadModel final : public OpponentModel {
 public:
  LookaheadModel(std::string name, LookaheadPick pick, LookaheadOptions options = {})
      : name_(std::move(name)), pick_(pick), options_(options) {}
  std::string_view name() const override { return name_; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<LookaheadModel>(*this);
  }
  void Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) override;
  void Observe(Features, std::span<const Move>, Move) override { ++observations_; }
  void Predict(Features features, std::span<const Move> legal, std::span<float> out) const override;
  void PredictIn(const PredictContext& c, std::span<const Move> legal,
                 std::span<float> out) const override;
  long long observations() const override { return observations_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

  const LookaheadOptions& options() const { return options_; }
  // The binding (null before Bind): its playout count is the model's cost so far.
  const BoundMachine* bound() const { return bound_.get(); }

 private:
  std::string name_;
  LookaheadPick pick_;
  LookaheadOptions options_;
  std::shared_ptr<const BoundMachine> bound_;
  long long observations_ = 0;
};

}  // namespace ggp::models
