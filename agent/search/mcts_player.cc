#include "agent/search/mcts_player.h"

#include "models/opponent/features.h"
#include "models/opponent/mixture.h"

#include <algorithm>
#include <cmath>
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
  model_name_ = options.params.is_object() ? options.params.value("model", std::string("uniform"))
                                           : std::string("uniform");
  if (prior_ != nullptr || !models::MakeModel(model_name_)) model_name_ = "uniform";
}

void MctsPlayer::StartModels() {
  models_.clear();
  model_prior_.reset();
  scores_.clear();
  if (model_name_ == "uniform") return;
  scores_.resize(static_cast<size_t>(machine_->num_roles()));
  const int n = machine_->num_roles();
  model_prior_ = std::make_shared<ModelPrior>(n, role_);
  models_.resize(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    if (r == role_) continue;
    models_[static_cast<size_t>(r)] = models::MakeModel(model_name_);
    model_prior_->Publish(r, models_[static_cast<size_t>(r)]->Clone());
  }
}

void MctsPlayer::ObserveOpponents(std::span<const reasoner::Move> joint) {
  if (!model_prior_ || !search_ || search_->root() == nullptr) return;
  const Node& root = *search_->root();
  root.LoadState(&before_);
  models::FeaturesOf(before_, &features_);
  for (int r = 0; r < machine_->num_roles() && static_cast<size_t>(r) < joint.size(); ++r) {
    auto& model = models_[static_cast<size_t>(r)];
    if (!model || root.num_moves(r) < 2) continue;  // ours, or a forced move: no decision
    const reasoner::Move chosen = joint[static_cast<size_t>(r)];
    ModelScore& score = scores_[static_cast<size_t>(r)];
    ++score.moves;
    score.model += models::LogLikelihood(*model, features_, root.moves(r), chosen, &scratch_);
    score.uniform -= std::log(static_cast<double>(root.num_moves(r)));
    if (const auto* mix = dynamic_cast<const models::MixtureModel*>(model.get())) {
      score.parts.resize(mix->size(), 0.0);
      for (size_t i = 0; i < mix->size(); ++i) {
        score.parts[i] += models::LogLikelihood(mix->component(i), features_, root.moves(r), chosen, &scratch_);
      }
    }
    model->Observe(features_, root.moves(r), chosen);
    model_prior_->Publish(r, model->Clone());
  }
}

// The model and its three likeliest replies after our chosen move (from the priors of the
// child node, set by the model when the node was made).
nlohmann::json MctsPlayer::ModelReport(const Decision& d) const {
  nlohmann::json j = {{"name", model_name_}};
  long long observed = 0;
  for (const auto& m : models_) observed += m ? m->observations() : 0;
  j["observed"] = observed;
  const Node* root = search_ ? search_->root() : nullptr;
  const Node* child = root != nullptr && root->num_children() > 0 && root->num_movers() == 1 &&
                              root->num_moves(role_) > 1
                          ? root->child(d.move_index)
                          : nullptr;
  if (child == nullptr) return j;
  for (int r = 0; r < child->num_roles(); ++r) {
    if (r == role_ || child->num_moves(r) < 2) continue;
    std::vector<std::pair<float, reasoner::Move>> ranked;
    for (uint32_t i = 0; i < child->num_moves(r); ++i) {
      ranked.emplace_back(child->stat(r, i).prior, child->moves(r)[i]);
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    nlohmann::json top = nlohmann::json::array();
    for (size_t i = 0; i < ranked.size() && i < 3; ++i) {
      top.push_back({kif::ToString(machine_->MoveTerm(r, ranked[i].second), machine_->symbols()),
                     std::round(ranked[i].first * 1000) / 1000});
    }
    j["next"] = top;
  }
  return j;
}

MctsPlayer::~MctsPlayer() { Finish(); }

void MctsPlayer::Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                       const reasoner::State& initial, Deadline /*deadline*/) {
  Finish();
  machine_ = std::move(machine);
  role_ = role;
  workspace_ = machine_->NewWorkspace();
  StartModels();
  search_ = std::make_unique<MctsSearch>(machine_, role_, params_, pool_,
                                         model_prior_ ? model_prior_ : prior_, playout_);
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
    if (model_prior_) stats->extra["model"] = ModelReport(d);
  }
  iterations_at_last_decision_ = info.iterations;
  last_decision_time_ = now;
  return d.move;
}

void MctsPlayer::Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) {
  if (!search_) return;
  ObserveOpponents(joint);
  search_->Advance(joint, next);
  search_->Start();
}

bool MctsPlayer::SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                               const reasoner::State& current, nlohmann::json* report) {
  // Move ids and state features belong to a machine: the models start over on the new one.
  machine_ = machine;
  StartModels();
  auto fresh = std::make_unique<MctsSearch>(machine, role_, params_, pool_,
                                            model_prior_ ? model_prior_ : prior_, playout_);
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

nlohmann::json MctsPlayer::Summary() const {
  if (scores_.empty() || !machine_) return nullptr;
  nlohmann::json roles = nlohmann::json::array();
  for (size_t r = 0; r < scores_.size(); ++r) {
    const ModelScore& s = scores_[r];
    if (s.moves == 0) continue;
    const double n = static_cast<double>(s.moves);
    nlohmann::json j = {{"role", kif::ToString(machine_->roles()[r], machine_->symbols())},
                        {"moves", s.moves},
                        {"mean_log_likelihood", s.model / n},
                        {"uniform", s.uniform / n}};
    const auto* mix = dynamic_cast<const models::MixtureModel*>(models_[r].get());
    if (mix != nullptr && s.parts.size() == mix->size()) {
      nlohmann::json parts = nlohmann::json::object();
      for (size_t i = 0; i < mix->size(); ++i) parts[std::string(mix->component(i).name())] = s.parts[i] / n;
      j["components"] = parts;
    }
    roles.push_back(j);
  }
  return {{"name", model_name_}, {"roles", roles}};
}

void MctsPlayer::Finish() {
  search_.reset();  // pauses the workers; the tree is freed in the background
}

}  // namespace ggp::agent::search
