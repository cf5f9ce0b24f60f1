#pragma once
// The match runner's connection to one player seat: either a remote GGP player over HTTP
// (`http://host:port/`, or `host:port`) or a policy run in-process (`builtin:NAME`, made
// by the player registry's MakePlayer; `builtin:NAME?key=value&key=value` passes
// parameters to it, e.g. `builtin:mcts?exploration=0.3`: numbers and true/false as such,
// other values as strings).
//
// Every call carries both the rendered GGP message (what an HTTP player receives) and the
// structured data an in-process player needs (machine, role, states, joint moves). Calls
// block the calling thread; the runner calls each seat's link from its own thread, one
// call at a time per link (calls of one link never overlap), links in parallel.
//
// Timing contract:
//  - HTTP: the reply must arrive within `wait` of the established connection (connect
//    timeout 5 s, as ggp-base), else error "TO"; other failures are "CE".
//  - builtin: the player gets deadline = call time + clock - builtin margin (clamped to
//    the call time), like a remote player that keeps a safety margin; the runner waits
//    for the call to return (policies honour deadlines) and reports "TO" when it took
//    longer than `wait`. Exceptions thrown by a policy are reported as "CE".

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::runner {

using Millis = std::chrono::milliseconds;

struct LinkReply {
  std::string error;   // "" (ok), "TO" or "CE"
  std::string body;    // the reply, whitespace-trimmed (meaningful when error is "")
  std::string detail;  // what went wrong, for logs
  Millis elapsed{0};
};

struct StartCall {
  std::string message;  // the START message text
  std::shared_ptr<const reasoner::StateMachine> machine;
  int role = 0;
  reasoner::State initial;
  Millis clock{0};  // the start clock
  Millis wait{0};   // how long the runner waits for the reply
};

// PLAY and STOP. `state` is the state the seat must move in (PLAY) or the final state
// (STOP), reached by `last_joint` (empty for the first PLAY and a STOP without moves).
struct TurnCall {
  std::string message;
  reasoner::State state;
  std::vector<reasoner::Move> last_joint;
  Millis clock{0};
  Millis wait{0};
};

class PlayerLink {
 public:
  virtual ~PlayerLink() = default;
  // The spec this link was made from ("builtin:random", "http://127.0.0.1:9147/").
  virtual const std::string& spec() const = 0;
  // The player's name: the INFO reply's name for HTTP players (the spec if there is none),
  // the policy name for builtins.
  virtual std::string Info() = 0;
  // Blocks until the player says it is free for a new match, at most `timeout`: HTTP
  // players are sent INFO every 250 ms until the reply's status is "available" (a player
  // that restarts between matches, as Sancho does, answers nothing or errs meanwhile).
  // Returns false with the last reply or error in `detail` when the time ran out.
  // Builtins are always available.
  virtual bool WaitAvailable(Millis timeout, std::string* detail) {
    (void)timeout;
    (void)detail;
    return true;
  }
  virtual LinkReply Start(const StartCall& call) = 0;
  virtual LinkReply Play(const TurnCall& call) = 0;
  virtual LinkReply Stop(const TurnCall& call) = 0;
  virtual LinkReply Abort(const std::string& message, Millis wait) = 0;
};

struct LinkOptions {
  unsigned long long seed = 0;  // builtin policies' seed (0: random)
  int threads = 1;              // builtin policies' search threads
  Millis builtin_margin{250};   // builtin deadline = call + clock - margin
  bool dresden = false;         // HTTP headers in Dresden's style
};

// Makes the link for `spec`; null with a reason in `error` for an unknown policy or a
// malformed address.
std::unique_ptr<PlayerLink> MakeLink(const std::string& spec, const LinkOptions& options,
                                     std::string* error);

// The two kinds separately (MakeLink dispatches on the "builtin:" prefix).
std::unique_ptr<PlayerLink> MakeHttpLink(const std::string& spec, const LinkOptions& options,
                                         std::string* error);
std::unique_ptr<PlayerLink> MakeBuiltinLink(const std::string& spec, const LinkOptions& options,
                                            std::string* error);

// Parses the parameters of a builtin spec ("key=value&key=value", after the '?') into a
// JSON object: a value that reads as a JSON number or true/false is taken as such, any
// other as a string. False with a reason in `error` for a pair without key or value.
bool ParsePolicyParams(std::string_view text, nlohmann::json* out, std::string* error);

// Splits "http://host:port/path", "host:port" or "host" (port 9147). False if malformed.
bool ParseHostPort(const std::string& spec, std::string* host, int* port);

}  // namespace ggp::agent::runner
