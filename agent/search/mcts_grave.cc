// GRAVE bookkeeping of an iteration: AMAF tables on nodes, the reference table of each
// step, and the bottom-up credit of the moves played (mcts_search.h, amaf.h).

#include <algorithm>
#include <bit>
#include <memory>

#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

// Per role. Bounds a copy at 8 KB per role; larger move ids share slots.
constexpr uint32_t kMaxSlots = 1024;
constexpr uint32_t kMinSlots = 16;
// Counter copies per table (amaf.h): threads beyond this share copies.
constexpr uint32_t kMaxCopies = 4;

}  // namespace

void MctsSearch::AddAmafTable(Node& node, WorkerContext& c) {
  // Tables may use half the memory budget; the tree keeps the rest.
  if (account_->bytes.load(std::memory_order_relaxed) >=
      static_cast<int64_t>(params_.memory_limit_bytes / 2)) {
    return;
  }
  reasoner::Move largest = std::max(c.amaf.max_move(), max_move_.load(std::memory_order_relaxed));
  for (int r = 0; r < num_roles_; ++r) {
    for (reasoner::Move m : node.moves(r)) largest = std::max(largest, m);
  }
  reasoner::Move seen = max_move_.load(std::memory_order_relaxed);
  while (largest > seen && !max_move_.compare_exchange_weak(seen, largest, std::memory_order_relaxed)) {
  }
  const uint32_t slots = std::clamp(std::bit_ceil(static_cast<uint32_t>(largest) + 1), kMinSlots, kMaxSlots);
  const uint32_t copies = std::min<uint32_t>(static_cast<uint32_t>(contexts_.size()), kMaxCopies);
  auto table = std::make_unique<AmafTable>(num_roles_, slots, copies);
  const int64_t bytes = static_cast<int64_t>(table->bytes());
  if (node.TryInstallAmaf(table.get())) {
    table.release();
    account_->bytes.fetch_add(bytes, std::memory_order_relaxed);
  }
}

void MctsSearch::UpdateReference(const Node& node, WorkerContext& c) const {
  const AmafTable* t = node.amaf();
  if (t != nullptr && t->samples() >= params_.grave_ref) c.ref = t;
}

void MctsSearch::CreditAmaf(WorkerContext& c) {
  // The playout's moves are in the trace already; walking up, each node adds its own picks
  // and then credits everything played from it on.
  for (size_t i = c.path.size(); i-- > 0;) {
    Node& node = *c.path[i].node;
    const uint32_t* picks = c.path_moves.data() + i * static_cast<size_t>(num_roles_);
    for (int r = 0; r < num_roles_; ++r) {
      if (node.num_moves(r) > 1) c.amaf.Add(r, node.moves(r)[picks[r]]);
    }
    if (AmafTable* t = node.amaf()) c.amaf.Credit(*t, c.rewards.data(), c.index);
  }
}

}  // namespace ggp::agent::search
