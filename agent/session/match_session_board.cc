// MatchSession: the board learner in the background and the machine swap.
//
// After the preparation has started the search on the built machine (propnet or prover),
// a thread of the match runs SessionOptions::board_builder over it: recognition,
// simulation, learning and verification (reasoner/board). A verified board machine comes
// back to the worker as a kSwap job, handled between PLAYs (or while the search ponders):
// the match's joint moves are replayed on the new machine, its state is checked against
// the current one fluent by fluent, and the player carries its tree over
// (Player::SwitchMachine). Any disagreement leaves the match on the machine it has.

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "agent/session/match_session.h"
#include "agent/session/move_matching.h"

namespace ggp::agent {
namespace {

double MsSince(SteadyClock::time_point t) {
  return std::chrono::duration<double, std::milli>(SteadyClock::now() - t).count();
}

std::vector<std::string> SortedFluents(const reasoner::StateMachine& m, const reasoner::State& s) {
  std::vector<std::string> out;
  for (const kif::Term& t : m.Fluents(s)) out.push_back(kif::ToString(t, m.symbols()));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

void MatchSession::StartBoardLearning(reasoner::MachineOptions mo, std::string game_key) {
  board_pending_ = false;
  std::shared_ptr<const reasoner::StateMachine> reference = machine_;
  spdlog::info("match {}: board learner started in the background ({:.0f} s budget)", id_,
               mo.board_seconds);
  board_thread_ = std::thread([this, mo = std::move(mo), game_key = std::move(game_key),
                               reference = std::move(reference)] {
    const SteadyClock::time_point begin = SteadyClock::now();
    // However it ends, the preparation waiting for it (Prepare) may answer `ready`.
    struct Done {
      MatchSession* s;
      ~Done() {
        {
          std::lock_guard<std::mutex> lock(s->mu_);
          s->board_done_ = true;
        }
        s->cv_.notify_all();
      }
    } done{this};
    reasoner::MachineBuild build;
    try {
      build = options_.board_builder(description_, reference, mo);
    } catch (const std::exception& e) {
      build = reasoner::MachineBuild{};
      build.reason = std::string("board learner threw: ") + e.what();
    }
    const std::string report = build.board_report.empty() ? build.reason : build.board_report;
    nlohmann::ordered_json details = {{"verified", build.machine != nullptr},
                                      {"report", report},
                                      {"learn_ms", MsSince(begin)},
                                      {"since_start_ms", MsSince(prepare_begin_)}};
    if (options_.store && build.board_verified && !build.board_model.empty() && !game_key.empty()) {
      const bool kept = options_.store->Put(store::Document{game_key, role_name_, "board-model", 1,
                                                            build.board_model, game_name_, 0, 0});
      details["stored"] = kept;
    }
    if (!build.machine) {
      spdlog::info("match {}: no board machine after {:.0f} ms: {}", id_, MsSince(begin), report);
      details["swapped"] = false;
      log_.Write("board", std::move(details));
      return;
    }
    spdlog::info("match {}: board machine verified after {:.0f} ms ({})", id_, MsSince(begin), report);
    Job job;
    job.kind = Job::Kind::kSwap;
    job.received = SteadyClock::now();
    job.machine = std::move(build.machine);
    job.details = std::move(details);
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (ended_) return;
      jobs_.push_back(std::move(job));  // before board_done_: ahead of any PLAY
    }
  });
}

void MatchSession::StopBoardLearning() {
  cancel_build_.store(true);  // End() has set it already; a learner stops within moments
  if (board_thread_.joinable()) board_thread_.join();
}

void MatchSession::HandleSwap(const Job& job) {
  const SteadyClock::time_point begin = SteadyClock::now();
  nlohmann::ordered_json event = job.details;
  auto refuse = [&](const std::string& why) {
    event["swapped"] = false;
    event["why"] = why;
    spdlog::warn("match {}: board machine not used: {}", id_, why);
    log_.Write("board", std::move(event));
  };
  if (!machine_ || !player_ || !job.machine) return refuse("the match has no search to move");
  const reasoner::StateMachine& to = *job.machine;
  if (FindRoleIndex(to.roles(), to.symbols(), role_name_) != role_) {
    return refuse("the board machine orders the roles differently");
  }
  // Replay the match on the board machine.
  std::unique_ptr<reasoner::Workspace> ws = to.NewWorkspace();
  reasoner::State state, next;
  to.InitialState(&state);
  std::vector<std::vector<reasoner::Move>> history;
  history.reserve(history_.size());
  for (const std::vector<reasoner::Move>& joint : history_) {
    std::vector<reasoner::Move> moves(joint.size());
    for (size_t r = 0; r < joint.size(); ++r) {
      std::optional<reasoner::Move> m =
          reasoner::TranslateMove(*machine_, to, static_cast<int>(r), joint[r]);
      if (!m) return refuse("a move of the match has no counterpart on the board machine");
      moves[r] = *m;
    }
    to.NextState(state, moves, *ws, &next);
    std::swap(state, next);
    history.push_back(std::move(moves));
  }
  if (SortedFluents(to, state) != SortedFluents(*machine_, state_)) {
    return refuse("the board machine reaches another state after turn " + std::to_string(turn_));
  }
  nlohmann::json carried;
  if (!player_->SwitchMachine(job.machine, state, &carried)) {
    return refuse("policy " + std::string(player_->name()) + " keeps its machine");
  }
  const std::string was(machine_->backend());
  machine_ = job.machine;
  workspace_ = std::move(ws);
  state_ = std::move(state);
  history_ = std::move(history);
  UpdateFallback();
  event["swapped"] = true;
  event["from"] = was;
  event["turn"] = turn_;
  event["plays"] = plays_;
  event["player"] = carried;
  event["swap_ms"] = MsSince(begin);
  spdlog::info("match {}: search moved from {} onto the board machine at turn {} ({})", id_, was,
               turn_, carried.dump());
  log_.Write("board", std::move(event));
}

}  // namespace ggp::agent
