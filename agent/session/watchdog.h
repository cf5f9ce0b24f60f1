#pragma once
// One timer thread for the whole player: runs short callbacks at their deadlines (send the
// fallback move, send `ready`) and a periodic tick (expire stalled matches, reap finished
// sessions). Callbacks run on the watchdog thread, one at a time, in deadline order, and
// must be quick and never block on a search (they read a fallback string under a small
// lock and call a Responder).
//
// Thread safety: Schedule may be called from any thread, including from a callback.
// Stop() (or the destructor) joins the thread; callbacks not yet due are dropped.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

namespace ggp::agent {

class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;
  using Callback = std::function<void()>;

  // `tick` (may be empty) runs every `tick_period` on the watchdog thread.
  explicit Watchdog(Callback tick = {},
                    std::chrono::milliseconds tick_period = std::chrono::milliseconds(1000));
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Runs `callback` at `when` (at once if that has passed).
  void Schedule(Clock::time_point when, Callback callback);

  void Stop();

 private:
  struct Item {
    Clock::time_point when;
    unsigned long long seq;
    Callback callback;
  };
  struct Later {
    bool operator()(const Item& a, const Item& b) const {
      return a.when != b.when ? a.when > b.when : a.seq > b.seq;
    }
  };
  void Run();

  Callback tick_;
  std::chrono::milliseconds tick_period_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::priority_queue<Item, std::vector<Item>, Later> items_;
  unsigned long long next_seq_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ggp::agent
