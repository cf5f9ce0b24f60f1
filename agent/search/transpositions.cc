#include "agent/search/transpositions.h"

#include <utility>

namespace ggp::agent::search {

Node* TranspositionTable::Find(uint64_t key, const reasoner::State& state, uint32_t ply) const {
  Shard& shard = ShardOf(key);
  std::lock_guard<std::mutex> lock(shard.mu);
  if (shard.slots.empty()) return nullptr;
  const size_t mask = shard.slots.size() - 1;
  for (size_t i = key & mask;; i = (i + 1) & mask) {
    const Slot& slot = shard.slots[i];
    if (slot.node == nullptr) return nullptr;
    if (slot.key == key && slot.node->ply() == ply && slot.node->HasState(state, keep_))
      return slot.node;
  }
}

Node* TranspositionTable::Insert(uint64_t key, Node* node) {
  Shard& shard = ShardOf(key);
  std::lock_guard<std::mutex> lock(shard.mu);
  if ((shard.used + 1) * 4 > shard.slots.size() * 3) Grow(shard);
  const size_t mask = shard.slots.size() - 1;
  for (size_t i = key & mask;; i = (i + 1) & mask) {
    Slot& slot = shard.slots[i];
    if (slot.node == nullptr) {
      slot = {key, node};
      ++shard.used;
      return node;
    }
    if (slot.key == key && slot.node->ply() == node->ply() && slot.node->SameState(*node, keep_)) {
      return slot.node;
    }
  }
}

void TranspositionTable::Grow(Shard& shard) {
  std::vector<Slot> old = std::exchange(
      shard.slots, std::vector<Slot>(shard.slots.empty() ? kFirstSlots : shard.slots.size() * 2));
  const size_t mask = shard.slots.size() - 1;
  for (const Slot& slot : old) {
    if (slot.node == nullptr) continue;
    size_t i = slot.key & mask;
    while (shard.slots[i].node != nullptr) i = (i + 1) & mask;
    shard.slots[i] = slot;
  }
}

int64_t TranspositionTable::size() const {
  int64_t n = 0;
  for (const Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mu);
    n += static_cast<int64_t>(shard.used);
  }
  return n;
}

}  // namespace ggp::agent::search
