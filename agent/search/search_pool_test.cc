#include "agent/search/search_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <set>
#include <mutex>

namespace ggp::agent::search {
namespace {

class CountingJob final : public SearchJob {
 public:
  explicit CountingJob(int limit) : limit_(limit) {}
  bool RunBatch(int worker) override {
    const int inside = inside_.fetch_add(1) + 1;
    int seen = max_inside_.load();
    while (inside > seen && !max_inside_.compare_exchange_weak(seen, inside)) {
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      workers_.insert(worker);
    }
    const int n = batches_.fetch_add(1) + 1;
    inside_.fetch_sub(1);
    return limit_ <= 0 || n < limit_;
  }
  std::atomic<int> batches_{0};
  std::atomic<int> inside_{0};
  std::atomic<int> max_inside_{0};
  std::mutex mu_;
  std::set<int> workers_;

 private:
  int limit_;
};

TEST(SearchPoolTest, JobThatFinishesIsUnscheduled) {
  SearchPool pool(2);
  CountingJob job(50);
  pool.Add(&job);
  pool.WaitIdle(&job);
  EXPECT_FALSE(pool.Scheduled(&job));
  // Workers that were already inside may each finish one more batch.
  EXPECT_GE(job.batches_.load(), 50);
  EXPECT_LE(job.batches_.load(), 50 + pool.size());
  std::lock_guard<std::mutex> lock(job.mu_);
  for (int w : job.workers_) {
    EXPECT_GE(w, 0);
    EXPECT_LT(w, pool.size());
  }
}

TEST(SearchPoolTest, RemoveWaitsForRunningBatches) {
  SearchPool pool(2);
  CountingJob a(0), b(0);
  pool.Add(&a);
  pool.Add(&b);
  while (a.batches_.load() < 10 || b.batches_.load() < 10) std::this_thread::yield();
  pool.Remove(&a);
  EXPECT_EQ(a.inside_.load(), 0);
  const int after = a.batches_.load();
  while (b.batches_.load() < 100) std::this_thread::yield();
  EXPECT_EQ(a.batches_.load(), after);  // no batch of a after Remove returned
  pool.Remove(&b);
  EXPECT_FALSE(pool.Scheduled(&b));
}

// A job whose runs end with a batch that returns false; the first such batch blocks until
// released, so the test can restart the job while that batch is still inside.
class RestartableJob final : public SearchJob {
 public:
  bool RunBatch(int) override {
    const int n = batches_.fetch_add(1) + 1;
    if (n == 1) {
      inside_first_.set_value();
      release_.get_future().wait();
    }
    return false;  // every run is one batch
  }
  std::atomic<int> batches_{0};
  std::promise<void> inside_first_;
  std::promise<void> release_;
};

TEST(SearchPoolTest, AddDuringAFinishingBatchIsNotLost) {
  SearchPool pool(1);
  RestartableJob job;
  auto inside = job.inside_first_.get_future();
  pool.Add(&job);
  inside.wait();
  pool.Add(&job);  // restart while the first run's last batch is still inside
  job.release_.set_value();
  pool.WaitIdle(&job);
  EXPECT_EQ(job.batches_.load(), 2);  // the restart ran: one more batch after the first
  EXPECT_FALSE(pool.Scheduled(&job));
}

TEST(SearchPoolTest, GlobalPoolHasAtLeastOneThread) { EXPECT_GE(SearchPool::Global().size(), 1); }

}  // namespace
}  // namespace ggp::agent::search
