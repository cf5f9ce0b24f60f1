#include "agent/session/watchdog.h"

#include <spdlog/spdlog.h>

#include <exception>

namespace ggp::agent {

Watchdog::Watchdog(Callback tick, std::chrono::milliseconds tick_period)
    : tick_(std::move(tick)), tick_period_(tick_period) {
  thread_ = std::thread([this] { Run(); });
}

Watchdog::~Watchdog() { Stop(); }

void Watchdog::Schedule(Clock::time_point when, Callback callback) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return;
    items_.push(Item{when, next_seq_++, std::move(callback)});
  }
  cv_.notify_one();
}

void Watchdog::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void Watchdog::Run() {
  auto next_tick = Clock::now() + tick_period_;
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    auto now = Clock::now();
    if (!items_.empty() && items_.top().when <= now) {
      Callback cb = std::move(const_cast<Item&>(items_.top()).callback);
      items_.pop();
      lock.unlock();
      try {
        cb();
      } catch (const std::exception& e) {
        spdlog::error("watchdog callback failed: {}", e.what());
      }
      lock.lock();
      continue;
    }
    if (tick_ && now >= next_tick) {
      next_tick = now + tick_period_;
      lock.unlock();
      try {
        tick_();
      } catch (const std::exception& e) {
        spdlog::error("watchdog tick failed: {}", e.what());
      }
      lock.lock();
      continue;
    }
    auto wake = tick_ ? next_tick : now + std::chrono::hours(1);
    if (!items_.empty() && items_.top().when < wake) wake = items_.top().when;
    cv_.wait_until(lock, wake);
  }
}

}  // namespace ggp::agent
