// MctsPlayer (mcts_player.h): construction from the settings (mcts_settings.h), and a
// match's life: Start, SelectMove, Advance, Finish.

#include "agent/search/mcts_player.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <thread>
#include <utility>

#include "agent/search/model_experience.h"
#include "agent/search/model_playout.h"

namespace ggp::agent::search {

MctsPlayer::MctsPlayer(const PlayerOptions& options, SearchPool* pool,
                       std::shared_ptr<const MovePrior> prior,
                       std::shared_ptr<const PlayoutPolicy> playout)
    : params_(SearchParamsFromJson(options.params)),
      pool_(pool != nullptr ? pool : &SearchPool::Global()),
      prior_(std::move(prior)),
      playout_(std::move(playout)) {
  params_.seed = options.seed != 0 ? options.seed : std::random_device{}();
  model_setting_ = options.params.is_object() ? options.params.value("model", std::string("auto"))
                                              : std::string("auto");
  if (prior_ != nullptr || (model_setting_ != "auto" && !models::MakeModel(model_setting_))) {
    model_setting_ = "uniform";
  }
  model_name_ = model_setting_ == "auto" ? "uniform" : model_setting_;
  if (options.params.is_object() && playout_ == nullptr) {
    model_playouts_ = options.params.value("model_playouts", false);
    model_playout_epsilon_ = std::clamp(
        options.params.value("model_playout_epsilon", model_playout_epsilon_), 0.0, 1.0);
  }
  pretrain_ = options.params.is_object() && options.params.value("pretrain", false);
  if (options.params.is_object()) {
    use_puzzle_ = options.params.value("puzzle", use_puzzle_);
    use_nrpa_ = options.params.value("nrpa", use_nrpa_);
    nrpa_level_ = std::clamp(options.params.value("nrpa_level", nrpa_level_), 1, 8);
    nrpa_near_misses_ = options.params.value("nrpa_near", nrpa_near_misses_);
    puzzle_mb_ = std::max(1, options.params.value("puzzle_mb", puzzle_mb_));
    puzzle_best_first_ = options.params.value("best_first", puzzle_best_first_);
    puzzle_exclusions_ = options.params.value("exclusions", puzzle_exclusions_);
    puzzle_slice_ = std::max(int64_t{0}, options.params.value("depth_first_slice", puzzle_slice_));
    heuristic_use_ = ParseHeuristicUse(options.params, heuristic_use_);
    heuristic_seconds_ =
        std::max(0.0, options.params.value("heuristic_seconds", heuristic_seconds_));
    cutoff_r2_ = options.params.value("cutoff_r2", cutoff_r2_);
    greedy_lift_ = options.params.value("greedy_lift", greedy_lift_);
    heuristic_from_ = std::clamp(options.params.value("heuristic_from", heuristic_from_), 0.0, 0.9);
    use_endgame_ = options.params.value("endgame", use_endgame_);
    endgame_share_ = std::clamp(options.params.value("endgame_share", endgame_share_), 0.0, 0.95);
    endgame_plies_ = std::max(1, options.params.value("endgame_plies", endgame_plies_));
    endgame_keep_ = options.params.value("endgame_keep", endgame_keep_);
    endgame_mb_ = std::clamp(options.params.value("endgame_mb", endgame_mb_), 1, 65536);
    use_threats_ = options.params.value("threats", use_threats_);
    threat_share_ = std::clamp(options.params.value("threat_share", threat_share_), 0.0, 0.9);
    threat_depth_ = std::clamp(options.params.value("threat_depth", threat_depth_), 1, 31);
    threat_moves_ = std::max(1, options.params.value("threat_moves", threat_moves_));
    threat_pn_ = std::clamp(options.params.value("threat_pn", threat_pn_), 0.0, 0.9);
    threat_ponder_ = std::clamp(options.params.value("threat_ponder", threat_ponder_), 0.0, 0.9);
  }
  if (heuristic_use_ != HeuristicUse::kOff) {
    const nlohmann::json& j = options.params;
    const bool given = j.is_object();
    if (!given || !j.contains("eval_cutoff")) params_.eval_cutoff = 10;
    if (!given || !j.contains("eval_prior_visits")) params_.eval_prior_visits = 10;
    if (!given || !j.contains("eval_prior_step")) params_.eval_prior_step = 0.4;
    if (!given || !j.contains("eval_prior_root")) params_.eval_prior_root = true;
  }
  endgame_rng_.Seed(params_.seed);
  mix_rng_.Seed(params_.seed ^ 0x6d69786564ULL);
  valve_ = !options.params.is_object() || options.params.value("valve", true);
  base_contempt_ = params_.contempt;
  if (options.params.is_object()) {
    const nlohmann::json& j = options.params;
    use_strength_ = j.value("strength", false);
    StrengthOptions so;
    so.decisions = std::max(1, j.value("strength_decisions", so.decisions));
    so.min_visits = std::max<uint32_t>(1, j.value("strength_min_visits", so.min_visits));
    so.weaker_above = j.value("strength_weaker_above", so.weaker_above);
    so.stronger_drop = j.value("strength_stronger_drop", so.stronger_drop);
    strength_ = StrengthEstimator(so);
  }
}

MctsPlayer::~MctsPlayer() { Finish(); }

void MctsPlayer::WireModelPlayouts() {
  if (!model_playouts_) return;
  playout_ = model_prior_ ? std::make_shared<ModelPlayout>(model_prior_, role_, model_playout_epsilon_)
                          : nullptr;
}

void MctsPlayer::Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                       const reasoner::State& initial, Deadline deadline) {
  Finish();
  machine_ = std::move(machine);
  role_ = role;
  workspace_ = machine_->NewWorkspace();
  endgame_.reset();
  endgame_misses_ = 0;
  threats_.reset();
  proofs_.reset();
  ponder_ws_.reset();
  ponder_lost_.clear();
  plies_.clear();
  self_play_.clear();
  pretrainer_.reset();
  if (model_setting_ == "auto") {
    model_name_ = MovesTogether(*machine_, initial, params_.seed) ? "mixture" : "uniform";
  }
  StartModels();
  WireModelPlayouts();
  if (pretrain_ && model_name_ != "uniform") {
    PretrainOptions po;
    po.seed = params_.seed;
    pretrainer_ = std::make_unique<PretrainRunner>(machine_, deadline, po);
  }
  params_.contempt = base_contempt_;
  strength_.Reset(role_);
  LearnHeuristic(initial, deadline);
  search_ = std::make_unique<MctsSearch>(machine_, role_, SearchParamsNow(), pool_,
                                         model_prior_ ? model_prior_ : prior_, playout_, heuristic_);
  search_->SetRoot(initial);
  iterations_at_last_decision_ = 0;
  last_decision_time_ = SteadyClock::now();
  search_->Start();  // ponder from here on; Start returns at once
  StartPuzzle(initial);
}

SearchParams MctsPlayer::SearchParamsNow() const {
  SearchParams p = params_;
  p.eval_cutoff = search_cutoff_;
  return p;
}

reasoner::Move MctsPlayer::SelectMove(const reasoner::State& state, Deadline deadline,
                                      MoveStats* stats) {
  const auto begin = SteadyClock::now();
  StopEndgamePonder(/*resume=*/true);
  if (pretrainer_) {
    pretrainer_->RequestStop();  // the start clock is over: the search gets the CPU
    TakeSelfPlay();
  }
  if (!search_) {
    std::vector<reasoner::Move> legal;
    if (machine_) machine_->LegalMoves(state, role_, *workspace_, &legal);
    return legal.empty() ? 0 : legal.front();
  }
  if (!search_->RootIs(state)) {
    search_->SetRoot(state);
    search_->Start();
  } else if (!search_->Running() && !search_->Info().root_proven && !PuzzleSettled()) {
    search_->Start();
  }
  // Answers proven lost while the opponent chose are out before the search decides (those
  // whose child the tree has not made yet, as soon as it has).
  ThreatReport report;
  report.pondered = ApplyPonderedLosses(state);
  report.ponder_ms = std::exchange(ponder_ms_, 0.0);
  report.ponder_states = std::exchange(ponder_states_, 0);
  const Deadline decide_at = deadline - std::chrono::milliseconds(params_.decision_margin_ms);
  Decision d = search_->Decide();
  // A solved ending makes the decision certain: its move stands, the search ponders on.
  // Otherwise the tree decides, with what the solver proved in it (KeepMovesWorth).
  if (!d.certain && !TryEndgame(state, decide_at, &d, stats)) d = search_->Decide();
  // The threat check takes the last threat_share_ of the time, so that the moves it checks
  // are the ones the search prefers at the end; a short second look confirms the choice if
  // the search ran on after it (its table answers what was checked already).
  const bool threats = ThreatsApply();
  const auto waited_from = SteadyClock::now();
  const Deadline check_at = threats && waited_from < decide_at
                                ? decide_at - std::chrono::duration_cast<SteadyClock::duration>(
                                                  (decide_at - waited_from) * threat_share_)
                                : decide_at;
  for (int look = 0; look < 2 && !d.certain; ++look) {
    const Deadline wait_until = look == 0 ? check_at : decide_at;
    while (!d.certain && !PuzzleSettled() && SteadyClock::now() < wait_until &&
           (search_->Running() || (puzzle_ && puzzle_->Running()))) {
      std::this_thread::sleep_until(
          std::min(wait_until, SteadyClock::now() + std::chrono::milliseconds(5)));
      if (!ponder_lost_.empty()) report.pondered += ApplyPonderedLosses(state);
      d = search_->Decide();
    }
    if (!ponder_lost_.empty()) {
      report.pondered += ApplyPonderedLosses(state);
      d = search_->Decide();
    }
    if (!threats || d.certain) break;
    const bool resumed = look == 0 && SteadyClock::now() < decide_at - std::chrono::milliseconds(5);
    const Deadline until = look == 0 ? decide_at : SteadyClock::now() + kThreatConfirm;
    if (TryThreats(state, until, &report)) d = search_->Decide();
    if (!resumed) break;
  }
  ponder_lost_.clear();  // they belong to this position
  report.lost += report.pondered;
  if (stats != nullptr && (report.depth >= 0 || report.ponder_ms > 0)) {
    stats->extra["threats"] = report.Json();
  }
  UsePuzzleLine(state, &d, stats);
  const Decision pure = d;
  d = search_->MixFor(pure, mix_rng_.Uniform());
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
    stats->extra["tree_limit"] = params_.memory_limit_bytes;
    stats->extra["transpositions"] = info.links;
    stats->extra["root_proven"] = info.root_proven;
    stats->extra["move_visits"] = d.visits;
    if (d.move_index != pure.move_index) {
      stats->extra["mixed_from"] = {{"visits", pure.visits}, {"value", pure.value * 100.0}};
    }
    stats->extra["playouts"] = search_->Playouts();
    if (machine_->num_roles() == 1) stats->extra["line_value"] = search_->BestLineValue();
    if (model_prior_) stats->extra["model"] = ModelReport(d);
    if (use_strength_) stats->extra["strength"] = strength_.Report(params_.contempt);
    if (!heuristic_report_.is_null()) stats->extra["heuristic"] = heuristic_report_;
  }
  iterations_at_last_decision_ = info.iterations;
  last_decision_time_ = now;
  PonderEndgame(state);  // where the opponents choose now, until our next call
  PonderThreats();       // where that is not an ending
  return d.move;
}

void MctsPlayer::Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) {
  if (!search_) return;
  StopEndgamePonder(/*resume=*/false);  // the search is restarted below (or paused)
  plies_.push_back(JointMoveText(*machine_, joint));
  TakeSelfPlay();
  ObserveOpponents(joint);
  if (search_->root() != nullptr && strength_.Observe(*search_->root(), joint) && use_strength_ &&
      ContemptFor(strength_.estimate()) != params_.contempt) {
    // The contempt is fixed per search (terminal values and proofs carry it): a fresh tree.
    params_.contempt = ContemptFor(strength_.estimate());
    search_ = std::make_unique<MctsSearch>(machine_, role_, SearchParamsNow(), pool_,
                                           model_prior_ ? model_prior_ : prior_, playout_,
                                           heuristic_);
    search_->SetRoot(next);
    iterations_at_last_decision_ = 0;
    last_decision_time_ = SteadyClock::now();
  } else {
    search_->Advance(joint, next);
  }
  if (!joint.empty()) AdvancePuzzle(joint[0], next);
  if (PuzzleSettled()) {
    search_->Pause();  // the solver's line is played: the search has nothing to add
  } else {
    search_->Start();
  }
}

bool MctsPlayer::ThinksAhead() const {
  return search_ != nullptr && search_->Running() && !search_->Info().root_proven &&
         !PuzzleSettled();
}

void MctsPlayer::Finish() {
  StopEndgamePonder(/*resume=*/false);
  endgame_.reset();
  threats_.reset();
  proofs_.reset();
  ponder_ws_.reset();
  ponder_lost_.clear();
  nrpa_.reset();  // first: it may be asking the solver
  puzzle_.reset();
  pretrainer_.reset();
  search_.reset();  // pauses the workers; the tree is freed in the background
}

}  // namespace ggp::agent::search
