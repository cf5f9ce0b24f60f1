#pragma once
// How the board machine (board_machine.h) lays a position out in reasoner::State words.
//
// Word 0 is the meta word: bit 0 the player to move, bits 8.. the ply count, saturated at
// the largest ply the rules can tell apart (the length limit, the last per-ply fluent set;
// 0 when nothing depends on the ply, so equal positions are equal states). Words 1.. hold
// a padded mailbox, one byte per cell:
//   0           an empty square
//   kOffBoard   a border cell or a hole of the board (never matches an edge's content, so
//               the walker needs no bounds test)
//   piece code  (type + 1) | (kOwnerBit << owner): the owner bit lets a word-wide scan find
//               a player's pieces eight cells at a time.
// Square (x, y) sits at base + (y + pad) * stride + x with stride = width + pad: `pad`
// border columns between rows serve as both the right border of a row and the left border
// of the next; `pad` border rows above and below and `base` = pad leading border cells keep
// every one-step reference from an on-board square inside the mailbox. `pad` is the
// largest |dx| or |dy| of any DFA edge. Copying a state copies 1 + 2 * ceil(cells / 16)
// words (the mailbox is read 16 bytes at a time).
//
// Plain values; thread safe once built.

#include <bit>
#include <cstdint>
#include <vector>

#include "reasoner/board/position.h"
#include "reasoner/state.h"

namespace ggp::reasoner::board {

static_assert(std::endian::native == std::endian::little, "the cell scan assumes little endian");

inline constexpr uint8_t kOffBoard = 0x80;
inline constexpr uint8_t kOwnerBit = 0x20;  // owner o: kOwnerBit << o
inline constexpr uint8_t kTypeMask = 0x1F;
inline constexpr int kMaxPieceTypes = 31;
inline constexpr uint64_t kOwnerBytes = 0x0101010101010101ull * kOwnerBit;

inline uint8_t PieceCode(int type, int owner) {
  return static_cast<uint8_t>((type + 1) | (kOwnerBit << owner));
}
// Piece type of a non-empty, on-board cell.
inline int PieceTypeOf(uint8_t code) { return (code & kTypeMask) - 1; }

struct BoardLayout {
  int width = 0, height = 0, squares = 0;
  int pad = 1, stride = 0, base = 0;
  int cells = 0;                   // mailbox bytes
  int words = 0;                   // state words: meta + mailbox
  std::vector<int32_t> cell_of;    // per square: its mailbox index (a hole's holds kOffBoard)
  std::vector<int32_t> square_of;  // per mailbox index: the square, or -1 on the border or a hole

  BoardLayout() = default;
  BoardLayout(const BoardShape& shape, int pad);

  int Offset(int dx, int dy) const { return dy * stride + dx; }
  // A state holding `pos` (ply 0).
  State Encode(const Position& pos, const std::vector<PieceType>& pieces) const;
};

// Meta word.
inline int MoverOf(const State& s) { return static_cast<int>(s.words()[0] & 1u); }
inline uint32_t PlyOf(const State& s) { return static_cast<uint32_t>(s.words()[0] >> 8); }
inline uint64_t MetaWord(int mover, uint32_t ply) {
  return static_cast<uint64_t>(mover) | (static_cast<uint64_t>(ply) << 8);
}
// The next meta word: the other player to move, the ply counted up to `ply_cap`.
inline uint64_t NextMeta(uint64_t meta, uint32_t ply_cap) {
  const uint32_t ply = static_cast<uint32_t>(meta >> 8);
  return MetaWord(static_cast<int>((meta & 1u) ^ 1u), ply < ply_cap ? ply + 1 : ply_cap);
}

// The mailbox bytes of a state (unsigned char may alias the words).
inline const uint8_t* CellsOf(const State& s) {
  return reinterpret_cast<const uint8_t*>(s.words().data() + 1);
}
inline uint8_t* MutableCellsOf(State* s) {
  return reinterpret_cast<uint8_t*>(s->mutable_words().data() + 1);
}

}  // namespace ggp::reasoner::board
