#include "agent/search/node_collector.h"

namespace ggp::agent::search {

NodeCollector::NodeCollector() : thread_([this] { Loop(); }) {}

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

void NodeCollector::Loop() {
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
    item.account.reset();
    item.garbage.reset();
    lock.lock();
    busy_ = false;
    idle_cv_.notify_all();
  }
}

}  // namespace ggp::agent::search
