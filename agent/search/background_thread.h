#pragma once
// One body of work on a thread of its own, with a cooperative stop: what the puzzle
// searches (puzzle_solver.h, nrpa.h) share to run beside the MCTS.
//
// Launch(body) stops a running body, then runs `body` on a new thread; Running() is true
// from Launch until the body has returned (set before Launch returns, cleared after the
// body's last write, so a reader that sees false sees everything the body did). The body
// polls Stopping() and returns soon after it turns true. Stop() raises it, joins the
// thread and lowers it again, so Stopping() is false whenever no Stop() is under way
// (work run on the caller's own thread meanwhile is never told to stop). A body that waits
// between pieces of work waits in WaitUntil, which Stop() wakes.
//
// Threading: Launch and Stop are called by one controlling thread; Running and Stopping
// from any thread. The destructor stops and joins; an owner whose body reads its other
// members must call Stop() in its own destructor (members die in reverse order).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace ggp::agent::search {

class BackgroundThread {
 public:
  BackgroundThread() = default;
  ~BackgroundThread() { Stop(); }
  BackgroundThread(const BackgroundThread&) = delete;
  BackgroundThread& operator=(const BackgroundThread&) = delete;

  void Launch(std::function<void()> body) {
    Stop();
    running_.store(true, std::memory_order_release);
    thread_ = std::thread([this, body = std::move(body)] {
      body();
      running_.store(false, std::memory_order_release);
    });
  }

  // Blocks until the body has returned. The body must poll Stopping() (or wait in
  // WaitUntil, which Stop wakes).
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_.store(true, std::memory_order_release);
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    running_.store(false, std::memory_order_release);
    stop_.store(false, std::memory_order_release);
  }

  bool Running() const { return running_.load(std::memory_order_acquire); }
  bool Stopping() const { return stop_.load(std::memory_order_acquire); }
  // The flag Stopping() reads, for bodies that take a stop flag.
  const std::atomic<bool>* StopFlag() const { return &stop_; }

  // For the body: blocks until `until` or until Stop() is called, whichever comes first
  // (woken at once, not at a polling step). True if stopping.
  template <typename Clock, typename Duration>
  bool WaitUntil(std::chrono::time_point<Clock, Duration> until) {
    std::unique_lock<std::mutex> lock(mu_);
    return wake_.wait_until(lock, until, [this] { return Stopping(); });
  }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> running_{false};
  std::mutex mu_;  // orders Stop's raise of stop_ with WaitUntil's check
  std::condition_variable wake_;
};

}  // namespace ggp::agent::search
