// The Responder a handler answers through (http_connection.h): the reply is delivered to
// its connection at most once, and a responder dropped uncalled answers `busy`.

#include <spdlog/spdlog.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "protocol/http_connection.h"
#include "protocol/replies.h"

namespace ggp::protocol::internal {
namespace {

// Delivers a handler's reply at most once; an uncalled responder answers `busy` when the
// last copy of it is destroyed.
class ReplySlot {
 public:
  ReplySlot(std::shared_ptr<Gate> gate, std::weak_ptr<Connection> connection, std::string tag)
      : gate_(std::move(gate)), connection_(std::move(connection)), tag_(std::move(tag)) {}
  ReplySlot(const ReplySlot&) = delete;
  ReplySlot& operator=(const ReplySlot&) = delete;

  ~ReplySlot() {
    if (used_.load()) return;
    spdlog::warn("{} handler dropped its responder without replying; answering busy", tag_);
    Deliver(std::string(kReplyBusy));
  }

  void Deliver(std::string reply) {
    if (used_.exchange(true)) {
      spdlog::warn("{} responder called more than once; reply '{}' dropped", tag_,
                   LogExcerpt(reply));
      return;
    }
    std::lock_guard<std::mutex> lock(gate_->mu);
    if (gate_->closed) return;  // the server stopped: nothing to touch any more
    std::shared_ptr<Connection> c = connection_.lock();
    if (!c) return;  // the connection is gone (peer left, write failed, ...)
    c->core().replies_in_flight.fetch_add(1);
    net::post(c->executor(),
              [c, r = std::move(reply)]() mutable { c->DeliverReply(std::move(r)); });
    // `c` is released under the lock: if it were the last owner, the io_context is alive.
    c.reset();
  }

 private:
  std::shared_ptr<Gate> gate_;
  std::weak_ptr<Connection> connection_;
  std::string tag_;
  std::atomic<bool> used_{false};
};

}  // namespace

Responder MakeResponder(std::shared_ptr<Gate> gate, std::weak_ptr<Connection> connection,
                        std::string log_tag) {
  auto slot =
      std::make_shared<ReplySlot>(std::move(gate), std::move(connection), std::move(log_tag));
  return [slot](std::string reply) { slot->Deliver(std::move(reply)); };
}

}  // namespace ggp::protocol::internal
