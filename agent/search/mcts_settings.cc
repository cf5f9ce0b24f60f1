// The "mcts" policy's settings (mcts_settings.h): reading them from PlayerOptions::params,
// the guarded opponent model and the test of whether roles move together.

#include "agent/search/mcts_settings.h"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "models/opponent/mixture.h"
#include "reasoner/random.h"

namespace ggp::agent::search {

SearchParams SearchParamsFromJson(const nlohmann::json& j, SearchParams p) {
  if (!j.is_object()) return p;
  p.exploration = j.value("exploration", p.exploration);
  p.prior_weight = j.value("prior_weight", p.prior_weight);
  p.widening = std::max(0.0, j.value("widening", p.widening));
  p.widening_c = std::max(0.0, j.value("widening_c", p.widening_c));
  p.model_follow = std::clamp(j.value("model_follow", p.model_follow), 0.0, 1.0);
  p.simultaneous_follow =
      std::clamp(j.value("simultaneous_follow", p.simultaneous_follow), 0.0, 1.0);
  p.simultaneous_mix = std::min(1.0, j.value("simultaneous_mix", p.simultaneous_mix));
  p.simultaneous_mix_gap = std::max(0.0, j.value("simultaneous_mix_gap", p.simultaneous_mix_gap));
  if (j.contains("memory_mb")) {
    p.memory_limit_bytes =
        static_cast<size_t>(std::max<double>(1.0, j["memory_mb"].get<double>()) * (1 << 20));
  }
  p.max_nodes = j.value("max_nodes", p.max_nodes);
  p.max_iterations = j.value("max_iterations", p.max_iterations);
  p.solver = j.value("solver", p.solver);
  p.transpositions = j.value("transpositions", p.transpositions);
  p.live_keys = j.value("live_keys", p.live_keys);
  p.node_pool = j.value("node_pool", p.node_pool);
  p.relative_rewards = j.value("relative_rewards", p.relative_rewards);
  p.paranoia = std::clamp(j.value("paranoia", p.paranoia), 0.0, 1.0);
  p.rivalry = std::clamp(j.value("rivalry", p.rivalry), 0.0, 1.0);
  p.mast = j.value("mast", p.mast);
  if (const auto it = j.find("decisive_playouts"); it != j.end()) {
    if (it->is_boolean()) {
      p.decisive_playouts =
          it->get<bool>() ? SearchParams::Decisive::kAlways : SearchParams::Decisive::kOff;
    } else if (it->is_string() && it->get<std::string>() == "auto") {
      p.decisive_playouts = SearchParams::Decisive::kOwnLoop;
    }
  }
  p.mast_epsilon = std::clamp(j.value("mast_epsilon", p.mast_epsilon), 0.0, 1.0);
  p.grave = j.value("grave", p.grave);
  p.grave_ref = std::max<uint32_t>(1, j.value("grave_ref", p.grave_ref));
  p.grave_bias = std::max(0.0, j.value("grave_bias", p.grave_bias));
  p.grave_table_visits = std::max<uint32_t>(1, j.value("grave_table_visits", p.grave_table_visits));
  p.decision_margin_ms = j.value("decision_margin_ms", p.decision_margin_ms);
  p.max_playout_steps = j.value("max_playout_steps", p.max_playout_steps);
  p.contempt = std::clamp(j.value("contempt", p.contempt), -1.0, 1.0);
  p.eval_cutoff = std::max(0, j.value("eval_cutoff", p.eval_cutoff));
  p.eval_prior_visits = std::max(0, j.value("eval_prior_visits", p.eval_prior_visits));
  p.eval_prior_step = std::max(0.0, j.value("eval_prior_step", p.eval_prior_step));
  p.eval_prior_root = j.value("eval_prior_root", p.eval_prior_root);
  return p;
}

HeuristicUse ParseHeuristicUse(const nlohmann::json& params, HeuristicUse fallback) {
  if (!params.is_object() || !params.contains("heuristic")) return fallback;
  const nlohmann::json& h = params["heuristic"];
  if (h.is_boolean()) return h.get<bool>() ? HeuristicUse::kAlways : HeuristicUse::kOff;
  if (h.is_string() && h.get<std::string>() == "auto") return HeuristicUse::kStrong;
  return fallback;
}

bool MovesTogether(const reasoner::StateMachine& machine, const reasoner::State& state,
                   uint64_t seed) {
  const auto stop_at = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  const int n = machine.num_roles();
  if (n < 2) return false;
  std::unique_ptr<reasoner::Workspace> ws = machine.NewWorkspace();
  reasoner::Rng rng(seed);
  reasoner::State s = state, next;
  std::vector<reasoner::Move> legal, joint(static_cast<size_t>(n));
  int states = 0, together = 0;
  for (int step = 0; step < 200 && std::chrono::steady_clock::now() < stop_at; ++step) {
    if (machine.IsTerminal(s, *ws)) break;
    int choosers = 0;
    for (int r = 0; r < n; ++r) {
      machine.LegalMoves(s, r, *ws, &legal);
      if (legal.empty()) return states > 0 && 5 * together >= states;  // broken rules
      if (legal.size() > 1) ++choosers;
      joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
    }
    ++states;
    if (choosers >= 2) ++together;
    machine.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return states > 0 && 5 * together >= states;
}

// A single model behind the safety valve: a mixture of it and uniform, weighted by their
// likelihood over the last 20 real moves, so a model that predicts this opponent worse
// than uniform loses its weight to uniform (mixture.h). Mixtures include uniform already.
std::unique_ptr<models::OpponentModel> MakeGuardedModel(const std::string& name, bool valve) {
  std::unique_ptr<models::OpponentModel> model = models::MakeModel(name);
  if (!valve || model == nullptr || name == "uniform" || name.starts_with("mixture")) return model;
  std::vector<std::unique_ptr<models::OpponentModel>> parts;
  parts.push_back(std::move(model));
  parts.push_back(models::MakeModel("uniform"));
  return std::make_unique<models::MixtureModel>(std::move(parts), 20, name);
}

}  // namespace ggp::agent::search
