#pragma once
// A build budget: a wall-clock deadline plus a cap on the (estimated) bytes a build may
// hold. Grounding and the propnet build charge it as they grow and stop with a reason as
// soon as it is exceeded, so an exploding game is reported early instead of exhausting
// memory.
//
// Thread safety: a Budget belongs to one build on one thread; not synchronised.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace ggp::reasoner::ground {

struct BudgetOptions {
  double max_seconds = 30.0;               // wall time for grounding + propnet build
  size_t max_bytes = size_t{4} << 30;      // estimated bytes held by the build
};

class Budget {
 public:
  explicit Budget(const BudgetOptions& options)
      : options_(options),
        start_(std::chrono::steady_clock::now()),
        deadline_(start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(options.max_seconds))) {}

  // Adds `bytes` to the estimate. Returns false once the estimate is over the cap.
  bool Charge(size_t bytes) {
    bytes_ += bytes;
    return bytes_ <= options_.max_bytes;
  }
  // Cheap: reads the clock only every 1024 calls. Returns false once past the deadline.
  bool Tick() {
    if ((++ticks_ & 1023u) != 0) return true;
    return !TimeUp();
  }
  bool TimeUp() const { return std::chrono::steady_clock::now() > deadline_; }
  bool OverMemory() const { return bytes_ > options_.max_bytes; }
  // True while neither limit has been hit (reads the clock).
  bool Ok() const { return !OverMemory() && !TimeUp(); }

  // "exceeded the 30 s time budget" / "exceeded the 4096 MB memory budget (...)".
  std::string ExceededReason() const {
    if (OverMemory()) {
      return "exceeded the " + std::to_string(options_.max_bytes >> 20) + " MB size budget";
    }
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", options_.max_seconds);
    return std::string("exceeded the ") + seconds + " s time budget";
  }

  double ElapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  size_t bytes() const { return bytes_; }
  const BudgetOptions& options() const { return options_; }

 private:
  BudgetOptions options_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point deadline_;
  size_t bytes_ = 0;
  uint32_t ticks_ = 0;
};

}  // namespace ggp::reasoner::ground
