#pragma once
// Set-wise move generation for single-step piece types (every accepted walk of the DFA is
// one edge of the start state: pawns, kings, knights) on mailboxes of at most 128 cells:
// the board is read into 128-bit sets over mailbox cells (SSE2 byte compares, 16 cells at
// a time), and each start edge's destinations are its type's squares shifted by the
// edge's offset, masked by the edge's content (empty, own, opponent). Border cells are in
// none of those sets, so off-board needs no test. Two edges of one type never reach one
// square (equal offsets carry different contents), so there are no duplicates.
//
// Order: the player's covered types in type order, each type's edges in compiled order,
// destinations in increasing cell order. The list is kept as the non-empty sets; moves
// are read off them (Select, Materialize) without building a list first.
//
// Immutable after construction; shared by threads. BitSets is per-thread scratch.

#include <bit>
#include <cstdint>
#include <vector>

#include "reasoner/board/board_dfa_facts.h"
#include "reasoner/board/board_encoding.h"

namespace ggp::reasoner::board {

__extension__ using Bits128 = unsigned __int128;

inline constexpr int kMaxBitCells = 128;

struct BitSet {
  Bits128 bits = 0;                  // destinations
  int32_t offset = 0;                // destination - origin
  uint32_t lo_count = 0, count = 0;  // destinations in the low 64 cells, in all
};

// Per-thread output of BitGenerator::Targets.
struct BitSets {
  std::vector<BitSet> sets;  // sized by the generator; the first `used` hold the moves
  uint32_t used = 0;
};

class BitGenerator {
 public:
  BitGenerator() = default;
  // Covers the single-step types (by their facts) when the layout has at most 128 cells.
  BitGenerator(const std::vector<DfaFacts>& facts, const std::vector<PieceType>& pieces,
               const BoardLayout& layout);

  bool covers(int type) const { return covered_[static_cast<size_t>(type)]; }
  // True if every type of `player` is covered (and it has at least one).
  bool covers_player(int player) const { return plans_[static_cast<size_t>(player)].all; }
  bool covers_any(int player) const { return !plans_[static_cast<size_t>(player)].types.empty(); }
  // Sets needed per BitSets (the most edges of one player's covered types).
  size_t max_sets() const { return max_sets_; }

  // The destination sets of `player`'s covered types on `cells`; returns the move count.
  uint32_t Targets(const uint8_t* cells, int player, BitSets* out) const;
  // The i-th move (packed, board_movegen.h) of `sets`; i < the count Targets returned.
  static uint32_t Select(const BitSets& sets, uint32_t i);
  // Writes every move (packed) of `sets` to `out` in order; returns how many.
  static uint32_t Materialize(const BitSets& sets, uint32_t* out);
  // Calls f(from_cell, to_cell) for every move of `sets` in order.
  template <typename F>
  static void ForEach(const BitSets& sets, F&& f) {
    for (uint32_t s = 0; s < sets.used; ++s) {
      const int32_t offset = sets.sets[s].offset;
      uint64_t lo = static_cast<uint64_t>(sets.sets[s].bits);
      uint64_t hi = static_cast<uint64_t>(sets.sets[s].bits >> 64);
      for (; lo != 0; lo &= lo - 1) {
        const int32_t to = std::countr_zero(lo);
        f(to - offset, to);
      }
      for (; hi != 0; hi &= hi - 1) {
        const int32_t to = 64 + std::countr_zero(hi);
        f(to - offset, to);
      }
    }
  }

 private:
  struct Edge {
    int32_t offset = 0;
    Content on = Content::kEmpty;
  };
  struct TypePlan {
    uint8_t code = 0;             // the type's cell code
    int32_t first = 0, last = 0;  // its edges in edges_
  };
  struct PlayerPlan {
    std::vector<TypePlan> types;  // covered types of the player
    bool all = false;             // every type of the player is covered
    bool single = false;          // the player has exactly one type (its pieces are its squares)
  };

  std::vector<bool> covered_;
  std::vector<Edge> edges_;
  PlayerPlan plans_[2];
  Bits128 board_ = 0;  // on-board cells
  int loads_ = 0;      // 16-byte loads covering the mailbox
  size_t max_sets_ = 0;
};

}  // namespace ggp::reasoner::board
