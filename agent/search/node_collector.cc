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
    queue_.emplace_back(std::move(subtree), std::move(account));
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
    const FreedCount freed = FreeTree(std::move(item.first));
    if (item.second) {
      item.second->nodes.fetch_sub(freed.nodes, std::memory_order_relaxed);
      item.second->bytes.fetch_sub(freed.bytes, std::memory_order_relaxed);
    }
    item.second.reset();
    lock.lock();
    busy_ = false;
    idle_cv_.notify_all();
  }
}

}  // namespace ggp::agent::search
