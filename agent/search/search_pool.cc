#include "agent/search/search_pool.h"

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <exception>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

namespace ggp::agent::search {
namespace {

std::atomic<int> g_global_threads{0};
constexpr int kWorkerNice = 5;

}  // namespace

SearchPool::SearchPool(int num_threads) {
  // The workers log; spdlog's registry must outlive the global pool (made before it, so
  // destroyed after it at exit: node_collector.cc says why).
  spdlog::default_logger_raw();
  const int n = std::max(1, num_threads);
  threads_.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) threads_.emplace_back([this, i] { WorkerLoop(i); });
}

SearchPool::~SearchPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    jobs_.clear();
  }
  work_cv_.notify_all();
  for (std::thread& t : threads_) t.join();
}

SearchPool& SearchPool::Global() {
  static SearchPool pool([] {
    int n = g_global_threads.load();
    if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
    return n <= 0 ? 1 : n;
  }());
  return pool;
}

void SearchPool::SetGlobalThreads(int n) { g_global_threads.store(n); }

void SearchPool::Add(SearchJob* job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++job->adds_;
    if (job->scheduled_ || stopping_) return;
    job->scheduled_ = true;
    jobs_.push_back(job);
  }
  work_cv_.notify_all();
}

void SearchPool::Remove(SearchJob* job) {
  std::unique_lock<std::mutex> lock(mu_);
  if (job->scheduled_) {
    job->scheduled_ = false;
    jobs_.erase(std::find(jobs_.begin(), jobs_.end(), job));
  }
  done_cv_.wait(lock, [job] { return job->running_ == 0; });
}

void SearchPool::WaitIdle(SearchJob* job) {
  std::unique_lock<std::mutex> lock(mu_);
  done_cv_.wait(lock, [job] { return !job->scheduled_ && job->running_ == 0; });
}

bool SearchPool::Scheduled(SearchJob* job) {
  std::lock_guard<std::mutex> lock(mu_);
  return job->scheduled_;
}

void SearchPool::WorkerLoop(int index) {
  // Workers run a little below normal priority so that the threads that must answer on
  // time (sessions, HTTP I/O) get the CPU as soon as they wake. Best effort.
  errno = 0;
  const int base = getpriority(PRIO_PROCESS, 0);
  const int nice_value = std::min(19, (errno == 0 ? base : 0) + kWorkerNice);
  if (setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice_value) != 0) {
    spdlog::debug("search worker {}: could not lower its priority", index);
  }
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    work_cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    SearchJob* job = jobs_[next_++ % jobs_.size()];
    ++job->running_;
    const unsigned adds_before = job->adds_;
    lock.unlock();
    bool more = false;
    try {
      more = job->RunBatch(index);
    } catch (const std::exception& e) {
      // A failing job is unscheduled rather than taking the process down; its owner
      // still answers from what it has.
      spdlog::error("search worker {}: {}", index, e.what());
    }
    lock.lock();
    --job->running_;
    if (!more && job->scheduled_ && job->adds_ == adds_before) {
      job->scheduled_ = false;
      jobs_.erase(std::find(jobs_.begin(), jobs_.end(), job));
    }
    done_cv_.notify_all();
  }
}

}  // namespace ggp::agent::search
