// MatchSession: the match's life (any thread hands it requests; its worker thread runs
// them): deadlines and margins, the job queue, the end of the match. START is in
// match_session_start.cc, PLAY and STOP in match_session_play.cc, the board learner in
// match_session_board.cc.

#include "agent/session/match_session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdint>
#include <exception>

#include "agent/player/memory_release.h"

namespace ggp::agent {

MatchSession::MatchSession(protocol::StartRequest start, SteadyClock::time_point received,
                           const SessionOptions& options, Watchdog& watchdog,
                           std::shared_ptr<ReplySlot> ready_reply)
    : options_(options),
      watchdog_(watchdog),
      id_(start.match_id),
      role_name_(kif::ToString(start.role)),
      start_clock_(std::max(0, start.start_clock)),
      play_clock_(std::max(0, start.play_clock)),
      log_(options.log_dir, start.match_id),
      last_activity_(received),
      start_(std::move(start)) {
  expiry_after_ =
      std::chrono::seconds(std::max(start_clock_, 10 * play_clock_)) + options_.expiry_slack;
  Job job;
  job.kind = Job::Kind::kPrepare;
  job.received = received;
  job.deadline = DeadlineFor(received, start_clock_, &job.margin);
  job.reply = ready_reply;
  last_reply_ = ready_reply;
  watchdog_.Schedule(job.deadline, [ready_reply] { ready_reply->Send("ready"); });
  jobs_.push_back(std::move(job));
  worker_ = std::thread([this] { Run(); });
}

MatchSession::~MatchSession() {
  End(EndKind::kAbort, {}, "session destroyed");
  Join();
}

void MatchSession::Join() {
  if (worker_.joinable()) worker_.join();
}

Deadline MatchSession::DeadlineFor(SteadyClock::time_point received, int clock_seconds,
                                   ReplyMargin* used) const {
  ReplyMargin margin = latency_.Margin(options_, clock_seconds);
  auto budget = std::chrono::duration_cast<SteadyClock::duration>(
                    std::chrono::seconds(std::max(0, clock_seconds))) -
                margin.margin;
  if (used != nullptr) *used = std::move(margin);
  return received + std::max(budget, SteadyClock::duration::zero());
}

void MatchSession::ObserveGap(SteadyClock::time_point received) {
  // Caller holds mu_.
  if (last_reply_ && last_reply_->sent()) latency_.ObserveGap(last_reply_->sent_at(), received);
}

Deadline MatchSession::WorkDeadline(const Job& job) const {
  const auto budget = job.deadline - job.received;
  return job.deadline -
         std::min<SteadyClock::duration>(std::chrono::milliseconds(50) + overrun_, budget / 4);
}

double MatchSession::NoteOverrun(Deadline deadline, bool grow) {
  const auto now = SteadyClock::now();
  if (now <= deadline) return 0;
  const double ms = std::chrono::duration<double, std::milli>(now - deadline).count();
  if (!grow) {
    spdlog::warn("match {}: the player's start returned {:.0f} ms past its deadline", id_, ms);
  } else if (now - deadline > overrun_) {
    overrun_ = now - deadline;
    spdlog::warn(
        "match {}: the player returned {:.0f} ms past its deadline; later moves keep "
        "{:.0f} ms more in reserve",
        id_, ms, ms);
  }
  return ms;
}

void MatchSession::Touch(SteadyClock::time_point t) {
  // Caller holds mu_.
  if (t > last_activity_) last_activity_ = t;
}

SteadyClock::time_point MatchSession::last_activity() const {
  std::lock_guard<std::mutex> lock(mu_);
  return last_activity_;
}

void MatchSession::Play(protocol::PlayRequest request, SteadyClock::time_point received,
                        std::shared_ptr<ReplySlot> reply) {
  Job job;
  job.kind = Job::Kind::kPlay;
  job.request = std::move(request);
  job.received = received;
  job.reply = reply;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ObserveGap(received);
    last_reply_ = reply;
  }
  job.deadline = DeadlineFor(received, play_clock_, &job.margin);
  watchdog_.Schedule(job.deadline, [reply, box = fallback_] { reply->Send(box->Get()); });
  {
    std::lock_guard<std::mutex> lock(mu_);
    Touch(received);
    if (ended_) {
      // Raced with the end of the match: answer with what we have.
      reply->Send(fallback_->Get());
      return;
    }
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

void MatchSession::End(EndKind kind, protocol::PlayRequest last_moves, std::string reason) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (ended_) return;
    ended_ = true;
    cancel_build_.store(true);
    ObserveGap(SteadyClock::now());
    Touch(SteadyClock::now());
    Job job;
    job.kind = Job::Kind::kEnd;
    job.end = kind;
    job.request = std::move(last_moves);
    job.received = SteadyClock::now();
    job.reason = std::move(reason);
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

void MatchSession::Run() {
  for (;;) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return !jobs_.empty(); });
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      switch (job.kind) {
        case Job::Kind::kPrepare:
          Prepare(job);
          break;
        case Job::Kind::kPlay:
          HandlePlay(job);
          break;
        case Job::Kind::kEnd:
          HandleEnd(job);
          break;
        case Job::Kind::kSwap:
          HandleSwap(job);
          break;
      }
    } catch (const std::exception& e) {
      // A bug or a back end failure must not take the process down: answer and go on.
      LogError(std::string("internal error: ") + e.what());
      if (job.reply) job.reply->Send(job.kind == Job::Kind::kPrepare ? "ready" : fallback_->Get());
    }
    if (job.kind == Job::Kind::kEnd) break;
  }
  StopBoardLearning();
  if (player_) player_->Finish();
  player_.reset();
  tree_lease_.Release();
  workspace_.reset();
  machine_.reset();
  ReturnMemory();
  finished_.store(true);
}

void MatchSession::ReturnMemory() {
  const MemoryReturned r = ReturnFreedMemory();
  constexpr int64_t kMiB = int64_t{1} << 20;
  // Most of a tree is freed later, by the search's collector (which returns it then).
  if (!r.supported || r.rss_before - r.rss_after < 16 * kMiB) return;
  spdlog::info("match {}: memory freed at its end returned to the system: resident {} -> {} MB", id_,
               r.rss_before / kMiB, r.rss_after / kMiB);
}

void MatchSession::LogError(const std::string& cause) {
  spdlog::warn("match {}: {}", id_, cause);
  log_.Write("error", {{"cause", cause}});
}

}  // namespace ggp::agent
