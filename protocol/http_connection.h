#pragma once
// Internals of HttpServer (not for use outside protocol/): the state shared by all
// connections, and one connection's life from accept to close.
//
// Lifetime: a Connection is owned by the asynchronous operations pending on it (each holds
// a shared_ptr). While the handler thinks, a timer wait that never expires keeps it alive;
// the Responder only holds a weak_ptr. Connections therefore die at the latest when the
// io_context is destroyed, which happens before the rest of ServerCore (member order).
// Responders reach a Connection only through the Gate: once the gate is closed (Stop), they
// touch nothing, so they may outlive the server.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

// Boost 1.74 Asio needs <utility> included first under C++20.
#include <boost/asio.hpp>

#include "protocol/http_reader.h"
#include "protocol/http_server.h"

namespace ggp::protocol::internal {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// Shared with responders, which may outlive the server.
struct Gate {
  std::mutex mu;
  bool closed = false;  // under mu; once true, never false again
};

struct ServerCore {
  ServerCore(HttpServerOptions o, PlayerHandler& h)
      : options(std::move(o)), handler(h), gate(std::make_shared<Gate>()) {}

  const HttpServerOptions options;
  PlayerHandler& handler;
  std::shared_ptr<Gate> gate;
  std::atomic<std::uint16_t> port{0};
  std::atomic<std::uint64_t> next_connection_id{1};
  // Handler replies handed to a connection but not yet written (Stop() lets them finish).
  std::atomic<int> replies_in_flight{0};
  std::atomic<int> open_connections{0};  // Connection objects alive
  void ReplyDone() {
    if (replies_in_flight.fetch_sub(1) == 1) {
      std::lock_guard<std::mutex> lock(stop_mu);
      stop_cv.notify_all();
    }
  }

  std::mutex stop_mu;
  std::condition_variable stop_cv;
  bool stop_requested = false;  // under stop_mu
  bool started = false;
  bool stopped = false;
  std::vector<std::thread> threads;

  // Declared after everything connections use, so they are destroyed first.
  net::io_context ioc;
  // The acceptor, its retry timer and the signal set share one strand.
  net::strand<net::io_context::executor_type> accept_strand{ioc.get_executor()};
  tcp::acceptor acceptor{accept_strand};
  net::steady_timer accept_retry{accept_strand};
  std::optional<net::signal_set> signals;
};

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, ServerCore& core, std::uint64_t id);
  ~Connection();

  // Starts reading the request, or answers `busy` unread when more than
  // options.max_connections are open. Call once, right after construction.
  void Start();

  // Sends `reply` if the connection still awaits the handler's reply; otherwise ignored.
  // Must run on the connection's strand (executor()). The caller counted the reply in
  // core.replies_in_flight; this connection uncounts it once written (or ignored).
  void DeliverReply(std::string reply);

  ServerCore& core() const { return core_; }

  const net::any_io_executor& executor() const { return strand_; }

 private:
  enum class Phase { kReading, kAwaitingReply, kWriting, kLingering, kDone };

  void ArmTimer(std::chrono::steady_clock::duration d);
  void OnTimer();
  void DoRead();
  void OnRead(const boost::system::error_code& ec, std::size_t n);
  void OnRequest();
  void BadRequest(const std::string& reason);
  void Reply(std::string body, bool counted);
  void OnWritten(const boost::system::error_code& ec);
  void DoLinger();
  void Close();

  const net::any_io_executor strand_;  // a strand: the socket was accepted onto one
  tcp::socket socket_;
  net::steady_timer timer_;
  ServerCore& core_;
  const std::uint64_t id_;
  std::string peer_;
  HttpReader reader_;
  std::vector<char> buffer_;
  std::string out_;
  std::string reply_excerpt_;
  std::string what_;  // "POST play" etc., for logs
  Phase phase_ = Phase::kReading;
  bool timed_out_ = false;
  bool reply_counted_ = false;  // the reply being written is in core.replies_in_flight
  std::uint64_t timer_generation_ = 0;
  SteadyClock::time_point received_{};
};

// One line of a message for the log: newlines and tabs flattened, cut after 200 bytes
// with the full size noted. Pure.
std::string LogExcerpt(std::string_view s);

// Builds the Responder handed to PlayerHandler::Handle for `connection` (http_responder.cc).
Responder MakeResponder(std::shared_ptr<Gate> gate, std::weak_ptr<Connection> connection,
                        std::string log_tag);

}  // namespace ggp::protocol::internal
