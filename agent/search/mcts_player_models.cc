// MctsPlayer's opponent models (mcts_player.h): one model per opponent role, rebuilt from
// the experience of earlier matches (model_experience.h) and observed on every real move.

#include <algorithm>
#include <chrono>
#include <cmath>

#include "agent/search/mcts_player.h"
#include "agent/search/model_experience.h"
#include "models/opponent/features.h"
#include "models/opponent/mixture.h"
#include "reasoner/kif/term.h"

namespace ggp::agent::search {

namespace {
constexpr int kReplayBudgetMs = 250;
constexpr size_t kTrustWindow = 20;  // the moves the trust in a model is measured on
}  // namespace

double MctsPlayer::TrustIn(int role) const {
  if (role < 0 || static_cast<size_t>(role) >= scores_.size()) return 0.0;
  const std::deque<double>& recent = scores_[static_cast<size_t>(role)].recent;
  if (recent.empty()) return 0.0;
  double explained = 0;
  for (double e : recent) explained += e;
  return std::clamp(explained / static_cast<double>(recent.size()), 0.0, 1.0);
}

void MctsPlayer::StartModels(bool keep_scores) {
  models_.clear();
  model_prior_.reset();
  last_joint_.clear();
  if (!keep_scores) scores_.clear();
  replayed_ = nullptr;
  if (model_name_ == "uniform") return;
  const int n = machine_->num_roles();
  scores_.resize(static_cast<size_t>(n));
  model_prior_ = std::make_shared<ModelPrior>(n, role_);
  models_.resize(static_cast<size_t>(n));
  long long matches = 0, decisions = 0, incomplete = 0, left_out = 0;
  // Replaying is quick for the feature models (tens of microseconds a ply) but not for the
  // lookahead ones (a playout per legal move per decision) or on the prover: the stored
  // matches get a budget, the newest ones that fit in it are replayed.
  const auto budget_end = SteadyClock::now() + std::chrono::milliseconds(kReplayBudgetMs);
  for (int r = 0; r < n; ++r) {
    if (r == role_) continue;
    auto& model = models_[static_cast<size_t>(r)];
    model = MakeGuardedModel(model_name_, valve_);
    model->Bind(machine_, r);  // seed 003's models look ahead and read move terms
    // Earlier matches first (oldest first), then this match so far.
    const std::string role_text = kif::ToString(machine_->roles()[static_cast<size_t>(r)], machine_->symbols());
    std::vector<MatchMoves> stored;
    std::string why;
    if (stored_experience_.is_object() && stored_experience_.contains(role_text) &&
        ExperienceFromJson(stored_experience_[role_text], &stored, &why)) {
      // The newest matches that fit the budget, estimated from the cost of replaying the
      // newest one into a fresh copy, then replayed oldest first (the buffers keep the
      // newest moves).
      std::vector<const MatchMoves*> chosen;
      if (!stored.empty()) {
        const auto t0 = SteadyClock::now();
        ReplayIntoModel(*machine_, stored.back(), r, model->Clone().get());
        const double per_match = std::chrono::duration<double>(SteadyClock::now() - t0).count();
        const double left = std::chrono::duration<double>(budget_end - SteadyClock::now()).count();
        const size_t fit = per_match <= 0 ? stored.size()
                                          : static_cast<size_t>(std::max(0.0, left / per_match));
        const size_t k = std::min(stored.size(), std::max<size_t>(1, fit));
        left_out += static_cast<long long>(stored.size() - k);
        for (size_t i = stored.size() - k; i < stored.size(); ++i) chosen.push_back(&stored[i]);
      }
      for (const MatchMoves* m : chosen) {
        const ReplayCount c = ReplayIntoModel(*machine_, *m, r, model.get());
        ++matches;
        decisions += c.decisions;
        incomplete += c.complete ? 0 : 1;
      }
    }
    for (const MatchMoves& m : self_play_) ReplayIntoModel(*machine_, m, r, model.get());
    if (!plies_.empty()) ReplayIntoModel(*machine_, MatchMoves{"match", plies_}, r, model.get());
    model->Fit();
    model_prior_->Publish(r, model->Clone());
    model_prior_->SetTrust(r, TrustIn(r));  // kept through a change of machine
  }
  if (matches > 0) {
    replayed_ = {{"matches", matches}, {"decisions", decisions}, {"incomplete", incomplete}};
    if (left_out > 0) replayed_["left_out"] = left_out;
  }
}

// Replays the stand-in games finished since the last call into every opponent model
// (after what they know: the models' order of observations is stored matches, self-play,
// this match, except for games that finish during the match).
void MctsPlayer::TakeSelfPlay() {
  if (!pretrainer_) return;
  std::vector<MatchMoves> games = pretrainer_->Take();
  if (games.empty() || !model_prior_) return;
  for (int r = 0; r < machine_->num_roles(); ++r) {
    auto& model = models_[static_cast<size_t>(r)];
    if (!model) continue;
    for (const MatchMoves& m : games) ReplayIntoModel(*machine_, m, r, model.get());
    model->Fit();
    model_prior_->Publish(r, model->Clone());
  }
  self_play_.insert(self_play_.end(), games.begin(), games.end());
}

void MctsPlayer::LoadExperience(const nlohmann::json& per_role) {
  stored_experience_ = per_role.is_object() ? per_role : nlohmann::json();
}

nlohmann::json MctsPlayer::SaveExperience(const nlohmann::json& stored_per_role) const {
  if (!machine_ || plies_.empty()) return nullptr;
  nlohmann::json out = nlohmann::json::object();
  const MatchMoves match{"match", plies_};
  for (int r = 0; r < machine_->num_roles(); ++r) {
    if (r == role_) continue;
    const std::string role_text = kif::ToString(machine_->roles()[static_cast<size_t>(r)], machine_->symbols());
    const nlohmann::json stored = stored_per_role.is_object() && stored_per_role.contains(role_text)
                                      ? stored_per_role[role_text]
                                      : nlohmann::json();
    out[role_text] = AppendMatches(stored, {match});
  }
  return out;
}

void MctsPlayer::ObserveOpponents(std::span<const reasoner::Move> joint) {
  if (!model_prior_ || !search_ || search_->root() == nullptr) return;
  const Node& root = *search_->root();
  root.LoadState(&before_);
  models::FeaturesOf(before_, &features_);
  // The joint move that led to the root, if it was observed on this machine.
  const models::PredictContext context{
      &before_, features_,
      last_joint_.size() == static_cast<size_t>(machine_->num_roles())
          ? std::span<const reasoner::Move>(last_joint_)
          : std::span<const reasoner::Move>()};
  for (int r = 0; r < machine_->num_roles() && static_cast<size_t>(r) < joint.size(); ++r) {
    auto& model = models_[static_cast<size_t>(r)];
    if (!model || root.num_moves(r) < 2) continue;  // ours, or a forced move: no decision
    const reasoner::Move chosen = joint[static_cast<size_t>(r)];
    ModelScore& score = scores_[static_cast<size_t>(r)];
    ++score.moves;
    const double ll = models::LogLikelihood(*model, context, root.moves(r), chosen, &scratch_);
    const double uniform = -std::log(static_cast<double>(root.num_moves(r)));
    score.model += ll;
    score.uniform += uniform;
    score.recent.push_back(1.0 - ll / uniform);  // uniform < 0: at least two moves
    if (score.recent.size() > kTrustWindow) score.recent.pop_front();
    if (const auto* mix = dynamic_cast<const models::MixtureModel*>(model.get())) {
      score.parts.resize(mix->size(), 0.0);
      for (size_t i = 0; i < mix->size(); ++i) {
        score.parts[i] += models::LogLikelihood(mix->component(i), context, root.moves(r), chosen, &scratch_);
      }
    }
    model->ObserveIn(context, root.moves(r), chosen);
    model_prior_->Publish(r, model->Clone());
    model_prior_->SetTrust(r, TrustIn(r));
  }
  last_joint_.assign(joint.begin(), joint.end());
}

// The model and its three likeliest replies after our chosen move (from the priors of the
// child node, set by the model when the node was made), or where the opponents move with
// us, their likeliest moves now (the root's priors, asked again at every move).
nlohmann::json MctsPlayer::ModelReport(const Decision& d) const {
  nlohmann::json j = {{"name", model_name_}};
  long long observed = 0;
  for (const auto& m : models_) observed += m ? m->observations() : 0;
  j["observed"] = observed;
  if (params_.model_follow > 0) j["follow"] = params_.model_follow;
  double trust = 0;
  for (int r = 0; r < static_cast<int>(scores_.size()); ++r) trust = std::max(trust, TrustIn(r));
  if (trust > 0) j["trust"] = std::round(trust * 100) / 100;
  if (!replayed_.is_null()) j["stored"] = replayed_;
  if (!self_play_.empty()) j["self_play_games"] = self_play_.size();
  const Node* root = search_ ? search_->root() : nullptr;
  const Node* child = root != nullptr && root->num_movers() >= 2 ? root
                      : root != nullptr && root->num_children() > 0 && root->num_movers() == 1 &&
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

}  // namespace ggp::agent::search
