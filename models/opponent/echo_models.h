#pragma once
// Seed 003's Same Action and Mirror models (sections H, I) in GGP terms: the modelled role
// repeats another role's last move.
//
//   sameaction  the modelled role plays the move term another role played last
//   mirror      the same term with its direction words swapped (up/down, left/right,
//               north/south, east/west, MirrorTerm in bound_machine.h); a term without
//               direction words (numeric coordinates, "noop", ...) is copied, as the seed
//               copies every action it cannot mirror
//
// "Another role": every role other than the modelled one in the joint move that led to the
// state (PredictContext::last_joint). Their moves are matched by GDL term among the
// modelled role's legal moves (BoundMachine::Echo: the term named for the modelled role);
// the matching moves share 1 - floor, the rest share the floor (default 0.05, as the
// lookahead models: the search uses the prediction as a prior and must not zero a move).
//
// Not applicable: when no legal move of the modelled role matches (the roles' move
// vocabularies do not overlap, as in tic-tac-toe where the last mark's cell is taken, or
// nothing was played yet: the first state, no Bind) the model predicts uniformly, so it
// neither helps nor hurts there, and Applies() says false. ObserveIn counts the observed
// decisions it applied to; Save reports them ("applied" next to "observations") so a log
// or the experience store shows how often the model had anything to say.
//
// Cost: one memoised table lookup per other role (BoundMachine::Echo); no allocation once
// every move seen has been named. Contract and threading: opponent_model.h.

#include <memory>
#include <span>
#include <string>

#include "models/opponent/bound_machine.h"
#include "models/opponent/opponent_model.h"

namespace ggp::models {

class EchoModel final : public OpponentModel {
 public:
  // "sameaction": EchoModel("sameaction", false); "mirror": EchoModel("mirror", true).
  EchoModel(std::string name, bool mirror, float least = 0.05f)
      : name_(std::move(name)), mirror_(mirror), floor_(least) {}
  std::string_view name() const override { return name_; }
  std::unique_ptr<OpponentModel> Clone() const override {
    return std::make_unique<EchoModel>(*this);
  }
  void Bind(std::shared_ptr<const reasoner::StateMachine> machine, int role) override;
  void Observe(Features, std::span<const Move>, Move) override { ++observations_; }
  void ObserveIn(const PredictContext& c, std::span<const Move> legal, Move chosen) override;
  void Predict(Features features, std::span<const Move> legal, std::span<float> out) const override;
  void PredictIn(const PredictContext& c, std::span<const Move> legal,
                 std::span<float> out) const override;
  long long observations() const override { return observations_; }
  nlohmann::json Save() const override;
  bool Load(const nlohmann::json& j, std::string* why) override;

  // True if some legal move echoes another role's last move (the model applies).
  bool Applies(const PredictContext& c, std::span<const Move> legal) const;
  // Observed decisions (ObserveIn) it applied to.
  long long applied() const { return applied_; }

 private:
  // Marks out[i] = 1 for echoed moves, 0 for the rest; returns how many were marked.
  size_t Mark(const PredictContext& c, std::span<const Move> legal, std::span<float> out) const;

  std::string name_;
  bool mirror_;
  float floor_;
  std::shared_ptr<const BoundMachine> bound_;
  long long observations_ = 0;
  long long applied_ = 0;
};

}  // namespace ggp::models
