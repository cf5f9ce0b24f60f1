#include "agent/session/reply_latency.h"

#include <algorithm>

namespace ggp::agent {
namespace {

using Duration = std::chrono::steady_clock::duration;

double Ms(Duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

}  // namespace

void ReplyLatency::ObserveGap(std::chrono::steady_clock::time_point sent,
                              std::chrono::steady_clock::time_point received) {
  if (received <= sent) return;
  std::lock_guard<std::mutex> lock(mu_);
  ++gaps_;
  shortest_gap_ = std::min(shortest_gap_, received - sent);
}

void ReplyLatency::ObserveSent(std::chrono::steady_clock::time_point deadline,
                               std::chrono::steady_clock::time_point sent) {
  if (sent <= deadline) return;
  std::lock_guard<std::mutex> lock(mu_);
  worst_lateness_ = std::max(worst_lateness_, sent - deadline);
}

int ReplyLatency::gaps() const {
  std::lock_guard<std::mutex> lock(mu_);
  return gaps_;
}

ReplyMargin ReplyLatency::Margin(const SessionOptions& options, int clock_seconds) const {
  ReplyMargin m;
  Duration wanted = options.margin;
  {
    std::lock_guard<std::mutex> lock(mu_);
    m.lateness_ms = Ms(worst_lateness_);
    if (gaps_ > 0) m.gap_ms = Ms(shortest_gap_);
    if (options.fixed_margin) {
      m.source = "fixed";
    } else if (gaps_ == 0) {
      m.source = "configured";
    } else {
      const Duration measured = 2 * shortest_gap_ + worst_lateness_ + std::chrono::milliseconds(50);
      const Duration floor = options.min_margin;
      m.source = measured >= floor ? "measured" : "floor";
      wanted = std::max(measured, floor);
    }
  }
  m.margin = CapMargin(wanted, options.max_margin_share, clock_seconds);
  if (m.margin < wanted) m.source += ", capped";
  return m;
}

}  // namespace ggp::agent
