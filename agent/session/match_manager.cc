#include "agent/session/match_manager.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <type_traits>

#include "protocol/replies.h"

namespace ggp::agent {

MatchManager::MatchManager(SessionOptions options) : options_(std::move(options)) {
  watchdog_ = std::make_unique<Watchdog>([this] { Tick(); }, options_.tick);
}

MatchManager::~MatchManager() { Shutdown(); }

int MatchManager::live_matches() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(live_.size());
}

bool MatchManager::IsLive(const std::string& match_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  return live_.count(match_id) > 0;
}

void MatchManager::Handle(protocol::Request request, protocol::SteadyClock::time_point received,
                          protocol::Responder respond) {
  std::visit(
      [&](auto&& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, protocol::InfoRequest>) {
          respond(protocol::RenderInfoReply(options_.name, live_matches() < options_.max_matches));
        } else if constexpr (std::is_same_v<T, protocol::PingRequest> ||
                             std::is_same_v<T, protocol::PreviewRequest>) {
          respond(std::string(protocol::kReplyReady));
        } else if constexpr (std::is_same_v<T, protocol::StartRequest>) {
          HandleStart(std::move(r), received, std::move(respond));
        } else if constexpr (std::is_same_v<T, protocol::StopRequest>) {
          std::string id = r.match_id;
          HandleEnd(id, EndKind::kStop, std::move(static_cast<protocol::PlayRequest&>(r)),
                    std::move(respond));
        } else if constexpr (std::is_same_v<T, protocol::PlayRequest>) {
          HandlePlay(std::move(r), received, std::move(respond));
        } else if constexpr (std::is_same_v<T, protocol::AbortRequest>) {
          HandleEnd(r.match_id, EndKind::kAbort, {}, std::move(respond));
        }
      },
      request);
}

void MatchManager::HandleStart(protocol::StartRequest request,
                               protocol::SteadyClock::time_point received,
                               protocol::Responder respond) {
  std::unique_lock<std::mutex> lock(mu_);
  if (shut_down_) {
    lock.unlock();
    respond(std::string(protocol::kReplyBusy));
    return;
  }
  auto it = live_.find(request.match_id);
  if (it != live_.end()) {
    lock.unlock();
    spdlog::warn("match {}: START for a live match; answered ready, the match goes on unchanged",
                 request.match_id);
    respond(std::string(protocol::kReplyReady));
    return;
  }
  const auto max = static_cast<size_t>(std::max(1, options_.max_matches));
  // Counted before a stale match is expired for this START: that one is leaving for it.
  const size_t winding_down = static_cast<size_t>(
      std::count_if(ending_.begin(), ending_.end(), [](const auto& s) { return !s->finished(); }));
  if (live_.size() >= max) ExpireStalest(received);
  if (live_.size() >= max || winding_down >= max) {
    const size_t live = live_.size();
    lock.unlock();
    spdlog::warn(
        "match {}: START refused, answered busy: {} live matches (at most {}), {} "
        "still winding down",
        request.match_id, live, max, winding_down);
    respond(std::string(protocol::kReplyBusy));
    return;
  }
  std::string id = request.match_id;
  auto slot = std::make_shared<ReplySlot>(std::move(respond));
  live_.emplace(
      id, std::make_unique<MatchSession>(std::move(request), received, options_, *watchdog_, slot));
}

void MatchManager::ExpireStalest(protocol::SteadyClock::time_point now) {
  // Caller holds mu_.
  auto stalest = live_.end();
  protocol::SteadyClock::duration most{};
  for (auto it = live_.begin(); it != live_.end(); ++it) {
    const auto silent = now - it->second->last_activity();
    if (silent > it->second->stale_after() && silent > most) {
      most = silent;
      stalest = it;
    }
  }
  if (stalest == live_.end()) return;
  const long long seconds = std::chrono::duration_cast<std::chrono::seconds>(most).count();
  spdlog::warn(
      "match {}: silent for {} s, longer than its clocks allow; expired to make room "
      "for a new match",
      stalest->first, seconds);
  stalest->second->End(
      EndKind::kExpire, {},
      "silent for " + std::to_string(seconds) + " s while a new match needed its place");
  EndedRecently(stalest->first, "expired");
  ending_.push_back(std::move(stalest->second));
  live_.erase(stalest);
}

void MatchManager::EndedRecently(const std::string& match_id, const char* how) {
  // Caller holds mu_.
  constexpr size_t kRemembered = 256;
  recently_ended_.emplace_back(match_id, how);
  if (recently_ended_.size() > kRemembered) recently_ended_.pop_front();
}

std::string MatchManager::DescribeUnknown(const std::string& match_id) const {
  // Caller holds mu_.
  for (auto it = recently_ended_.rbegin(); it != recently_ended_.rend(); ++it) {
    if (it->first == match_id) return std::string("a match that has ended (") + it->second + ")";
  }
  return "an unknown match";
}

void MatchManager::HandlePlay(protocol::PlayRequest request,
                              protocol::SteadyClock::time_point received,
                              protocol::Responder respond) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(request.match_id);
  if (it == live_.end()) {
    spdlog::warn("match {}: PLAY for {}; answered busy", request.match_id,
                 DescribeUnknown(request.match_id));
    respond(std::string(protocol::kReplyBusy));
    return;
  }
  // Play only queues (quick), so holding mu_ here is fine.
  it->second->Play(std::move(request), received, std::make_shared<ReplySlot>(std::move(respond)));
}

void MatchManager::HandleEnd(const std::string& match_id, EndKind kind,
                             protocol::PlayRequest last_moves, protocol::Responder respond) {
  std::string reply(kind == EndKind::kAbort ? protocol::kReplyAborted : protocol::kReplyDone);
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = live_.find(match_id);
    if (it == live_.end()) {
      spdlog::warn("match {}: {} for {}; answered {}", match_id,
                   kind == EndKind::kAbort ? "ABORT" : "STOP", DescribeUnknown(match_id), reply);
    } else {
      it->second->End(kind, std::move(last_moves));
      EndedRecently(match_id, kind == EndKind::kAbort ? "aborted" : "stopped");
      ending_.push_back(std::move(it->second));
      live_.erase(it);
    }
  }
  respond(std::move(reply));
}

void MatchManager::Tick() {
  std::vector<std::unique_ptr<MatchSession>> done;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto now = protocol::SteadyClock::now();
    for (auto it = live_.begin(); it != live_.end();) {
      MatchSession& s = *it->second;
      if (now - s.last_activity() > s.expiry_after()) {
        spdlog::warn("match {}: silent too long; expired", s.id());
        s.End(EndKind::kExpire, {}, "no request for longer than the expiry time");
        EndedRecently(s.id(), "expired");
        ending_.push_back(std::move(it->second));
        it = live_.erase(it);
      } else {
        ++it;
      }
    }
    for (auto it = ending_.begin(); it != ending_.end();) {
      if ((*it)->finished()) {
        done.push_back(std::move(*it));
        it = ending_.erase(it);
      } else {
        ++it;
      }
    }
  }
  // Joined and destroyed outside the lock (their workers have exited already).
  for (auto& s : done) s->Join();
}

void MatchManager::Shutdown() {
  std::vector<std::unique_ptr<MatchSession>> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_down_) return;
    shut_down_ = true;
    for (auto& [id, s] : live_) {
      s->End(EndKind::kAbort, {}, "shutdown");
      all.push_back(std::move(s));
    }
    live_.clear();
    for (auto& s : ending_) all.push_back(std::move(s));
    ending_.clear();
  }
  for (auto& s : all) s->Join();
  all.clear();
  // Pending watchdog callbacks only hold reply slots and fallback boxes; drop them.
  watchdog_->Stop();
}

}  // namespace ggp::agent
