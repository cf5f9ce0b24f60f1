#pragma once
// One match, from START to STOP/ABORT/expiry: the rules, the machine, our role, the
// current state, the Player, and the match's event log.
//
// Threads: the session owns one worker thread that does everything slow, in request
// order: preparation (parse, validate, build the machine, Player::Start), then each PLAY
// (apply the joint move, search until the deadline, reply), then the end. The HTTP threads
// only queue work (Play, End: quick, never blocking on the worker). Every reply that has a
// deadline is also armed on the Watchdog, which sends `ready` or the fallback move when
// the deadline fires first, so a slow build or search never makes a reply late.
//
// The fallback move is always ready: the first legal move of our role as soon as the
// state is known; until the machine exists, a move guessed from the rules' legal facts
// (or `noop`). It lives in a small box shared with the watchdog callbacks, so they never
// touch the session itself.
//
// The board learner (SessionOptions::board_builder) runs on a thread of its own from the
// end of the preparation; its verified machine reaches the worker as a job, handled
// between the others (the search is carried over, Player::SwitchMachine).
//
// Lifetime: created by MatchManager on START; after End() the worker drains its queue,
// logs the end and exits (finished() becomes true); the owner then calls Join() and
// destroys the session. The destructor joins too (it then blocks until the worker has
// finished its current job: a search returns by its deadline, a machine build within its
// budget).

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "agent/events/event_log.h"
#include "agent/player/player.h"
#include "agent/session/memory_budget.h"
#include "agent/session/reply_latency.h"
#include "agent/session/reply_slot.h"
#include "agent/session/session_options.h"
#include "agent/session/watchdog.h"
#include "protocol/messages.h"

namespace ggp::agent {

// The move a watchdog sends when the worker is late. Thread safe.
class FallbackBox {
 public:
  void Set(std::string move) {
    std::lock_guard<std::mutex> lock(mu_);
    move_ = std::move(move);
  }
  std::string Get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return move_;
  }

 private:
  mutable std::mutex mu_;
  std::string move_ = "noop";
};

enum class EndKind { kStop, kAbort, kExpire };

class MatchSession {
 public:
  // Quick: opens the event log, arms `ready` on the watchdog for the start deadline and
  // queues the preparation, which sends `ready` on `ready_reply` when done (or the
  // watchdog does at the deadline). `options` and `watchdog` must outlive the session.
  MatchSession(protocol::StartRequest start, SteadyClock::time_point received,
               const SessionOptions& options, Watchdog& watchdog,
               std::shared_ptr<ReplySlot> ready_reply);
  ~MatchSession();
  MatchSession(const MatchSession&) = delete;
  MatchSession& operator=(const MatchSession&) = delete;

  const std::string& id() const { return id_; }

  // Queues a PLAY; its reply goes to `reply` by received + playclock - margin at the
  // latest (the match's measured margin, reply_latency.h, capped at
  // options.max_margin_share of the clock). Quick; any thread.
  void Play(protocol::PlayRequest request, SteadyClock::time_point received,
            std::shared_ptr<ReplySlot> reply);

  // Queues the end of the match (the reply, `done`/`aborted`, is the caller's). For kStop,
  // `last_moves` is the STOP message (its moves give the final state and goals). Later
  // calls are ignored. A machine build still running is cancelled (it returns within
  // moments), and the player is not started after it. Quick; any thread.
  void End(EndKind kind, protocol::PlayRequest last_moves = {}, std::string reason = "");

  // Time of the last request for this match, and how long silence may last before the
  // match expires: max(startclock, 10 x playclock) + options.expiry_slack.
  SteadyClock::time_point last_activity() const;
  SteadyClock::duration expiry_after() const { return expiry_after_; }
  // Silence longer than the game server can have meant (startclock + 2 x playclock +
  // options.stale_slack): the match may be expired early when its place is needed.
  SteadyClock::duration stale_after() const {
    return std::chrono::seconds(start_clock_ + 2 * play_clock_) + options_.stale_slack;
  }

  // The worker has exited (after End).
  bool finished() const { return finished_.load(); }
  void Join();

 private:
  struct Job {
    enum class Kind { kPrepare, kPlay, kEnd, kSwap } kind = Kind::kPrepare;
    protocol::PlayRequest request;
    SteadyClock::time_point received{};
    Deadline deadline{};
    std::shared_ptr<ReplySlot> reply;
    ReplyMargin margin;  // how `deadline` was set (the event log's "margin")
    EndKind end = EndKind::kStop;
    std::string reason;
    // kSwap: the verified board machine, and the board stage's log fields.
    std::shared_ptr<const reasoner::StateMachine> machine;
    nlohmann::ordered_json details;
  };

  void Touch(SteadyClock::time_point t);
  // Where the worker's own work for `job` must end, so that its answer (not the watchdog's
  // fallback at job.deadline) is the one sent: job.deadline less a reserve of 50 ms plus the
  // player's worst overrun of this match (NoteOverrun), at most a quarter of the budget.
  // Worker-thread only.
  Deadline WorkDeadline(const Job& job) const;
  // The player was given `deadline` and returned now. A SelectMove (`grow`) that returned past
  // it grows the reserve of every later move by the overrun: a loaded machine starves the
  // threads of a search that reads its clock on time. Start's overrun is only logged (its
  // work, the learners', is not a move's). Returns the overrun in ms, 0 when on time.
  // Worker-thread only.
  double NoteOverrun(Deadline deadline, bool grow);
  // received + clock - margin, the margin as measured now (written to *used if not null).
  Deadline DeadlineFor(SteadyClock::time_point received, int clock_seconds,
                       ReplyMargin* used = nullptr) const;
  // START: keeps `ready` back while the player thinks ahead, until the preparation's work
  // deadline, a new request or the end of the match; a board swap queued meanwhile is
  // made on the way (HandleSwap). Returns the time held (ms).
  double HoldReady(const Job& job);
  // The gap between our previous reply and a request received now (ReplyLatency). Caller
  // holds mu_.
  void ObserveGap(SteadyClock::time_point received);
  void Run();

  // ---- Worker-thread only (match_session.cc, match_session_play.cc) ----
  void Prepare(const Job& job);
  bool BuildDescription();
  void BuildMachine(nlohmann::ordered_json* start_event);
  void StartPlayer(Deadline deadline, nlohmann::ordered_json* start_event);
  // A `memory_mb` of 0 in the player's params (serve's default) becomes the automatic tree
  // budget (memory_budget.h), held in tree_lease_ until the player is gone; either way the
  // start event records it under "tree".
  void ResolveTreeBudget(nlohmann::json* params, nlohmann::ordered_json* start_event);
  void HandlePlay(const Job& job);
  void HandleEnd(const Job& job);
  // The board learner in the background (match_session_board.cc): started after the
  // player, it queues a kSwap job once a board machine is verified; HandleSwap moves the
  // match (state, history, player) onto it.
  void StartBoardLearning(reasoner::MachineOptions mo, std::string game_key);
  void HandleSwap(const Job& job);
  // Joins the board thread (after cancel_build_ is set).
  void StopBoardLearning();
  // Applies the joint move of a GDL-I PLAY/STOP to state_; logs problems. Returns false if
  // the state could not be advanced.
  bool ApplyJointMove(const protocol::PlayRequest& request, nlohmann::ordered_json* event);
  // The joint move as GDL-II percepts and our last move allow (see .cc).
  bool ApplyGdl2(const protocol::PlayRequest& request, nlohmann::ordered_json* event);
  // Advances state_, arms the fallback for the new state (the player's FallbackAfter when
  // legal there), then tells the player (whose Advance may be slow).
  bool AdvanceWith(std::vector<reasoner::Move> joint);
  // The fallback becomes `preferred` if it is a legal move of ours in state_, else our
  // first legal move there (kept as it is when we have none, or in a terminal state).
  void UpdateFallback(reasoner::Move preferred = -1);
  // The experience store's opponent-model documents of this game ({role text: body}; empty
  // without a store): of `kind`, or where `kind` is "" the named opponent's (counted in
  // `*found`, may be null) and else the pooled ones. KeepOpponentExperience is the end of
  // match that writes them back through the player.
  nlohmann::json StoredOpponentExperience(const std::string& kind, int* found);
  void KeepOpponentExperience(nlohmann::ordered_json* event);
  // Hands the memory the match freed back to the system (memory_release.h) and logs it.
  void ReturnMemory();
  void LogError(const std::string& cause);

  // Immutable after construction.
  const SessionOptions& options_;
  Watchdog& watchdog_;
  std::string id_;
  std::string role_name_;
  int start_clock_ = 0;
  int play_clock_ = 0;
  SteadyClock::duration expiry_after_{};
  std::shared_ptr<FallbackBox> fallback_ = std::make_shared<FallbackBox>();
  MatchEventLog log_;

  // Queue shared with the HTTP threads.
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  bool ended_ = false;  // End() was called
  SteadyClock::time_point last_activity_;
  std::atomic<bool> finished_{false};
  std::atomic<bool> cancel_build_{false};  // set by End(); read by the machine build
  bool board_done_ = false;  // the background board learner has finished (its swap queued)
  std::shared_ptr<ReplySlot> last_reply_;  // the reply to the match's latest request
  ReplyLatency latency_;                   // thread safe

  // Worker state.
  protocol::StartRequest start_;  // rules are dropped once parsed
  gdl::Description description_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> workspace_;
  std::unique_ptr<Player> player_;
  TreeBudgetLease tree_lease_;  // the automatic tree budget, while player_ lives
  int role_ = -1;
  int turn_ = 0;   // joint moves applied to state_
  int plays_ = 0;  // PLAY requests handled
  SteadyClock::duration overrun_{};  // the worst SelectMove return past its deadline
  reasoner::State state_;
  reasoner::State next_;
  std::vector<reasoner::Move> legal_;
  std::vector<std::vector<reasoner::Move>> history_;  // joint moves applied to state_
  // Set by BuildMachine when the board learner is to run in the background.
  bool board_pending_ = false;
  reasoner::MachineOptions board_options_;
  std::string game_key_;
  std::string game_name_;  // from a ggp-base style match id ("" if none)
  SteadyClock::time_point prepare_begin_{};
  std::thread board_thread_;  // the background board learner (reads description_)

  std::thread worker_;  // last: starts after everything above exists
};

}  // namespace ggp::agent
