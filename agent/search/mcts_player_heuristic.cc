// MctsPlayer: the evaluation learned in the start clock (LearnHeuristic) and the move to
// another machine of the same game in mid-match (SwitchMachine), which carries the
// evaluation, the models and the tree over.

#include <algorithm>
#include <cmath>
#include <vector>

#include "agent/search/heuristic_check.h"
#include "agent/search/mcts_player.h"

namespace ggp::agent::search {
namespace {

// Random games that type the new machine's fluents when the heuristic moves to it
// (SwitchMachine); a few milliseconds on a board machine.
constexpr int kRebindGames = 64;
// Greedy games per seat below which the greedy check says nothing.
constexpr int kMinGreedyGames = 10;

}  // namespace

void MctsPlayer::LearnHeuristic(const reasoner::State& initial, Deadline deadline) {
  heuristic_.reset();
  heuristic_report_ = nullptr;
  search_cutoff_ = 0;
  if (heuristic_use_ == HeuristicUse::kOff || machine_->num_roles() < 2) return;
  const double left = std::chrono::duration<double>(deadline - SteadyClock::now()).count();
  HeuristicOptions o;
  o.seconds = std::min(heuristic_seconds_, 0.25 * std::max(0.0, left));
  o.seed = params_.seed;
  o.sample_from = heuristic_from_;
  HeuristicReport r;
  const auto begin = SteadyClock::now();
  heuristic_ = Heuristic::Learn(*machine_, initial, o, nullptr, &r);
  // Strong: for every role it models, its held-out R^2 on states from anywhere in a game
  // (where a cut playout ends) reaches cutoff_r2_. Playouts are cut only then; a weak
  // evaluation biases the first visits of new nodes under "heuristic": true and is
  // dropped under "auto" (random games taught it too little: see the header).
  bool strong = heuristic_ != nullptr;
  if (heuristic_ != nullptr) {
    for (int role = 0; role < machine_->num_roles(); ++role) {
      if (heuristic_->usable(role) && !(heuristic_->r2_whole(role) >= cutoff_r2_)) strong = false;
    }
  }
  const bool learned = heuristic_ != nullptr;
  // A weak evaluation may still rank moves well (heuristic_check.h): under "auto" it is
  // kept for the priors where, played greedily against random opponents, it gains at
  // least greedy_lift_ points over random play in every seat it models.
  GreedyCheckResult greedy;
  bool greedy_ok = false;
  if (learned && !strong && heuristic_use_ == HeuristicUse::kStrong && greedy_lift_ <= 100) {
    GreedyCheckOptions g;
    g.seed = params_.seed;
    const auto until = SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                std::chrono::duration<double>(o.seconds));
    greedy = GreedyCheck(*machine_, initial, *heuristic_, g, until, nullptr);
    int fewest = g.games_per_role;
    for (int role = 0; role < machine_->num_roles(); ++role) {
      if (heuristic_->usable(role))
        fewest = std::min(fewest, greedy.games[static_cast<size_t>(role)]);
    }
    greedy_ok = fewest >= kMinGreedyGames && greedy.min_lift() >= greedy_lift_;
  }
  if (!strong && !greedy_ok && heuristic_use_ == HeuristicUse::kStrong) heuristic_.reset();
  if (strong) search_cutoff_ = params_.eval_cutoff;
  const auto numbers = [](const std::vector<double>& values) {  // NaN: null
    nlohmann::json out = nlohmann::json::array();
    for (double v : values) out.push_back(std::isnan(v) ? nlohmann::json() : nlohmann::json(v));
    return out;
  };
  heuristic_report_ = {
      {"use", heuristic_use_ == HeuristicUse::kStrong ? "auto" : "always"},
      {"learned", learned},
      {"strong", strong},
      {"used", heuristic_ != nullptr},
      {"games", r.playouts},
      {"samples", r.samples},
      {"types", r.types},
      {"r2", numbers(r.r2)},
      {"r2_whole", numbers(r.r2_whole)},
      {"features", r.features},
      {"top", r.top},
      {"cutoff", search_cutoff_},
      {"prior_visits", params_.eval_prior_visits},
      {"prior_step", params_.eval_prior_step},
      {"prior_ref", params_.eval_prior_root ? "root" : "parent"},
      {"step", r.step},
      {"greedy_lift",
       std::isnan(greedy.min_lift()) ? nlohmann::json() : nlohmann::json(greedy.min_lift())},
      {"greedy", numbers(greedy.greedy)},
      {"greedy_random", numbers(greedy.random)},
      {"greedy_games", greedy.games},
      {"ms", std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count()}};
}

bool MctsPlayer::SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                               const reasoner::State& current, nlohmann::json* report) {
  StopEndgamePonder(/*resume=*/true);  // its table is about to go with the old machine
  std::shared_ptr<const Heuristic> heuristic;
  double rebind_ms = 0;
  if (heuristic_ != nullptr) {
    // The evaluation's weights belong to the fluents of the machine it was learned on:
    // carried over by the fluents' terms.
    const auto begin = SteadyClock::now();
    heuristic = heuristic_->Rebind(*machine, current, kRebindGames, params_.seed);
    rebind_ms = std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
    if (heuristic == nullptr) {
      if (report != nullptr) {
        *report = {{"declined", "the learned heuristic does not carry over to the new machine"}};
      }
      return false;
    }
  }
  // Move ids and state features belong to a machine: the models are rebuilt on the new one
  // from the moves (stored matches and this one so far).
  machine_ = machine;
  StartModels(/*keep_scores=*/true);
  WireModelPlayouts();
  heuristic_ = std::move(heuristic);
  auto fresh =
      std::make_unique<MctsSearch>(machine, role_, SearchParamsNow(), pool_,
                                   model_prior_ ? model_prior_ : prior_, playout_, heuristic_);
  MctsSearch::TranslateInfo info;
  const bool kept = search_ != nullptr && fresh->AdoptTree(*search_, current, &info);
  if (!kept) fresh->SetRoot(current);
  search_ = std::move(fresh);  // the old search pauses; its tree goes to the collector
  machine_ = std::move(machine);
  workspace_ = machine_->NewWorkspace();
  endgame_.reset();  // its table holds the old machine's states
  threats_.reset();
  proofs_.reset();
  ponder_ws_.reset();
  ponder_lost_.clear();
  iterations_at_last_decision_ = 0;
  last_decision_time_ = SteadyClock::now();
  search_->Start();
  StartPuzzle(current);  // move ids belong to the machine: a fresh solver
  if (report != nullptr) {
    *report = {{"tree_kept", kept},
               {"nodes", info.nodes},
               {"left_out", info.left_out},
               {"translate_ms", info.ms}};
    if (heuristic_ != nullptr) (*report)["heuristic_rebind_ms"] = rebind_ms;
    if (!kept) (*report)["problem"] = info.problem;
  }
  return true;
}

}  // namespace ggp::agent::search
