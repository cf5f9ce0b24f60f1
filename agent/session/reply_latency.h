#pragma once
// How much of a clock a match keeps back for the way to the referee: the reply margin,
// measured instead of fixed.
//
// A referee's clock for a request starts when it sends it and ends when our reply arrives,
// so a reply must leave us a little before received + clock: the margin has to cover the
// way there (request), the way back (reply), the referee's own work and our lateness (how
// long after its deadline a reply of ours actually left). We cannot see one-way delays,
// but we do see the gap between a reply we sent and the next request of the same match:
// the reply's way, the referee's work, the next request's way, and any wait for the
// other players. The shortest gap of the match is therefore an upper bound on the round
// trip. The margin is then
//
//   max(min_margin, 2 x shortest gap + worst lateness + 50 ms)
//
// and, until a gap has been seen (the start clock, or the first PLAY if `ready` was not
// timed), the configured margin. SessionOptions::fixed_margin keeps the configured margin
// throughout. Either way the margin never exceeds SessionOptions::max_margin_share of the
// clock (EffectiveMargin's rule), so short clocks keep most of their time.
//
// Per match: one referee drives a match, and different referees (loopback, another
// continent) must not share one estimate.
//
// Thread safety: every method may be called from any thread.

#include <chrono>
#include <mutex>
#include <string>

#include "agent/session/session_options.h"

namespace ggp::agent {

struct ReplyMargin {
  std::chrono::steady_clock::duration margin{};
  // How it was chosen, for the event log: "configured", "fixed", "measured" or
  // "floor" (measured below min_margin), with the clock share cap noted as "capped".
  std::string source;
  double gap_ms = -1;       // the shortest gap seen (-1: none yet)
  double lateness_ms = 0;   // the worst lateness seen
};

class ReplyLatency {
 public:
  // A reply of ours left at `sent`; the referee's next request of the match arrived at
  // `received`. Ignored unless received > sent.
  void ObserveGap(std::chrono::steady_clock::time_point sent,
                  std::chrono::steady_clock::time_point received);
  // A reply due at `deadline` left at `sent` (only later than the deadline counts).
  void ObserveSent(std::chrono::steady_clock::time_point deadline,
                   std::chrono::steady_clock::time_point sent);

  // The margin for a reply to a request of a `clock_seconds` clock, now.
  ReplyMargin Margin(const SessionOptions& options, int clock_seconds) const;

  int gaps() const;

 private:
  mutable std::mutex mu_;
  int gaps_ = 0;
  std::chrono::steady_clock::duration shortest_gap_ = std::chrono::steady_clock::duration::max();
  std::chrono::steady_clock::duration worst_lateness_{};
};

}  // namespace ggp::agent
