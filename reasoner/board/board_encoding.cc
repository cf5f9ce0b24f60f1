#include "reasoner/board/board_encoding.h"

#include <cstring>

namespace ggp::reasoner::board {

BoardLayout::BoardLayout(const BoardShape& shape, int pad_cells)
    : width(shape.width),
      height(shape.height),
      squares(shape.squares()),
      pad(pad_cells),
      stride(shape.width + pad_cells),
      base(pad_cells) {
  cells = base + (height + 2 * pad) * stride;
  words = 1 + 2 * ((cells + 15) / 16);  // whole 16-byte loads (board_bitgen.h)
  cell_of.resize(static_cast<size_t>(squares));
  square_of.assign(static_cast<size_t>(cells), -1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int sq = y * width + x;
      const int cell = base + (y + pad) * stride + x;
      cell_of[static_cast<size_t>(sq)] = cell;
      square_of[static_cast<size_t>(cell)] = shape.IsHole(sq) ? -1 : sq;
    }
  }
}

State BoardLayout::Encode(const Position& pos, const std::vector<PieceType>& pieces) const {
  State s(static_cast<size_t>(words) * 64);
  s.mutable_words()[0] = MetaWord(pos.mover, 0);
  uint8_t* c = MutableCellsOf(&s);
  std::memset(c, kOffBoard, static_cast<size_t>(cells));
  for (int sq = 0; sq < squares; ++sq) {
    if (square_of[static_cast<size_t>(cell_of[static_cast<size_t>(sq)])] < 0) continue;  // a hole
    const int8_t piece = pos.cells[static_cast<size_t>(sq)];
    c[cell_of[static_cast<size_t>(sq)]] =
        piece == kEmptySquare ? uint8_t{0}
                              : PieceCode(piece, pieces[static_cast<size_t>(piece)].owner);
  }
  return s;
}

}  // namespace ggp::reasoner::board
