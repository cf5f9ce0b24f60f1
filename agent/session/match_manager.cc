#include "agent/session/match_manager.h"

#include <spdlog/spdlog.h>

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
          respond(protocol::RenderInfoReply(options_.name,
                                            live_matches() < options_.max_matches));
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
    spdlog::warn("match {}: duplicate START ignored", request.match_id);
    respond(std::string(protocol::kReplyReady));
    return;
  }
  if (static_cast<int>(live_.size()) >= options_.max_matches) {
    spdlog::warn("match {}: accepted beyond capacity ({} live)", request.match_id, live_.size());
  }
  std::string id = request.match_id;
  auto slot = std::make_shared<ReplySlot>(std::move(respond));
  live_.emplace(id, std::make_unique<MatchSession>(std::move(request), received, options_,
                                                   *watchdog_, slot));
}

void MatchManager::HandlePlay(protocol::PlayRequest request,
                              protocol::SteadyClock::time_point received,
                              protocol::Responder respond) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(request.match_id);
  if (it == live_.end()) {
    spdlog::warn("match {}: PLAY for an unknown match; answering busy", request.match_id);
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
      spdlog::info("match {}: {} for an unknown match", match_id,
                   kind == EndKind::kAbort ? "ABORT" : "STOP");
    } else {
      it->second->End(kind, std::move(last_moves));
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
