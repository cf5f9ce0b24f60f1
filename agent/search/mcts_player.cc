#include "agent/search/mcts_player.h"

#include <algorithm>
#include <random>
#include <thread>

namespace ggp::agent::search {

SearchParams SearchParamsFromJson(const nlohmann::json& j, SearchParams p) {
  if (!j.is_object()) return p;
  p.exploration = j.value("exploration", p.exploration);
  p.prior_weight = j.value("prior_weight", p.prior_weight);
  if (j.contains("memory_mb")) {
    p.memory_limit_bytes = static_cast<size_t>(std::max<double>(1.0, j["memory_mb"].get<double>()) * (1 << 20));
  }
  p.max_nodes = j.value("max_nodes", p.max_nodes);
  p.max_iterations = j.value("max_iterations", p.max_iterations);
  p.solver = j.value("solver", p.solver);
  p.relative_rewards = j.value("relative_rewards", p.relative_rewards);
  p.paranoia = std::clamp(j.value("paranoia", p.paranoia), 0.0, 1.0);
  p.mast = j.value("mast", p.mast);
  p.mast_epsilon = std::clamp(j.value("mast_epsilon", p.mast_epsilon), 0.0, 1.0);
  p.grave = j.value("grave", p.grave);
  p.grave_ref = std::max<uint32_t>(1, j.value("grave_ref", p.grave_ref));
  p.grave_bias = std::max(0.0, j.value("grave_bias", p.grave_bias));
  p.grave_table_visits = std::max<uint32_t>(1, j.value("grave_table_visits", p.grave_table_visits));
  p.decision_margin_ms = j.value("decision_margin_ms", p.decision_margin_ms);
  p.max_playout_steps = j.value("max_playout_steps", p.max_playout_steps);
  return p;
}

MctsPlayer::MctsPlayer(const PlayerOptions& options, SearchPool* pool,
                       std::shared_ptr<const MovePrior> prior,
                       std::shared_ptr<const PlayoutPolicy> playout)
    : params_(SearchParamsFromJson(options.params)),
      pool_(pool != nullptr ? pool : &SearchPool::Global()),
      prior_(std::move(prior)),
      playout_(std::move(playout)) {
  params_.seed = options.seed != 0 ? options.seed : std::random_device{}();
}

MctsPlayer::~MctsPlayer() { Finish(); }

void MctsPlayer::Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                       const reasoner::State& initial, Deadline /*deadline*/) {
  Finish();
  machine_ = std::move(machine);
  role_ = role;
  workspace_ = machine_->NewWorkspace();
  search_ = std::make_unique<MctsSearch>(machine_, role_, params_, pool_, prior_, playout_);
  search_->SetRoot(initial);
  iterations_at_last_decision_ = 0;
  last_decision_time_ = SteadyClock::now();
  search_->Start();  // ponder from here on; Start returns at once
}

reasoner::Move MctsPlayer::SelectMove(const reasoner::State& state, Deadline deadline,
                                      MoveStats* stats) {
  const auto begin = SteadyClock::now();
  if (!search_) {
    std::vector<reasoner::Move> legal;
    if (machine_) machine_->LegalMoves(state, role_, *workspace_, &legal);
    return legal.empty() ? 0 : legal.front();
  }
  if (!search_->RootIs(state)) {
    search_->SetRoot(state);
    search_->Start();
  } else if (!search_->Running() && !search_->Info().root_proven) {
    search_->Start();
  }
  const Deadline decide_at = deadline - std::chrono::milliseconds(params_.decision_margin_ms);
  Decision d = search_->Decide();
  while (!d.certain && SteadyClock::now() < decide_at && search_->Running()) {
    std::this_thread::sleep_until(std::min(decide_at, SteadyClock::now() + std::chrono::milliseconds(5)));
    d = search_->Decide();
  }
  if (d.move < 0) {
    // No tree (broken rules at the root): any legal move.
    std::vector<reasoner::Move> legal;
    machine_->LegalMoves(state, role_, *workspace_, &legal);
    d.move = legal.empty() ? 0 : legal.front();
  }
  const SearchInfo info = search_->Info();
  const auto now = SteadyClock::now();
  if (stats != nullptr) {
    stats->iterations = info.iterations - iterations_at_last_decision_;
    const double span_s = std::chrono::duration<double>(now - last_decision_time_).count();
    if (span_s > 0) stats->iterations_per_s = static_cast<double>(stats->iterations) / span_s;
    stats->nodes = info.nodes;
    stats->max_depth = info.max_depth;
    stats->value = d.value >= 0 ? d.value * 100.0 : -1;
    stats->visit_share = d.visit_share;
    stats->proven = d.proven;
    stats->elapsed_ms = std::chrono::duration<double, std::milli>(now - begin).count();
    stats->extra["threads"] = pool_->size();
    stats->extra["tree_bytes"] = info.bytes;
    stats->extra["root_proven"] = info.root_proven;
    stats->extra["move_visits"] = d.visits;
    if (machine_->num_roles() == 1) stats->extra["line_value"] = search_->BestLineValue();
  }
  iterations_at_last_decision_ = info.iterations;
  last_decision_time_ = now;
  return d.move;
}

void MctsPlayer::Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) {
  if (!search_) return;
  search_->Advance(joint, next);
  search_->Start();
}

bool MctsPlayer::SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                               const reasoner::State& current, nlohmann::json* report) {
  auto fresh = std::make_unique<MctsSearch>(machine, role_, params_, pool_, prior_, playout_);
  MctsSearch::TranslateInfo info;
  const bool kept = search_ != nullptr && fresh->AdoptTree(*search_, current, &info);
  if (!kept) fresh->SetRoot(current);
  search_ = std::move(fresh);  // the old search pauses; its tree goes to the collector
  machine_ = std::move(machine);
  workspace_ = machine_->NewWorkspace();
  iterations_at_last_decision_ = 0;
  last_decision_time_ = SteadyClock::now();
  search_->Start();
  if (report != nullptr) {
    *report = {{"tree_kept", kept}, {"nodes", info.nodes}, {"left_out", info.left_out},
               {"translate_ms", info.ms}};
    if (!kept) (*report)["problem"] = info.problem;
  }
  return true;
}

void MctsPlayer::Finish() {
  search_.reset();  // pauses the workers; the tree is freed in the background
}

}  // namespace ggp::agent::search
