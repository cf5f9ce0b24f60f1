#include "agent/session/watchdog.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <vector>

#include "agent/session/reply_slot.h"

namespace ggp::agent {
namespace {

TEST(WatchdogTest, RunsCallbacksInDeadlineOrder) {
  std::mutex mu;
  std::vector<int> order;
  std::promise<void> done;
  {
    Watchdog w;
    auto now = Watchdog::Clock::now();
    w.Schedule(now + std::chrono::milliseconds(30), [&] {
      std::lock_guard<std::mutex> lock(mu);
      order.push_back(2);
      done.set_value();
    });
    w.Schedule(now + std::chrono::milliseconds(10), [&] {
      std::lock_guard<std::mutex> lock(mu);
      order.push_back(1);
    });
    w.Schedule(now - std::chrono::seconds(1), [&] {
      std::lock_guard<std::mutex> lock(mu);
      order.push_back(0);
    });
    done.get_future().wait();
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
}

TEST(WatchdogTest, TicksAndDropsPendingOnStop) {
  std::atomic<int> ticks{0};
  std::atomic<bool> ran{false};
  {
    Watchdog w([&] { ++ticks; }, std::chrono::milliseconds(1));
    w.Schedule(Watchdog::Clock::now() + std::chrono::hours(1), [&] { ran = true; });
    while (ticks.load() < 3) std::this_thread::yield();
    w.Stop();
  }
  EXPECT_GE(ticks.load(), 3);
  EXPECT_FALSE(ran.load());
}

TEST(ReplySlotTest, FirstSendWins) {
  std::vector<std::string> sent;
  ReplySlot slot([&](std::string s) { sent.push_back(std::move(s)); });
  EXPECT_FALSE(slot.sent());
  EXPECT_TRUE(slot.Send("(take 1)"));
  EXPECT_FALSE(slot.Send("noop"));
  EXPECT_TRUE(slot.sent());
  EXPECT_EQ(slot.body(), "(take 1)");
  EXPECT_EQ(sent, (std::vector<std::string>{"(take 1)"}));
}

}  // namespace
}  // namespace ggp::agent
