#pragma once
// The player's HTTP front door (protocol spec §1, §6): accepts GGP requests on a TCP port,
// parses them and hands each to a PlayerHandler, then writes the handler's reply with the
// exact headers of spec §1.2 and closes the connection.
//
// Behaviour:
//  - Connections are served concurrently on `io_threads` threads; a slow reply (PLAY) never
//    delays another request (INFO), the handler decides how fast each one is answered.
//  - POST (body = message), GET (message = percent-decoded path, '+' = space), OPTIONS
//    (CORS reply, empty body); HTTP/1.0 and 1.1; CRLF or bare LF; any header-name case;
//    Content-Length optional (see http_reader.h); "Expect: 100-continue" honoured.
//  - Every reply is "HTTP/1.0 200 OK", then the server half-closes, waits briefly for the
//    peer to close (so the reply is not lost to a reset) and closes: one request per
//    connection.
//  - More than `max_connections` open at once: the new one is answered `busy` (logged)
//    without reading it.
//  - Malformed HTTP, a body over the limit, or a message ParseRequest rejects: logged
//    (warn) and answered `busy`; the handler is not called. A peer that sends nothing
//    within `read_timeout` is disconnected silently; a partial request gets `busy`.
//  - The connection stays alive until the handler's Responder is called (or destroyed: a
//    handler that drops its Responder uncalled gets `busy` sent for it). Responders called
//    after the peer left, after Stop() or after the server was destroyed do nothing.
//  - Each request and reply is logged at debug level with receipt/send wall-clock times.
//
// Threading: Start/Stop/Wait/destructor from one owning thread (not an io thread, not a
// handler callback). RequestStop() and port() from any thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "protocol/player_handler.h"

namespace ggp::protocol {

struct HttpServerOptions {
  std::string address = "0.0.0.0";            // interface to bind ("127.0.0.1" for local tests)
  std::uint16_t port = 9147;                  // 0 = an ephemeral port, read it with port()
  int io_threads = 2;                         // >= 1
  std::size_t body_limit = 16 * 1024 * 1024;  // bytes per request body (>= 8 MB)
  // Connections open at once at most; one beyond it is answered `busy` at once, unread,
  // so memory stays bounded (max_connections x (body_limit + 64 KB head)) whatever arrives.
  int max_connections = 128;
  std::chrono::milliseconds read_timeout{10'000};   // accept -> complete request
  std::chrono::milliseconds write_timeout{10'000};  // writing one reply
  std::chrono::milliseconds linger_timeout{2'000};  // after the reply: await peer close
  std::chrono::milliseconds stop_grace{1'000};      // Stop(): time for replies already given
  std::string name = "ggp";                         // tag in log lines
  bool handle_signals = false;                      // SIGINT/SIGTERM call RequestStop()
};

namespace internal {
struct ServerCore;
}  // namespace internal

class HttpServer {
 public:
  // `handler` must outlive the server (it is called until Stop() returns).
  HttpServer(HttpServerOptions options, PlayerHandler& handler);
  ~HttpServer();  // Stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds, listens and starts the io threads. Returns false with a reason (address in use,
  // bad address, ...) and starts nothing. Call at most once.
  bool Start(std::string* error);

  // The bound port (the real one when options.port was 0); 0 before a successful Start.
  std::uint16_t port() const;

  // Asks the server to stop: it stops accepting connections (those already accepted are
  // still served) and Wait() returns. Non-blocking; safe from any thread, including
  // handlers, io threads and the signal handling.
  void RequestStop();

  // Blocks until RequestStop() (or a handled signal), then Stop()s.
  void Wait();

  // Stops accepting; waits up to options.stop_grace for replies that handlers already
  // delivered to be written; then abandons the remaining connections (their responders
  // become no-ops) and joins the io threads. Idempotent. Blocks; not from an io thread.
  void Stop();

 private:
  std::unique_ptr<internal::ServerCore> core_;
};

}  // namespace ggp::protocol
