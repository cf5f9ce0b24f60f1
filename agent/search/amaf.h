#pragma once
// All-moves-as-first statistics for GRAVE (Cazenave, "Generalized Rapid Action Value
// Estimation", IJCAI 2015; RAVE: Gelly & Silver, ICML 2007).
//
// An AmafTable belongs to one tree node. For every role and move it holds the reward sum
// and count of the iterations through that node in which the role played the move
// anywhere below the node (in the tree or in the playout), each move counted once per
// iteration. Moves are keyed by id (dense per role in every back end) masked to the
// table's size: ids beyond it share slots, which only blurs their statistics. Unlike the
// node's own MoveStat, a table also knows moves that are not legal at its node, which is
// what lets a node where one role waits serve as the reference of a node where it moves.
//
// Thread safety: any number of search threads read and add concurrently. A table keeps
// `copies` separate sets of counters; each search thread adds to its own copy (thread
// index modulo copies) and readers sum the copies, so threads do not fight over the cache
// lines of the hot tables near the root. Additions are relaxed load + store pairs, not
// read-modify-writes: two threads sharing a copy may lose an addition, which costs a
// sample, never consistency of anything else.
//
// AmafTrace is the per-thread set of (role, move) pairs played in the current iteration,
// built bottom-up during backup. Not thread-safe; does not allocate once the move ids
// and the per-iteration list have reached their working sizes.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::agent::search {

class AmafTable {
 public:
  // `slots_per_role` is rounded up to a power of two; `copies` >= 1.
  AmafTable(int num_roles, uint32_t slots_per_role, uint32_t copies = 1);

  // Adds to copy `copy` (any value; taken modulo the number of copies).
  void Add(uint32_t copy, int role, reasoner::Move move, float reward) {
    Entry& e = entries_[Base(copy) + Slot(role, move)];
    e.sum.store(e.sum.load(std::memory_order_relaxed) + reward, std::memory_order_relaxed);
    e.count.store(e.count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  // Counts one iteration that updated the table (the reference test reads it).
  void AddSample(uint32_t copy) {
    std::atomic<uint32_t>& n = samples_[copy % copies_].n;
    n.store(n.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  uint32_t samples() const {
    uint32_t total = 0;
    for (uint32_t i = 0; i < copies_; ++i) total += samples_[i].n.load(std::memory_order_relaxed);
    return total;
  }
  uint32_t count(int role, reasoner::Move move) const { return Total(&Entry::count, role, move); }
  float sum(int role, reasoner::Move move) const { return Total(&Entry::sum, role, move); }
  uint32_t slots_per_role() const { return mask_ + 1; }
  size_t bytes() const { return bytes_; }

 private:
  struct Entry {
    std::atomic<float> sum{0.0f};
    std::atomic<uint32_t> count{0};
  };
  struct alignas(64) Counter {
    std::atomic<uint32_t> n{0};
  };
  size_t Slot(int role, reasoner::Move move) const {
    return static_cast<size_t>(role) * (mask_ + 1) + (static_cast<uint32_t>(move) & mask_);
  }
  size_t Base(uint32_t copy) const { return (copy % copies_) * stride_; }
  // One field of a slot, summed over the copies.
  template <typename T>
  T Total(std::atomic<T> Entry::*field, int role, reasoner::Move move) const {
    T total = 0;
    const size_t slot = Slot(role, move);
    for (uint32_t i = 0; i < copies_; ++i) {
      total += (entries_[i * stride_ + slot].*field).load(std::memory_order_relaxed);
    }
    return total;
  }

  uint32_t mask_;
  uint32_t copies_;
  size_t stride_;  // entries per copy, padded to whole cache lines
  size_t bytes_;
  std::unique_ptr<Entry[]> entries_;
  std::unique_ptr<Counter[]> samples_;
};

class AmafTrace {
 public:
  struct Played {
    int role;
    reasoner::Move move;
  };

  void Init(int num_roles);
  // Starts a new iteration: forgets every pair.
  void Begin();
  // Adds (role, move) unless it is already in the set.
  void Add(int role, reasoner::Move move) {
    if (move < 0) return;
    std::vector<uint32_t>& stamps = stamps_[static_cast<size_t>(role)];
    const size_t m = static_cast<size_t>(move);
    if (m >= stamps.size()) Grow(&stamps, m);
    if (stamps[m] == epoch_) return;
    stamps[m] = epoch_;
    played_.push_back({role, move});
    if (move > max_move_) max_move_ = move;
  }
  // Credits every pair in the set to copy `copy` of `table` with its role's reward.
  void Credit(AmafTable& table, const double* rewards, uint32_t copy) const {
    for (const Played& p : played_) {
      table.Add(copy, p.role, p.move, static_cast<float>(rewards[p.role]));
    }
    table.AddSample(copy);
  }
  const std::vector<Played>& played() const { return played_; }
  // The largest move id this thread has seen (sizes new tables).
  reasoner::Move max_move() const { return max_move_; }

 private:
  static void Grow(std::vector<uint32_t>* stamps, size_t m);

  std::vector<std::vector<uint32_t>> stamps_;  // per role, indexed by move id
  std::vector<Played> played_;
  uint32_t epoch_ = 0;
  reasoner::Move max_move_ = 0;
};

}  // namespace ggp::agent::search
