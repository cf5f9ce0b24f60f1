// Transpositions of MctsSearch (SearchParams::transpositions): the table of (state, ply)
// -> node that turns the tree into a graph, and its epochs across root changes.

#include <utility>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {

void MctsSearch::ClearTable() {
  links_.store(0, std::memory_order_relaxed);
  if (!table_) return;
  ++epoch_;
  if (epoch_ == 0) epoch_ = 1;  // 0 marks a node never entered
  const int64_t entries = table_->size();
  if (entries == 0) return;
  account_->bytes.fetch_sub(entries * TranspositionTable::kEntryBytes, std::memory_order_relaxed);
  // A large table's memory goes back on the collector's thread, not in the play clock.
  NodeCollector::Global().Dispose(
      std::exchange(table_, std::make_shared<TranspositionTable>(live_mask_)));
}

void MctsSearch::EnterNode(Node& node) {
  node.epoch().store(epoch_, std::memory_order_relaxed);
  const uint64_t key = TranspositionTable::Key(node.StateKey(live_mask_), node.ply());
  if (table_->Insert(key, &node) == &node) {
    account_->bytes.fetch_add(TranspositionTable::kEntryBytes, std::memory_order_relaxed);
  }
}

Node* MctsSearch::LinkTransposition(Node& node, uint32_t joint, WorkerContext& c, uint64_t* key) {
  const uint32_t ply = node.ply() + 1;
  *key = TranspositionTable::Key(live_mask_.empty()
                                     ? c.next.Hash()
                                     : reasoner::State::HashWordsMasked(c.next.words(), live_mask_),
                                 ply);
  Node* known = table_->Find(*key, c.next, ply);
  if (known == nullptr) return nullptr;
  // `known` is reachable from the root (the table holds nothing else), so the count
  // taken back below cannot be its last.
  known->AddRef();
  if (node.TryAttach(joint, known)) {
    links_.fetch_add(1, std::memory_order_relaxed);
    return known;
  }
  known->DropRef();  // another thread filled the slot first: follow theirs
  return node.child(joint);
}

}  // namespace ggp::agent::search
