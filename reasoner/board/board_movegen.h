#pragma once
// The board machine's move generator: single-step piece types are generated set-wise
// (board_bitgen.h) when the mailbox has at most 128 cells; every other piece type's DFA
// (facts from board_dfa_facts.h) is compiled into one flat edge table, walked depth-first
// over the padded mailbox of board_encoding.h. An edge is followed when (cell & mask) == want
// (border cells match nothing); edges into accepting states without edges of their own ("leaves")
// come first in each state and, where no check is needed, are emitted branch-free. The walker keeps
// the path and tests for repeated squares only below start edges whose facts say a walk
// may revisit a square, and removes duplicate destinations (per-cell stamps) only for DFAs
// whose facts say two walks may end together.
//
// Moves come out packed: from_cell << 16 | to_cell (mailbox indices): first the set-wise
// types' (board_bitgen.h's order), then the walked pieces in mailbox order, each piece's
// walk in edge order: deterministic.
//
// The generator is immutable and shared by threads; each thread passes its own GenScratch.
// No allocation once the scratch has grown to the largest move list seen.

#include <cstdint>
#include <vector>

#include "reasoner/board/board_bitgen.h"
#include "reasoner/board/board_dfa_facts.h"
#include "reasoner/board/board_encoding.h"

namespace ggp::reasoner::board {

struct GenEdge {
  int32_t offset = 0;  // mailbox delta of the referenced cell
  uint8_t mask = 0, want = 0;
  uint8_t accepting = 0;  // the target state accepts
  uint8_t checked = 0;    // start edges: walks below need the repeated-square test
  int32_t first = 0, leaf_end = 0, last = 0;  // the target's edges: leaves, then the rest
};

struct PieceProgram {
  int32_t first = 0, leaf_end = 0, last = 0;  // the start state's edges
  bool dedup = false;                         // two walks may end on one square
  bool any_checked = false;                   // some start edge is checked
  bool acyclic = true;
  bool bit = false;  // generated set-wise (board_bitgen.h), not walked
};

// Per-thread scratch of the generator.
struct GenScratch {
  GenScratch(int cells, size_t bit_sets)
      : moves(256), stamp(static_cast<size_t>(cells), 0), path(static_cast<size_t>(cells) + 2) {
    bits.sets.resize(bit_sets);
  }
  std::vector<uint32_t> moves;  // packed moves of the last Generate
  std::vector<uint32_t> stamp;  // per cell: token of the last origin that reached it
  uint32_t token = 0;
  std::vector<int32_t> path;  // cells referenced by the current walk
  BitSets bits;               // destination sets of the set-wise types
};

inline uint32_t PackMove(int32_t from, int32_t to) {
  return (static_cast<uint32_t>(from) << 16) | static_cast<uint32_t>(to);
}
inline int32_t FromCell(uint32_t packed) { return static_cast<int32_t>(packed >> 16); }
inline int32_t ToCell(uint32_t packed) { return static_cast<int32_t>(packed & 0xFFFFu); }

class MoveGenerator {
 public:
  MoveGenerator() = default;
  // `facts[k]` of piece type k's DFA; `layout` with pad >= every fact's max_delta.
  MoveGenerator(const std::vector<DfaFacts>& facts, const std::vector<PieceType>& pieces,
                const BoardLayout& layout);

  // The moves of `player`'s pieces on `board` (the state's mailbox words) into
  // scratch.moves; returns how many.
  uint32_t Generate(const uint64_t* board, int player, GenScratch& scratch) const;
  // True if `player` has a move on `board` (stops at the first).
  bool HasMove(const uint64_t* board, int player, GenScratch& scratch) const;

  const PieceProgram& program(int type) const { return programs_[static_cast<size_t>(type)]; }
  const BitGenerator& bits() const { return bit_; }
  const std::vector<GenEdge>& edges() const { return edges_; }

 private:
  template <bool kFirst>
  uint32_t Run(const uint64_t* board, int player, GenScratch& scratch) const;

  std::vector<GenEdge> edges_;
  std::vector<PieceProgram> programs_;
  BitGenerator bit_;
  int board_words_ = 0;
};

}  // namespace ggp::reasoner::board
