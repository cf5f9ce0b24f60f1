#pragma once
// Parts shared by the exact searches (endgame_solver.h, threat_search.h):
//  - MoveHistory, the history heuristic (Schaeffer, 1989): per role and move id, the work
//    that the move's cut-offs saved; moves with more credit are tried first;
//  - KeyedTable, a transposition table of fixed size, open addressing over a few slots
//    from a key's home slot, a full run overwriting the home slot;
//  - PollStop, the deadline and stop flag read every 16th call of a search.
//
// Thread safety: none; one search thread owns each. MoveHistory::Order allocates only
// while its table grows to the largest move id met; KeyedTable allocates at construction.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "agent/player/player.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// True if `deadline` has passed or `stop` (may be null) is set; asked only when `count`
// is a multiple of 16, false otherwise. `count` is the search's calls so far, every one
// of them (terminal states and table hits too): a count of expanded states alone stands
// still where every child is terminal, and a node of a million terminal children (a
// one-shot game of four guessers, each child a prover goal) then never polls.
inline bool PollStop(int64_t count, Deadline deadline, const std::atomic<bool>* stop) {
  return (count & 15) == 0 && (SteadyClock::now() >= deadline ||
                               (stop != nullptr && stop->load(std::memory_order_relaxed)));
}

// Entry: a struct with a uint64_t `key` member, 0 meaning empty, default-constructible.
template <typename Entry>
class KeyedTable {
 public:
  // The largest power of two of entries within `bytes` (at least 64 entries).
  explicit KeyedTable(int64_t bytes) {
    const uint64_t wanted = static_cast<uint64_t>(std::max<int64_t>(bytes, 1024)) / sizeof(Entry);
    entries_.assign(std::bit_floor(std::max<uint64_t>(wanted, 64)), Entry{});
    mask_ = entries_.size() - 1;
  }
  // The entry of `key` (nonzero), or null.
  Entry* Find(uint64_t key) {
    for (uint64_t i = 0; i < kProbes; ++i) {
      Entry& e = entries_[(key + i) & mask_];
      if (e.key == key) return &e;
      if (e.key == 0) return nullptr;
    }
    return nullptr;
  }
  // The entry of `key`, made (Entry{} with the key) where it has none, on an empty slot of
  // its run or else over its home slot; `*added` is set if an empty slot was taken.
  Entry& Claim(uint64_t key, bool* added) {
    *added = false;
    Entry* slot = nullptr;
    for (uint64_t i = 0; i < kProbes && slot == nullptr; ++i) {
      Entry& e = entries_[(key + i) & mask_];
      if (e.key == key || e.key == 0) slot = &e;
    }
    if (slot == nullptr) slot = &entries_[key & mask_];
    if (slot->key != key) {
      *added = slot->key == 0;
      *slot = Entry{};
      slot->key = key;
    }
    return *slot;
  }
  void Clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

 private:
  static constexpr uint64_t kProbes = 4;
  std::vector<Entry> entries_;
  uint64_t mask_ = 0;
};

// Who chooses at `s`: fills `legal` (per role) and `joint` (each role's first legal move)
// and returns the one role with two or more moves, kNobody where none has, kSeveral where
// several have, kBroken where some role has none (broken rules). Allocates only while the
// vectors grow.
inline constexpr int kNobody = -1, kSeveral = -2, kBroken = -3;
int Chooser(const reasoner::StateMachine& m, const reasoner::State& s, reasoner::Workspace& ws,
            std::vector<std::vector<reasoner::Move>>* legal, std::vector<reasoner::Move>* joint);

class MoveHistory {
 public:
  // Forgets every credit and sizes the table for `num_roles` roles.
  void Reset(int num_roles);
  // Fills `order` with the indices of `legal`: `first` first where it is an index of legal,
  // then the others by credit, highest first (ties keep the rules' order).
  void Order(int role, std::span<const reasoner::Move> legal, uint32_t first,
             std::vector<uint32_t>* order);
  // Adds `amount` to `move`'s credit for `role` (a move Order has seen).
  void Credit(int role, reasoner::Move move, uint64_t amount);

 private:
  std::vector<std::vector<uint64_t>> credit_;  // per role, per move id
};

}  // namespace ggp::agent::search
