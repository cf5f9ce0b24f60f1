#pragma once
// "mcts": the Player behind MctsSearch (see mcts_search.h for the algorithm).
//
// Lifecycle (player.h): Start builds the tree at the initial state and starts pondering on
// the process-wide SearchPool, returning at once; SelectMove lets the search run until
// `deadline - decision_margin` (or until the choice is proven) and answers from the tree,
// leaving the search running (pondering); Advance re-roots the tree on the joint move
// actually played (the discarded part is freed in the background) and resumes; Finish
// stops the search and hands the tree to the collector. SwitchMachine carries the tree
// over to a faster machine of the same game.
//
// Settings (PlayerOptions::params, all optional): "exploration" (C), "prior_weight",
// "memory_mb" (tree memory limit), "max_nodes", "max_iterations" (per Start/Advance; for
// tests), "solver" (bool), "mast" (bool: MAST playouts, else uniform; default false),
// "mast_epsilon", "decision_margin_ms", "max_playout_steps", "model" (an opponent model
// of models/opponent: "uniform" (default: plain UCT), "frequency", "buffer20", "buffer",
// "bayes", "mixture"; unknown names mean uniform). The seed comes from
// PlayerOptions::seed. Threads: the pool is process-wide (SearchPool::SetGlobalThreads);
// PlayerOptions::threads is not used.
//
// Threading: calls are serialised by the session (player.h); the search itself runs on
// the pool's workers.

#include <memory>

#include "agent/player/player.h"
#include "agent/player/registry.h"
#include "agent/search/mcts_search.h"
#include "agent/search/model_prior.h"
#include "models/opponent/opponent_model.h"
#include "agent/search/policies.h"
#include "agent/search/search_params.h"

namespace ggp::agent::search {

// Reads the settings above from `params` over `base`.
SearchParams SearchParamsFromJson(const nlohmann::json& params, SearchParams base = {});

class MctsPlayer final : public Player {
 public:
  // `pool` null: SearchPool::Global(). Null prior / playout: uniform.
  explicit MctsPlayer(const PlayerOptions& options, SearchPool* pool = nullptr,
                      std::shared_ptr<const MovePrior> prior = nullptr,
                      std::shared_ptr<const PlayoutPolicy> playout = nullptr);
  ~MctsPlayer() override;

  std::string_view name() const override { return params_.mast ? "mast" : "mcts"; }
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& initial, Deadline deadline) override;
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override;
  void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) override;
  // Rebuilds the tree over `machine` (MctsSearch::AdoptTree), or starts a fresh one at
  // `current` if the machines disagree; resumes pondering either way. Always true.
  bool SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                     const reasoner::State& current, nlohmann::json* report) override;
  // The opponent models' scores over the match: per opponent role, the mean
  // log-likelihood of its real moves under the model (and under each part of a mixture)
  // next to uniform's. Null without a model.
  nlohmann::json Summary() const override;
  void Finish() override;

  // The running search (null before Start and after Finish). For tests.
  MctsSearch* search() { return search_.get(); }

 private:
  // Opponent models (params "model"): one per opponent role, observed on every Advance
  // and published to the search's prior as a snapshot.
  void StartModels();
  void ObserveOpponents(std::span<const reasoner::Move> joint);
  nlohmann::json ModelReport(const Decision& d) const;

  SearchParams params_;
  std::string model_name_;  // "uniform": no prior hook at all
  std::shared_ptr<ModelPrior> model_prior_;
  std::vector<std::unique_ptr<models::OpponentModel>> models_;  // per role (ours: null)
  std::vector<uint32_t> features_;
  reasoner::State before_;
  struct ModelScore {
    long long moves = 0;
    double model = 0, uniform = 0;  // sums of log-likelihoods
    std::vector<double> parts;      // a mixture's components
  };
  std::vector<ModelScore> scores_;  // per role
  std::vector<float> scratch_;
  SearchPool* pool_;
  std::shared_ptr<const MovePrior> prior_;
  std::shared_ptr<const PlayoutPolicy> playout_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> workspace_;  // for the fallback move
  std::unique_ptr<MctsSearch> search_;
  int role_ = 0;
  int64_t iterations_at_last_decision_ = 0;
  SteadyClock::time_point last_decision_time_{};  // or the search's start
};

}  // namespace ggp::agent::search
