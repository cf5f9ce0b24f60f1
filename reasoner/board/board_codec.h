#pragma once
// Reading a game's GDL terms as boards and moves, by a GdlBinding (board_game.h): cell
// fluents to a Position, move terms to (from, to) squares. Used by recognition and by the
// learner's training data, at the symbol boundary only (not in hot loops).
//
// A codec is built once from a binding and is then read-only (thread safe for readers).

#include <optional>
#include <unordered_map>
#include <vector>

#include "reasoner/board/board_game.h"
#include "reasoner/kif/term.h"

namespace ggp::reasoner::board {

struct BoardMove {
  int from = -1;
  int to = -1;
  friend bool operator==(const BoardMove&, const BoardMove&) = default;
};

class BoardCodec {
 public:
  BoardCodec(const BoardShape& shape, const GdlBinding& binding);

  // The board of a state: cells from the binding's cell fluents (other fluents ignored).
  // nullopt if a cell fluent names an unknown coordinate or content, or two contents share
  // a square. `mover` is copied into the position.
  std::optional<Position> DecodeBoard(const std::vector<kif::Term>& fluents, int mover) const;

  // The squares a move term names, or nullopt if it is not a piece move of the binding.
  std::optional<BoardMove> DecodeMove(const kif::Term& move) const;

  // The square of coordinate terms, or -1.
  int Square(const kif::Term& x, const kif::Term& y) const;
  // The piece type of a content term, kEmptySquare for the empty marker, or nullopt.
  std::optional<int8_t> PieceOf(const kif::Term& content) const;

 private:
  BoardShape shape_;
  const GdlBinding* binding_;  // not owned; must outlive the codec
  std::unordered_map<kif::Term, int, kif::TermHash> file_, rank_;
  std::unordered_map<kif::Term, int8_t, kif::TermHash> content_;
};

}  // namespace ggp::reasoner::board
