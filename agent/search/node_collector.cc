#include "agent/search/node_collector.h"

#include <spdlog/spdlog.h>

#include "agent/player/memory_release.h"

namespace ggp::agent::search {

NodeCollector::NodeCollector() {
  // The collector logs from its thread (ReturnMemory). Statics are destroyed in the reverse
  // order of their construction, so spdlog's registry (and the default logger's sinks) must
  // exist before this one does: otherwise a process that exits while the thread logs tears
  // the logger down under it before the destructor below has joined the thread.
  spdlog::default_logger_raw();
  thread_ = std::thread([this] { Loop(); });
}

NodeCollector::~NodeCollector() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

NodeCollector& NodeCollector::Global() {
  static NodeCollector collector;
  return collector;
}

void NodeCollector::Free(std::unique_ptr<Node> subtree, std::shared_ptr<TreeAccount> account) {
  if (!subtree) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back({std::move(account), std::move(subtree), nullptr});
  }
  cv_.notify_one();
}

void NodeCollector::Dispose(std::shared_ptr<void> garbage) {
  if (!garbage) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back({nullptr, nullptr, std::move(garbage)});
  }
  cv_.notify_one();
}

void NodeCollector::Drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void NodeCollector::ReturnMemory() {
  const MemoryReturned r = ReturnFreedMemory();
  constexpr int64_t kMiB = int64_t{1} << 20;
  if (r.supported && r.rss_before - r.rss_after >= 16 * kMiB) {
    spdlog::info("search trees freed: resident memory {} -> {} MB", r.rss_before / kMiB,
                 r.rss_after / kMiB);
  }
}

void NodeCollector::Loop() {
  bool release_pending = false;
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) {
      if (stopping_) return;
      continue;
    }
    auto item = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    const FreedCount freed = FreeTree(std::move(item.subtree));
    if (item.account) {
      item.account->nodes.fetch_sub(freed.nodes, std::memory_order_relaxed);
      item.account->bytes.fetch_sub(freed.bytes, std::memory_order_relaxed);
    }
    // A tree's last reference (its pool's slabs) or a disposed table: memory worth handing
    // back to the system once the queue is empty (memory_release.h).
    if ((item.account && item.account.use_count() == 1) || item.garbage) release_pending = true;
    item.account.reset();
    item.garbage.reset();
    lock.lock();
    if (release_pending && queue_.empty() && !stopping_) {
      release_pending = false;
      lock.unlock();
      ReturnMemory();
      lock.lock();
    }
    busy_ = false;
    idle_cv_.notify_all();
  }
}

}  // namespace ggp::agent::search
