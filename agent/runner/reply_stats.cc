#include "agent/runner/reply_stats.h"

#include <algorithm>

namespace ggp::agent::runner {

bool ReplyStats::Add(Millis elapsed, Millis clock) {
  ++replies;
  if (elapsed > clock) ++late;
  const double ratio = static_cast<double>(elapsed.count()) /
                       static_cast<double>(std::max<Millis::rep>(1, clock.count()));
  if (replies > 1 && ratio <= slowest) return false;
  slowest = ratio;
  slowest_elapsed = elapsed;
  slowest_at.clear();
  return true;
}

void ReplyStats::Merge(const ReplyStats& other) {
  if (other.replies == 0) return;
  if (replies == 0 || other.slowest > slowest) {
    slowest = other.slowest;
    slowest_elapsed = other.slowest_elapsed;
    slowest_at = other.slowest_at;
  }
  replies += other.replies;
  late += other.late;
}

nlohmann::json ReplyStats::Json() const {
  return {{"replies", replies},
          {"late", late},
          {"slowest", slowest},
          {"slowest_ms", slowest_elapsed.count()},
          {"slowest_at", slowest_at}};
}

}  // namespace ggp::agent::runner
