#pragma once
// Helpers for protocol/ socket tests (linked into tests only): a raw loopback TCP client
// that sends exact bytes and reads to EOF with a bound on waiting, and a scripted
// PlayerHandler.
//
// Thread safety: RawClient is for one thread; ScriptedHandler is thread-safe.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Boost 1.74 Asio needs <utility> included first under C++20.
#include <boost/asio.hpp>

#include "protocol/http_server.h"
#include "protocol/player_handler.h"

namespace ggp::protocol::testing {

using namespace std::chrono_literals;

// Options for a test server: 127.0.0.1, an ephemeral port, 2 io threads, a small body
// limit (64 KiB) and short read/linger timeouts.
HttpServerOptions LoopbackOptions();

// A TCP client to 127.0.0.1:port that speaks raw bytes.
class RawClient {
 public:
  explicit RawClient(std::uint16_t port);  // connects (blocking); connected() says if it did
  bool connected() const { return connected_; }

  bool Send(std::string_view bytes);
  void ShutdownSend();  // half-close: the server sees EOF
  void Close();         // full close, drops anything unread

  // Reads until `needle` was received (true), EOF, an error, or `timeout` (false).
  bool ReadUntil(std::string_view needle, std::chrono::milliseconds timeout = 10s);
  // Reads until EOF. True when the peer closed (EOF or reset) within `timeout`.
  bool ReadToEof(std::chrono::milliseconds timeout = 10s);

  const std::string& received() const { return received_; }
  // The error that ended reading, if any ("" after a clean EOF).
  const std::string& read_error() const { return read_error_; }

 private:
  // Runs async reads until `done(received_)` or EOF/error or timeout. True unless timeout.
  bool ReadWhile(const std::function<bool()>& done, std::chrono::milliseconds timeout);

  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_{ioc_};
  bool connected_ = false;
  bool eof_ = false;
  std::string received_;
  std::string read_error_;
};

// Sends `bytes`, optionally half-closes, then reads to EOF. Returns what was received;
// `*closed` (if given) tells whether the server closed the connection within `timeout`.
std::string Exchange(std::uint16_t port, std::string_view bytes, bool half_close = true,
                     bool* closed = nullptr, std::chrono::milliseconds timeout = 10s);

// A PlayerHandler whose replies the test scripts. By default: info -> an INFO reply for
// "TestPlayer", ping/preview/start -> ready, play -> noop, stop -> done, abort -> aborted.
// A verb can be "held": its responders are kept until Release() (or the handler dies).
class ScriptedHandler : public PlayerHandler {
 public:
  ~ScriptedHandler() override;
  void Handle(Request request, SteadyClock::time_point received, Responder respond) override;

  void Hold(std::string_view verb);                 // keep responders of this verb
  void Release(std::string_view verb, std::string reply);  // answer every held one
  // Blocks until `count` requests of `verb` arrived (any time so far) or the timeout.
  bool WaitFor(std::string_view verb, int count, std::chrono::milliseconds timeout = 10s);
  // Replace the whole behaviour.
  void SetBehaviour(std::function<void(Request, Responder)> behaviour);

  std::vector<Request> requests() const;
  int count(std::string_view verb) const;

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Request> requests_;
  std::vector<std::string> held_verbs_;
  std::vector<std::pair<std::string, Responder>> held_;
  std::function<void(Request, Responder)> behaviour_;
};

}  // namespace ggp::protocol::testing
