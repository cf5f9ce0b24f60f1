// MatchSession: the START side (worker thread only): the rules parsed and validated, the
// machine built (with the stored board model), the tree budget, the player started and
// `ready` held to the start deadline.

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

#include "agent/session/match_session.h"
#include "agent/session/memory_budget.h"
#include "agent/session/move_matching.h"
#include "reasoner/gdl/validate.h"

namespace ggp::agent {
namespace {

double MsSince(SteadyClock::time_point t) {
  return std::chrono::duration<double, std::milli>(SteadyClock::now() - t).count();
}

// "Base.nim3.1700000000000" -> "nim3": the game key of ggp-base style match ids, if any.
std::string GameFromMatchId(const std::string& id) {
  size_t first = id.find('.');
  size_t last = id.rfind('.');
  if (first == std::string::npos || last == first) return "";
  std::string tail = id.substr(last + 1);
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (tail.empty() || !std::all_of(tail.begin(), tail.end(), digit)) {
    return "";
  }
  return id.substr(first + 1, last - first - 1);
}

}  // namespace

bool MatchSession::BuildDescription() {
  auto symbols = std::make_shared<kif::SymbolTable>();
  std::vector<kif::Diagnostic> errors;
  bool ok = gdl::BuildDescription(start_.rules, symbols, &description_, &errors);
  start_.rules.clear();
  start_.rules.shrink_to_fit();
  if (!ok) {
    std::string cause = "rules do not parse (" + std::to_string(errors.size()) + " problems)";
    for (size_t i = 0; i < errors.size() && i < 5; ++i) {
      cause += "; " + kif::FormatDiagnostic(errors[i]);
    }
    LogError(cause);
  }
  gdl::ValidationReport report = gdl::Validate(description_);
  if (!report.ok()) {
    std::string cause = "rules are invalid (" + std::to_string(report.ErrorCount()) + " errors)";
    int shown = 0;
    for (const gdl::Finding& f : report.findings) {
      if (f.severity != gdl::Severity::kError || shown++ >= 5) continue;
      cause += "; " + kif::FormatDiagnostic(f.diagnostic) + " [" + f.check + "]";
    }
    LogError(cause);
  }
  fallback_->Set(GuessMoveFromRules(description_, role_name_));
  return !description_.roles.empty();
}

void MatchSession::BuildMachine(nlohmann::ordered_json* start_event) {
  role_ = FindRoleIndex(description_.roles, *description_.symbols, role_name_);
  if (role_ < 0) {
    LogError("our role " + role_name_ + " is not a role of the game");
    return;
  }
  reasoner::MachineOptions mo;
  // "dfa" fails where no board machine verifies; a match must still be played: "auto"
  // prefers the verified board machine and falls back to the propnet or the prover.
  mo.backend = options_.machine_backend == "dfa" ? "auto" : options_.machine_backend;
  mo.build_memory_bytes = options_.build_memory_bytes;
  // Leave most of the start clock to the build, but never more than 30 s.
  const double margin_s =
      std::chrono::duration<double>(EffectiveMargin(options_, start_clock_)).count();
  double budget = std::max(0.5, 0.6 * (start_clock_ - margin_s));
  mo.build_seconds = std::min(30.0, budget);
  mo.board_seconds = mo.build_seconds;  // the factory cuts it to what the build left
  // A propnet over budget may still build without its goals (the split machine).
  mo.split_seconds = std::min(10.0, std::max(0.5, 0.15 * (start_clock_ - margin_s)));
  mo.verify_seconds = std::min(5.0, std::max(0.2, 0.15 * start_clock_));
  // The verified net then races the prover (machine_race.h): 0.2 s, less on short clocks.
  mo.race_seconds = std::min(0.2, 0.02 * start_clock_);
  mo.cancel = &cancel_build_;  // set by End(): an aborted match stops building
  std::string& game_key = game_key_;
  if (options_.store) {
    game_key = store::GameKey(description_);
    if (std::optional<store::Document> known =
            options_.store->Get(game_key, role_name_, "board-model")) {
      mo.board_model = known->body;
      (*start_event)["store"] = {{"board_model", "found"}, {"uses", known->uses}};
    }
  }
  // The board learner runs in the background once the search has started (it may go on
  // into the play clocks: the search does not wait for it).
  board_pending_ = options_.board_builder && mo.backend == "auto" && description_.roles.size() == 2;
  if (board_pending_) {
    board_options_ = mo;
    board_options_.board_seconds = std::clamp(0.9 * start_clock_, 5.0, 60.0);
    mo.board_seconds = 0;
    mo.board_model.clear();
  }
  reasoner::MachineBuild build;
  if (!options_.builder) {
    build.reason = "no machine builder configured";
  } else {
    try {
      build = options_.builder(description_, mo);
    } catch (const std::exception& e) {
      build = reasoner::MachineBuild{};
      build.reason = std::string("machine build threw: ") + e.what();
    }
  }
  (*start_event)["machine"] = {{"backend", build.machine ? build.backend : "none"},
                               {"reason", build.reason},
                               {"build_ms", build.build_ms}};
  if (!build.board_report.empty()) {
    (*start_event)["machine"]["board"] = build.board_report;
    spdlog::info("match {}: board learner: {}", id_, build.board_report);
  }
  if (options_.store && build.board_verified && !build.board_model.empty()) {
    const bool stored = options_.store->Put(store::Document{
        game_key, role_name_, "board-model", 1, build.board_model, GameFromMatchId(id_), 0, 0});
    if (stored) spdlog::info("match {}: board model kept in the experience store", id_);
  }
  if (!build.machine) {
    LogError("no state machine: " + build.reason);
    return;
  }
  if (build.machine->num_roles() != static_cast<int>(description_.roles.size())) {
    LogError("machine has a different number of roles than the rules");
  }
  role_ = FindRoleIndex(build.machine->roles(), build.machine->symbols(), role_name_);
  if (role_ < 0) {
    LogError("our role " + role_name_ + " is not a role of the machine");
    return;
  }
  machine_ = build.machine;
  workspace_ = machine_->NewWorkspace();
  machine_->InitialState(&state_);
  UpdateFallback();
}

void MatchSession::ResolveTreeBudget(nlohmann::json* params, nlohmann::ordered_json* start_event) {
  auto it = params->find("memory_mb");
  if (it == params->end() || !it->is_number()) return;
  if (it->get<double>() > 0) {
    (*start_event)["tree"] = {{"mb", it->get<double>()}};
    return;
  }
  // 0: a share of what the machine (or the container) still has, now that the machine is
  // built, less what the other live matches' trees hold (memory_budget.h).
  const uint64_t available = AvailableMemoryBytes();
  const int64_t held = TreeBudgetLease::HeldMb();
  const int mb = AutoTreeMbBeside(available, held);
  tree_lease_ = TreeBudgetLease(mb);
  *it = mb;
  (*start_event)["tree"] = {{"mb", mb}, {"available_mb", available >> 20}, {"held_mb", held}};
  spdlog::info("match {}: search tree budget {} MB ({} MB available, {} MB held by other matches)",
               id_, mb, available >> 20, held);
}

void MatchSession::StartPlayer(Deadline deadline, nlohmann::ordered_json* start_event) {
  PlayerOptions player_options = options_.player;
  auto begin = SteadyClock::now();
  try {
    ResolveTreeBudget(&player_options.params, start_event);
    player_ = MakePlayer(options_.policy, player_options);
    if (!player_) LogError("unknown policy " + options_.policy + "; playing legal moves");
    if (player_) {
      int named = 0;
      if (nlohmann::json known = StoredOpponentExperience("", &named); !known.empty()) {
        (*start_event)["store"]["opponent_models"] = known.size();
        if (!options_.opponent_name.empty()) {
          (*start_event)["store"]["opponent"] = options_.opponent_name;
          (*start_event)["store"]["named_models"] = named;
        }
        player_->LoadExperience(known);
      }
      player_->Start(machine_, role_, state_, deadline);
    }
  } catch (const std::exception& e) {
    // A policy that cannot start (settings it refuses, a failure of its own) must not
    // cost the match: the legal policy plays it, and every PLAY is still answered.
    LogError("policy " + options_.policy + " failed to start (" + e.what() +
             "); playing legal moves");
    player_.reset();
    tree_lease_.Release();
  }
  if (!player_) {
    player_ = MakePlayer("legal", PlayerOptions{});
    if (player_) player_->Start(machine_, role_, state_, deadline);
  }
  if (player_) (*start_event)["policy"] = std::string(player_->name());
  (*start_event)["player_start_ms"] = MsSince(begin);
  if (const double late = NoteOverrun(deadline, /*grow=*/false); late > 0) {
    (*start_event)["overrun_ms"] = late;
  }
}

double MatchSession::HoldReady(const Job& job) {
  const SteadyClock::time_point begin = SteadyClock::now();
  const Deadline until = WorkDeadline(job);
  std::unique_lock<std::mutex> lock(mu_);
  while (!ended_ && !cancel_build_.load() && SteadyClock::now() < until) {
    if (!jobs_.empty()) {
      // A request (a server that did not wait for `ready`) ends the hold. The board
      // learner's swap does not: it is made here, so that the rest of the start clock
      // is thought on the board machine.
      if (jobs_.front().kind != Job::Kind::kSwap) break;
      Job swap = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      HandleSwap(swap);
      lock.lock();
      continue;
    }
    lock.unlock();
    const bool thinking = player_->ThinksAhead();  // a Player call: this (the worker) thread
    lock.lock();
    if (!thinking) break;
    // Woken early by a new request (a server that did not wait for `ready`) or the end.
    cv_.wait_until(lock, std::min(until, SteadyClock::now() + std::chrono::milliseconds(20)),
                   [this] { return ended_ || !jobs_.empty(); });
  }
  return MsSince(begin);
}

void MatchSession::Prepare(const Job& job) {
  nlohmann::ordered_json event = {
      {"role", role_name_}, {"start_clock", start_clock_}, {"play_clock", play_clock_}};
  game_name_ = GameFromMatchId(id_);
  if (!game_name_.empty()) event["game"] = game_name_;
  auto begin = SteadyClock::now();
  prepare_begin_ = begin;
  bool have_roles = BuildDescription();
  event["rules"] = description_.rules.size();
  event["parse_ms"] = MsSince(begin);
  if (have_roles) {
    BuildMachine(&event);
  } else {
    LogError("the rules declare no role");
  }
  if (machine_ && !cancel_build_.load()) StartPlayer(WorkDeadline(job), &event);
  if (board_pending_ && machine_ && player_ && !cancel_build_.load()) {
    // The search ponders on the built machine meanwhile. `ready` waits for the learner
    // (within the start clock): servers send the first PLAY as soon as every player is
    // ready, and the swap should come before it.
    const SteadyClock::time_point wait_begin = SteadyClock::now();
    StartBoardLearning(board_options_, game_key_);
    std::unique_lock<std::mutex> lock(mu_);
    const bool done =
        cv_.wait_until(lock, WorkDeadline(job), [this] { return board_done_ || ended_; });
    event["board"] = {{"done", done}, {"wait_ms", MsSince(wait_begin)}};
  }
  event["prepare_ms"] = MsSince(begin);
  if (!options_.ready_early && player_) event["ready_held_ms"] = HoldReady(job);
  event["margin_ms"] = std::chrono::duration<double, std::milli>(job.margin.margin).count();
  event["margin"] = job.margin.source;
  event["ready_late"] = job.reply->sent();
  job.reply->Send("ready");
  latency_.ObserveSent(job.deadline, job.reply->sent_at());
  log_.Write("start", std::move(event));
  spdlog::info("match {}: started as {} ({})", id_, role_name_,
               machine_ ? std::string(machine_->backend()) : std::string("no machine"));
}

}  // namespace ggp::agent
