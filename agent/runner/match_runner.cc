#include "agent/runner/match_runner.h"

#include <chrono>
#include <exception>
#include <future>
#include <random>

#include "agent/runner/kif_style.h"
#include "agent/runner/move_judge.h"

namespace ggp::agent::runner {
namespace {

constexpr Millis kAbortWait{1000};

// Runs call(r) for every seat on its own thread; an exception becomes a "CE" reply.
template <typename F>
std::vector<LinkReply> ForAllSeats(size_t n, F call) {
  std::vector<std::future<LinkReply>> futures;
  futures.reserve(n);
  for (size_t r = 0; r < n; ++r) {
    futures.push_back(std::async(std::launch::async, [&call, r] {
      try {
        return call(r);
      } catch (const std::exception& e) {
        LinkReply failed;
        failed.error = "CE";
        failed.detail = e.what();
        return failed;
      }
    }));
  }
  std::vector<LinkReply> replies;
  replies.reserve(n);
  for (auto& f : futures) replies.push_back(f.get());
  return replies;
}

class Match {
 public:
  Match(const Game& game, const std::vector<PlayerLink*>& seats, const MatchOptions& options,
        const MatchProgress& progress)
      : game_(game), machine_(*game.machine), seats_(seats), options_(options),
        progress_(progress), ws_(machine_.NewWorkspace()) {
    std::random_device device;
    rng_.seed(options.seed != 0 ? options.seed : (uint64_t{device()} << 32) ^ device());
  }

  MatchResult Run() {
    const size_t n = seats_.size();
    MatchRecord& rec = result_.record;
    rec.match_id = options_.match_id.empty() ? MakeMatchId(options_.id_prefix, game_.key)
                                             : options_.match_id;
    rec.random_token = RandomToken(rng_());
    rec.start_time_ms = EpochMillis();
    rec.game_meta_url = game_.meta_url;
    rec.start_clock = options_.start_clock;
    rec.play_clock = options_.play_clock;
    rec.tournament_name = options_.tournament_name;

    std::vector<std::string> names(n);
    ForAllSeats(n, [&](size_t r) {
      names[r] = seats_[r]->Info();
      return LinkReply{};
    });
    result_.names = names;
    rec.player_names = names;
    result_.replies.assign(n, ReplyStats{});

    reasoner::State state;
    machine_.InitialState(&state);
    AppendState(state);

    StartAll(state);
    Save();
    if (progress_) progress_(rec, "start");

    std::vector<reasoner::Move> joint;
    while (!machine_.IsTerminal(state, *ws_)) {
      if (options_.abort_after >= 0 && static_cast<int>(rec.moves.size()) >= options_.abort_after) {
        return Abort();
      }
      if (progress_) progress_(rec, "play");
      std::vector<reasoner::Move> next_joint;
      if (!PlayRound(state, joint, &next_joint)) return Abort();
      reasoner::State next;
      machine_.NextState(state, next_joint, *ws_, &next);
      std::vector<std::string> printed;
      for (size_t r = 0; r < n; ++r) {
        printed.push_back(MoveText(ServerStyle::kGgpBase, machine_, static_cast<int>(r),
                                   next_joint[r]));
      }
      rec.moves.push_back(std::move(printed));
      AppendState(next);
      state = std::move(next);
      joint = std::move(next_joint);
      Save();
      if (progress_) progress_(rec, "move");
    }

    for (size_t r = 0; r < n; ++r) {
      int goal = machine_.Goal(state, static_cast<int>(r), *ws_);
      rec.goal_values.push_back(goal == reasoner::kNoGoal ? 0 : goal);
    }
    rec.is_completed = true;
    Save();
    if (progress_) progress_(rec, "end");

    TurnCall stop;
    stop.message = TurnMessage(options_.style, "STOP", rec.match_id, machine_, joint);
    stop.state = state;
    stop.last_joint = joint;
    stop.clock = Millis{options_.play_clock * 1000};
    stop.wait = stop.clock;
    ForAllSeats(n, [&](size_t r) { return seats_[r]->Stop(stop); });
    return std::move(result_);
  }

 private:
  void AppendState(const reasoner::State& s) {
    result_.record.states.push_back(SpacedState(machine_.Fluents(s), machine_.symbols()));
    result_.record.state_times_ms.push_back(EpochMillis());
  }

  void StartAll(const reasoner::State& initial) {
    const size_t n = seats_.size();
    Millis grace = options_.start_grace.value_or(
        options_.style == ServerStyle::kDresden ? Millis{1000} : Millis{0});
    std::vector<StartCall> calls(n);
    for (size_t r = 0; r < n; ++r) {
      calls[r].message = StartMessage(options_.style, result_.record.match_id, game_.role_names[r],
                                      game_.rules, options_.start_clock, options_.play_clock);
      calls[r].machine = game_.machine;
      calls[r].role = static_cast<int>(r);
      calls[r].initial = initial;
      calls[r].clock = Millis{options_.start_clock * 1000};
      calls[r].wait = calls[r].clock + grace;
    }
    std::vector<LinkReply> replies =
        ForAllSeats(n, [&](size_t r) { return seats_[r]->Start(calls[r]); });
    std::vector<std::string> errors;
    for (size_t r = 0; r < n; ++r) {
      CountReply(r, replies[r], calls[r].clock, "START");
      errors.push_back(replies[r].error);
    }
    result_.record.errors.push_back(std::move(errors));
  }

  void CountReply(size_t seat, const LinkReply& reply, Millis clock, std::string_view phase) {
    ReplyStats& stats = result_.replies[seat];
    if (stats.Add(reply.elapsed, clock)) {
      stats.slowest_at = result_.record.match_id + " " + std::string(phase);
    }
  }

  // One PLAY round in `state` after `last_joint`; fills the joint move to apply. False if
  // some role has no legal move (broken rules).
  bool PlayRound(const reasoner::State& state, const std::vector<reasoner::Move>& last_joint,
                 std::vector<reasoner::Move>* joint) {
    const size_t n = seats_.size();
    std::vector<std::vector<reasoner::Move>> legal(n);
    std::vector<reasoner::Move> fallback(n);
    for (size_t r = 0; r < n; ++r) {
      machine_.LegalMoves(state, static_cast<int>(r), *ws_, &legal[r]);
      if (legal[r].empty()) {
        result_.problem = "role " + game_.role_names[r] + " has no legal move in state " +
                          result_.record.states.back();
        return false;
      }
      size_t pick = 0;
      if (options_.style == ServerStyle::kGgpBase) {
        pick = std::uniform_int_distribution<size_t>(0, legal[r].size() - 1)(rng_);
      }
      fallback[r] = legal[r][pick];
    }
    TurnCall call;
    call.message = TurnMessage(options_.style, "PLAY", result_.record.match_id, machine_, last_joint);
    call.state = state;
    call.last_joint = last_joint;
    call.clock = Millis{options_.play_clock * 1000};
    call.wait = call.clock + options_.play_grace;
    std::vector<LinkReply> replies = ForAllSeats(n, [&](size_t r) { return seats_[r]->Play(call); });
    joint->assign(n, 0);
    std::vector<std::string> errors(n);
    const bool ignore_case = options_.style == ServerStyle::kDresden;
    const std::string phase = "PLAY " + std::to_string(result_.record.moves.size() + 1);
    for (size_t r = 0; r < n; ++r) {
      CountReply(r, replies[r], call.clock, phase);
      Judgement j = JudgeReply(replies[r], machine_, static_cast<int>(r), legal[r], fallback[r],
                               ignore_case);
      (*joint)[r] = j.move;
      errors[r] = std::move(j.error);
    }
    result_.record.errors.push_back(std::move(errors));
    return true;
  }

  MatchResult Abort() {
    const std::string message = AbortMessage(options_.style, result_.record.match_id);
    ForAllSeats(seats_.size(), [&](size_t r) { return seats_[r]->Abort(message, kAbortWait); });
    result_.record.is_aborted = true;
    Save();
    if (progress_) progress_(result_.record, "end");
    return std::move(result_);
  }

  void Save() {
    if (options_.json_path.empty()) return;
    std::string error;
    if (!WriteMatchJson(result_.record, options_.json_path, &error) && result_.problem.empty()) {
      result_.problem = error;
    }
  }

  const Game& game_;
  const reasoner::StateMachine& machine_;
  const std::vector<PlayerLink*>& seats_;
  const MatchOptions& options_;
  const MatchProgress& progress_;
  std::unique_ptr<reasoner::Workspace> ws_;
  std::mt19937_64 rng_;
  MatchResult result_;
};

}  // namespace

int64_t EpochMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string MakeMatchId(const std::string& prefix, const std::string& key) {
  return prefix + "." + key + "." + std::to_string(EpochMillis());
}

MatchResult RunMatch(const Game& game, const std::vector<PlayerLink*>& seats,
                     const MatchOptions& options, const MatchProgress& progress) {
  if (!game.machine || seats.size() != static_cast<size_t>(game.num_roles())) {
    MatchResult bad;
    bad.problem = "the game has " + std::to_string(game.num_roles()) + " roles but " +
                  std::to_string(seats.size()) + " players were given";
    return bad;
  }
  return Match(game, seats, options, progress).Run();
}

}  // namespace ggp::agent::runner
