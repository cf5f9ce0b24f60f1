#pragma once
// Boards as the learner sees them: a rectangular board of width x height squares
// (sq = y * width + x, a1 = 0) less its holes, each empty or holding one piece of a piece type. A piece
// type belongs to one player (0 moves first in the game's own role order of the players
// that own pieces; the board machine maps players to roles).
//
// Plain values; thread safe.

#include <cstdint>
#include <string>
#include <vector>

#include "reasoner/board/pattern.h"

namespace ggp::reasoner::board {

inline constexpr int8_t kEmptySquare = -1;

struct BoardShape {
  int width = 0;
  int height = 0;
  // Squares of the rectangle that are not part of the board (a hole never holds a piece
  // and no move starts or ends on it; walks stop there as at the edge): empty, or one
  // flag per square.
  std::vector<uint8_t> holes;
  int squares() const { return width * height; }
  bool IsHole(int sq) const { return !holes.empty() && holes[static_cast<size_t>(sq)] != 0; }
  int NumHoles() const {
    int n = 0;
    for (uint8_t h : holes) n += h != 0 ? 1 : 0;
    return n;
  }
  bool OnBoard(int x, int y) const {
    return x >= 0 && y >= 0 && x < width && y < height && !IsHole(y * width + x);
  }
};

struct PieceType {
  std::string name;  // e.g. the GDL content term, "white" or "wn"
  char letter = '?';  // one printable character for boards in text ('.' is the empty square)
  int owner = 0;      // player 0 or 1
};

struct Position {
  std::vector<int8_t> cells;  // per square: kEmptySquare or a piece type index
  int mover = 0;              // player to move
};

// What square `sq` holds for a piece of `player`: e, w or p. `sq` must be on the board.
inline Content ContentFor(const Position& pos, const std::vector<PieceType>& pieces, int sq,
                          int player) {
  const int8_t c = pos.cells[static_cast<size_t>(sq)];
  if (c == kEmptySquare) return Content::kEmpty;
  return pieces[static_cast<size_t>(c)].owner == player ? Content::kOwn : Content::kOpponent;
}

}  // namespace ggp::reasoner::board
