#pragma once
// Opponent-model evaluation the seeds' way (seed 000): record how one role plays a game
// under a known policy, train every model on some games, and measure on others how often
// the role's real move is among the model's top N predictions (the top-N curve).
//
//   RecordDecisions  games where `role` is played by a policy of the player registry and
//                    every other role uniformly at random (the seed's set-up); each state
//                    where the role had two or more legal moves is one decision.
//   EvaluateModels   each model observes the training decisions in order, then predicts
//                    every test decision before observing it (as in a match, where the
//                    models keep learning): top-N hit rates, mean log-likelihood. Given the
//                    machine and the role, the models are bound to it (OpponentModel::Bind)
//                    and see each decision's state and last joint move (PredictContext), as
//                    seed 003's models need; the log-likelihood is taken from the same
//                    prediction as the top-N (the lookahead models' predictions are random).
//
// Ties are broken at random in expectation: a move tied with k others counts as being in
// the top N with probability (N - moves ranked strictly above) / (k + 1), clamped to 0..1,
// so the uniform model's curve is exactly N / (legal moves).
//
// Blocking, single thread (the policy may use the search pool). Thread safe for distinct
// arguments.

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reasoner/state_machine.h"

namespace ggp::agent::tools {

struct Decision {
  std::vector<uint32_t> features;       // the state's true fluents (models/opponent/features.h)
  std::vector<reasoner::Move> legal;    // the role's legal moves
  reasoner::Move chosen = -1;
  reasoner::State state;                // the state (RecordDecisions; may be left empty)
  std::vector<reasoner::Move> last_joint;  // the joint move that led to it (empty: first)
};

struct RecordOptions {
  int games = 100;
  int role = 0;
  std::string policy = "minimax";       // registry name of the modelled role's policy
  nlohmann::json params = nlohmann::json::object();
  unsigned long long seed = 1;
  std::chrono::milliseconds move_time{20};  // the policy's clock per move
  int max_plies = 1000;
};

// nullopt-free: a policy the registry does not know records nothing (and says so in `why`).
std::vector<Decision> RecordDecisions(std::shared_ptr<const reasoner::StateMachine> machine,
                                      const RecordOptions& options, std::string* why);

// The decisions of `role` in `games` games a flat Monte Carlo stand-in plays for every role
// (the start-clock training data of agent/search/model_pretrain.h), in order.
std::vector<Decision> StandInDecisions(std::shared_ptr<const reasoner::StateMachine> machine,
                                       int role, int games, unsigned long long seed);

// Adds P(chosen is among the top n) for n = 1..hits->size() to (*hits)[n - 1].
void AddTopN(std::span<const float> p, size_t chosen, std::vector<double>* hits);

struct ModelCurve {
  std::string model;
  std::vector<double> top_n;   // top_n[n - 1]: share of test decisions within the top n
  double mean_log_likelihood = 0;
};

// `max_n` entries per curve (the largest legal-move count is a good choice). `machine`
// (optional) is the decisions' machine and `role` the modelled role, for Bind.
std::vector<ModelCurve> EvaluateModels(
    const std::vector<std::string>& models, const std::vector<Decision>& train,
    const std::vector<Decision>& test, size_t max_n,
    std::shared_ptr<const reasoner::StateMachine> machine = nullptr, int role = 0);

}  // namespace ggp::agent::tools
