#include "agent/search/background_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace ggp::agent::search {
namespace {

// Waits (bounded) until `done` holds; false if it never did.
template <typename F>
bool Eventually(F done) {
  for (int i = 0; i < 5000 && !done(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return done();
}

TEST(BackgroundThreadTest, RunsTheBodyUntilStoppedThenLowersBothFlags) {
  BackgroundThread worker;
  std::atomic<int> laps{0};
  std::atomic<bool> saw_stop{false};
  worker.Launch([&] {
    while (!worker.Stopping()) laps.fetch_add(1);
    saw_stop = true;
  });
  EXPECT_TRUE(worker.Running());
  ASSERT_TRUE(Eventually([&] { return laps.load() > 0; }));
  EXPECT_FALSE(worker.Stopping());
  worker.Stop();
  EXPECT_TRUE(saw_stop.load());
  EXPECT_FALSE(worker.Running());
  // Lowered again: work on the caller's thread after a Stop() is not told to stop.
  EXPECT_FALSE(worker.Stopping());
}

TEST(BackgroundThreadTest, RunningFallsWhenTheBodyReturnsAndItsWritesAreVisible) {
  BackgroundThread worker;
  int result = 0;  // written by the body only; read after Running() is seen false
  worker.Launch([&] { result = 42; });
  ASSERT_TRUE(Eventually([&] { return !worker.Running(); }));
  EXPECT_EQ(result, 42);
  worker.Stop();  // joins a finished thread
  EXPECT_FALSE(worker.Running());
}

TEST(BackgroundThreadTest, LaunchStopsTheRunningBodyFirst) {
  BackgroundThread worker;
  std::atomic<int> first_ended{0};
  std::atomic<bool> second_started{false};
  worker.Launch([&] {
    while (!worker.Stopping()) std::this_thread::yield();
    first_ended = second_started ? 2 : 1;  // 1: it ended before the second began
  });
  worker.Launch([&] { second_started = true; });
  ASSERT_TRUE(Eventually([&] { return second_started.load(); }));
  EXPECT_EQ(first_ended.load(), 1);
}

TEST(BackgroundThreadTest, DestructorStopsAndJoins) {
  std::atomic<bool> ended{false};
  {
    BackgroundThread worker;
    worker.Launch([&] {
      while (!worker.Stopping()) std::this_thread::yield();
      ended = true;
    });
  }
  EXPECT_TRUE(ended.load());
}

TEST(BackgroundThreadTest, StopWakesABodyWaitingUntilLater) {
  BackgroundThread worker;
  std::atomic<bool> waiting{false}, stopped{false};
  worker.Launch([&] {
    waiting = true;
    // An hour: only Stop() ends this wait (the test would hang without the wake).
    stopped = worker.WaitUntil(std::chrono::steady_clock::now() + std::chrono::hours(1));
  });
  ASSERT_TRUE(Eventually([&] { return waiting.load(); }));
  worker.Stop();
  EXPECT_TRUE(stopped.load());
  EXPECT_FALSE(worker.Running());
}

TEST(BackgroundThreadTest, WaitUntilReturnsFalseAtItsTimeWithoutAStop) {
  BackgroundThread worker;
  std::atomic<int> result{-1};
  worker.Launch([&] { result = worker.WaitUntil(std::chrono::steady_clock::now()) ? 1 : 0; });
  ASSERT_TRUE(Eventually([&] { return !worker.Running(); }));
  EXPECT_EQ(result.load(), 0);
}

}  // namespace
}  // namespace ggp::agent::search
