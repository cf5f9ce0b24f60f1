#pragma once
// How promptly a player answered the messages that carry a clock (START and PLAY), as the
// referee saw it: how many were sent, how many came back after their clock, and the
// slowest one as a fraction of its clock (elapsed / clock; 0.93 means it arrived with 7% of
// the clock left, above 1 means after the clock: within the runner's grace, or a timeout).
// Every request counts, whatever its outcome (TO, CE and IL replies included), so a player
// that fails is never reported as quick.
//
// `elapsed` is what the link measured (player_link.h): for HTTP players from the call
// (connecting included) to the complete reply, for builtin policies their run time.
//
// Thread safety: plain values, not synchronised.

#include <string>

#include <nlohmann/json.hpp>

#include "agent/runner/player_link.h"

namespace ggp::agent::runner {

struct ReplyStats {
  int replies = 0;       // START and PLAY requests
  int late = 0;          // of which elapsed > clock
  double slowest = 0.0;  // the largest elapsed / clock
  Millis slowest_elapsed{0};
  std::string slowest_at;  // where that was, e.g. "Local.nim.1717171717171 PLAY 3"

  // Counts one request. Returns true when it is the slowest so far (the caller may then
  // set slowest_at). A clock of 0 counts as 1 ms.
  bool Add(Millis elapsed, Millis clock);
  // Adds `other`'s counts; takes its slowest when slower (ties keep ours).
  void Merge(const ReplyStats& other);
  // {"replies":..,"late":..,"slowest":..,"slowest_ms":..,"slowest_at":..}
  nlohmann::json Json() const;
};

}  // namespace ggp::agent::runner
