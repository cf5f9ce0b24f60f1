#pragma once
// One pool of worker threads shared by every search of the process (all matches).
//
// A search registers itself as a SearchJob with Add(); each worker repeatedly picks the
// next registered job (round robin) and calls RunBatch(worker) on it, which runs a short
// slice of work (about a millisecond) and returns. Remove() takes a job out and blocks
// until no worker is inside its RunBatch any more, so a search can pause cleanly.
//
// Workers run 5 nice levels below the process (Linux per-thread priority) so that the
// threads that answer messages preempt them promptly.
//
// Contracts:
//  - RunBatch(worker) is called with worker in [0, size()); calls with the same worker
//    index never overlap, so a job may keep one scratch context per worker index.
//    Calls with different indices run concurrently.
//  - A job that returns false from RunBatch is taken out of the schedule (it has finished,
//    e.g. its iteration limit is reached); Add() puts it back. An Add() that happens while
//    a batch runs wins over that batch's false: the job stays scheduled (a restart is
//    never lost to a worker that was finishing the previous run).
//  - Add, Remove, WaitIdle and Scheduled are thread-safe. Remove and WaitIdle block;
//    they must not be called from inside RunBatch.
//  - The job object must stay alive from Add until Remove (or WaitIdle) has returned.

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace ggp::agent::search {

class SearchJob {
 public:
  virtual ~SearchJob() = default;
  // Runs a short slice of work on worker `worker`. Returns false when the job is done.
  virtual bool RunBatch(int worker) = 0;

 private:
  friend class SearchPool;
  int running_ = 0;        // workers inside RunBatch; guarded by the pool's mutex
  bool scheduled_ = false;  // in the run list; guarded by the pool's mutex
  unsigned adds_ = 0;       // Add() calls so far; guarded by the pool's mutex
};

class SearchPool {
 public:
  // Starts `num_threads` (>= 1) workers.
  explicit SearchPool(int num_threads);
  // Stops and joins the workers. No job may be registered any more.
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  // The process-wide pool, created on first use with SetGlobalThreads' value (default:
  // every hardware thread).
  static SearchPool& Global();
  // Sets the size of the global pool; only effective before the first Global() call.
  // n <= 0 means every hardware thread.
  static void SetGlobalThreads(int n);

  int size() const { return static_cast<int>(threads_.size()); }

  void Add(SearchJob* job);
  void Remove(SearchJob* job);
  // Blocks until `job` is neither scheduled nor running (it finished by itself or was
  // removed).
  void WaitIdle(SearchJob* job);
  bool Scheduled(SearchJob* job);

 private:
  void WorkerLoop(int index);

  std::mutex mu_;
  std::condition_variable work_cv_;  // jobs_ became non-empty or stopping_
  std::condition_variable done_cv_;  // some job's running_ dropped or it was unscheduled
  std::vector<SearchJob*> jobs_;     // guarded by mu_
  size_t next_ = 0;                  // round-robin cursor; guarded by mu_
  bool stopping_ = false;            // guarded by mu_
  std::vector<std::thread> threads_;
};

}  // namespace ggp::agent::search
