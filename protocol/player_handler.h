#pragma once
// The seam between the HTTP server (protocol/) and the player (agent/): the server parses
// each request and hands it to a PlayerHandler, which the agent implements. protocol/
// never includes agent/.
//
// Contract:
//  - Handle() is called on a server I/O thread. It must return quickly (no search, no
//    waiting on locks held by searches); the reply is delivered later through `respond`.
//  - `respond` must be called exactly once, from any thread, with the reply body
//    ("ready", "done", a move term, "((name N) (status available))", ...). Calling it
//    after the connection died is harmless.
//  - `received` is the steady-clock time the request finished arriving: deadlines are
//    computed from it (deadline = received + clock - margin).
//  - The server never calls Handle for a body it could not parse: it answers `busy` itself
//    and logs the reason.

#include <chrono>
#include <functional>
#include <string>

#include "protocol/messages.h"

namespace ggp::protocol {

using SteadyClock = std::chrono::steady_clock;
using Responder = std::function<void(std::string reply)>;

class PlayerHandler {
 public:
  virtual ~PlayerHandler() = default;
  virtual void Handle(Request request, SteadyClock::time_point received, Responder respond) = 0;
};

}  // namespace ggp::protocol
