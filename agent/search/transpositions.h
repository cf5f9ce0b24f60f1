#pragma once
// The transposition table of one MCTS search: which node holds a (state, ply) pair, so that
// a state reached by several move orders is one node with several parents (the search tree
// becomes a graph; node.h counts the references).
//
// Keys are (state, ply): a state met again at another ply is a new node, so every edge goes
// from ply p to ply p + 1 and the graph has no cycles (selection always ends). States are
// compared on the machine's live bits (StateMachine::LiveFluentMask): two that differ only
// in dead fluents have one future, and share a node (the first one's state).
//
// The table does not own its nodes. Its user enters only nodes reachable from the current
// root and replaces the table before any node can be freed (tree reuse, a new root), so an
// entry never outlives its node (a dropped table's entries are never read again).
//
// Thread safety: Find, Insert and size may be called by any number of threads at once
// (sharded locks; held for one bucket walk).

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "agent/search/node.h"
#include "reasoner/state.h"

namespace ggp::agent::search {

class TranspositionTable {
 public:
  // Bytes an entry is charged to the search's memory budget: a 16-byte slot at a load
  // factor between 3/8 and 3/4.
  static constexpr int64_t kEntryBytes = 32;

  // `keep`: the live bits states are compared on (empty: all). It must outlive the table.
  explicit TranspositionTable(std::span<const uint64_t> keep = {}) : keep_(keep) {}

  // The key of a state at `ply`, from its key under the same `keep`
  // (StateMachine::TranspositionKey or Node::StateKey, both well mixed).
  static uint64_t Key(size_t state_key, uint32_t ply) {
    return static_cast<uint64_t>(state_key) ^ ((ply + 1) * 0x9E3779B97F4A7C15ull);
  }

  // The node entered for (state, ply) under `key`, or null.
  Node* Find(uint64_t key, const reasoner::State& state, uint32_t ply) const;
  // Enters `node` under `key` unless a node of the same state and ply is entered already.
  // Returns the node that holds the pair afterwards (`node` if it was entered).
  Node* Insert(uint64_t key, Node* node);
  int64_t size() const;

 private:
  static constexpr size_t kShards = 64;
  static constexpr size_t kFirstSlots = 256;
  struct Slot {
    uint64_t key = 0;
    Node* node = nullptr;  // null: empty
  };
  // Open addressing, linear probing; grows (rehash of this shard only) at 3/4 load.
  struct alignas(64) Shard {
    mutable std::mutex mu;
    std::vector<Slot> slots;  // guarded by mu; size a power of two (or 0)
    size_t used = 0;          // guarded by mu
  };
  Shard& ShardOf(uint64_t key) const { return shards_[key >> 58]; }
  static void Grow(Shard& shard);

  std::span<const uint64_t> keep_;
  mutable std::array<Shard, kShards> shards_;
};

}  // namespace ggp::agent::search
