#pragma once
// The one reply of one request, which two parties may race to send: the session worker
// (the searched move, `ready` after preparation) and the watchdog (the fallback move or
// `ready` when the deadline fires). The first Send wins; later ones do nothing.
//
// Thread safety: every method may be called from any thread. The responder is called
// outside the lock, exactly once, or never if nobody sends (the HTTP server then answers
// `busy` for it when the slot is destroyed).

#include <mutex>
#include <string>
#include <utility>

#include "protocol/player_handler.h"

namespace ggp::agent {

class ReplySlot {
 public:
  explicit ReplySlot(protocol::Responder respond) : respond_(std::move(respond)) {}
  ReplySlot(const ReplySlot&) = delete;
  ReplySlot& operator=(const ReplySlot&) = delete;

  // Sends `body` if nothing was sent yet; returns true if this call sent it.
  bool Send(std::string body) {
    protocol::Responder respond;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (sent_) return false;
      sent_ = true;
      body_ = body;
      sent_at_ = protocol::SteadyClock::now();
      respond = std::move(respond_);
    }
    if (respond) respond(std::move(body));
    return true;
  }

  bool sent() const {
    std::lock_guard<std::mutex> lock(mu_);
    return sent_;
  }
  // What was sent ("" before).
  std::string body() const {
    std::lock_guard<std::mutex> lock(mu_);
    return body_;
  }
  // When it was sent (epoch of the steady clock before).
  protocol::SteadyClock::time_point sent_at() const {
    std::lock_guard<std::mutex> lock(mu_);
    return sent_at_;
  }

 private:
  mutable std::mutex mu_;
  bool sent_ = false;
  std::string body_;
  protocol::SteadyClock::time_point sent_at_{};
  protocol::Responder respond_;
};

}  // namespace ggp::agent
