#pragma once
// Frees discarded subtrees on a background thread, so that tree reuse (Advance) and the
// end of a match never spend the play clock in free().
//
// Each freed subtree is charged back to the TreeAccount it came from: the account's node
// and byte counts drop as the collector frees, so a search's memory budget sees the space
// come back a little later.
//
// Once the queue is empty after a tree's last reference (its pool) or a disposed container
// was dropped, the collector hands the freed memory back to the system
// (agent/player/memory_release.h) and logs how much, so that a finished match does not keep
// its tree's gigabytes resident (nor out of the next match's automatic tree budget).
//
// Thread safety: Free and Drain may be called from any thread. Free never blocks on the
// freeing itself (it takes a mutex briefly). Drain blocks until the queue is empty (tests).

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "agent/search/node.h"

namespace ggp::agent::search {

// Nodes and bytes of one tree (one search), and the pool its nodes live in. Shared with
// pending frees, so the pool outlives every node of the tree.
struct TreeAccount {
  std::atomic<int64_t> nodes{0};
  std::atomic<int64_t> bytes{0};
  NodePool pool;
};

class NodeCollector {
 public:
  NodeCollector();
  ~NodeCollector();  // frees whatever is still queued, then joins
  NodeCollector(const NodeCollector&) = delete;
  NodeCollector& operator=(const NodeCollector&) = delete;

  // The process-wide collector.
  static NodeCollector& Global();

  void Free(std::unique_ptr<Node> subtree, std::shared_ptr<TreeAccount> account);
  // Drops `garbage` (its last owner) on the collector's thread: large containers whose
  // destruction would otherwise take the play clock (e.g. a transposition table).
  void Dispose(std::shared_ptr<void> garbage);
  void Drain();

 private:
  struct Item {
    std::shared_ptr<TreeAccount> account;  // first: destroyed after the subtree (its pool)
    std::unique_ptr<Node> subtree;
    std::shared_ptr<void> garbage;
  };
  void Loop();
  void ReturnMemory();  // collector thread, mu_ not held

  std::mutex mu_;
  std::condition_variable cv_;
  std::condition_variable idle_cv_;
  std::deque<Item> queue_;  // mu_
  bool busy_ = false;      // mu_
  bool stopping_ = false;  // mu_
  std::thread thread_;
};

}  // namespace ggp::agent::search
