#pragma once
// A build budget: a wall-clock deadline plus a cap on the memory a build may hold.
// Grounding and the propnet build charge it as they grow and stop with a reason as soon
// as it is exceeded, so an exploding game is reported early instead of exhausting memory.
//
// Memory is judged two ways, and either one over the cap stops the build: the builders'
// own estimate of what they hold (Charge), and the growth of the process's resident
// memory since the budget was made, read from the operating system at every Charge. The
// estimate misses allocator and index overhead; the resident growth catches that, but
// also counts whatever other threads allocate meanwhile (another match's search tree),
// so with several builds or searches at once it errs on the side of stopping early.
//
// A build can also be cancelled from another thread (the match it was for has ended):
// `cancel`, when set, is read wherever the deadline is, and a set flag counts as time up.
//
// Thread safety: a Budget belongs to one build on one thread; not synchronised, except
// that the `cancel` flag it points to may be set from any thread.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace ggp::reasoner::ground {

struct BudgetOptions {
  double max_seconds = 30.0;           // wall time for grounding + propnet build
  size_t max_bytes = size_t{4} << 30;  // bytes the build may hold (see above)
  // Not owned; when non-null it must outlive the build. Set = stop as soon as possible.
  const std::atomic<bool>* cancel = nullptr;
};

// The process's resident memory in bytes (Linux: /proc/self/statm), or 0 if unknown.
size_t ResidentBytes();
// The process's peak resident memory so far in bytes (Linux: VmHWM), or 0 if unknown.
size_t PeakResidentBytes();

class Budget {
 public:
  explicit Budget(const BudgetOptions& options)
      : options_(options),
        resident_start_(ResidentBytes()),
        start_(std::chrono::steady_clock::now()),
        deadline_(start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(options.max_seconds))) {}

  // Adds `bytes` to the estimate and reads the resident growth. Returns false once either
  // is over the cap. Costs a small file read: call it every few thousand allocations.
  bool Charge(size_t bytes) {
    bytes_ += bytes;
    const size_t resident = ResidentBytes();
    if (resident > resident_start_)
      resident_growth_ = std::max(resident_growth_, resident - resident_start_);
    return !OverMemory();
  }
  // Takes `bytes` charged earlier off the estimate (a structure that was freed).
  void Release(size_t bytes) { bytes_ -= std::min(bytes, bytes_); }
  // Cheap: reads the clock only every 1024 calls. Returns false once past the deadline.
  bool Tick() {
    if ((++ticks_ & 1023u) != 0) return true;
    return !TimeUp();
  }
  bool TimeUp() const { return Cancelled() || std::chrono::steady_clock::now() > deadline_; }
  bool Cancelled() const {
    return options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed);
  }
  bool OverMemory() const {
    return bytes_ > options_.max_bytes || resident_growth_ > options_.max_bytes;
  }
  // True while neither limit has been hit (reads the clock).
  bool Ok() const { return !OverMemory() && !TimeUp(); }

  // "exceeded the 30 s time budget" / "exceeded the 4096 MB memory budget (estimate 812
  // MB, resident growth 4101 MB)".
  std::string ExceededReason() const {
    if (OverMemory()) {
      return "exceeded the " + std::to_string(options_.max_bytes >> 20) +
             " MB memory budget (estimate " + std::to_string(bytes_ >> 20) +
             " MB, resident growth " + std::to_string(resident_growth_ >> 20) + " MB)";
    }
    if (Cancelled()) return "was cancelled";
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", options_.max_seconds);
    return std::string("exceeded the ") + seconds + " s time budget";
  }

  double ElapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  size_t bytes() const { return bytes_; }
  size_t resident_growth() const { return resident_growth_; }
  const BudgetOptions& options() const { return options_; }

 private:
  BudgetOptions options_;
  size_t resident_start_;
  size_t resident_growth_ = 0;  // largest growth seen at a Charge
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point deadline_;
  size_t bytes_ = 0;
  uint32_t ticks_ = 0;
};

}  // namespace ggp::reasoner::ground
