#pragma once
// Steps of Recognise (recognise.h), shared by its files. Internal.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "reasoner/board/board_codec.h"
#include "reasoner/board/recognise.h"

namespace ggp::reasoner::board::internal {

// Everything found so far; each step fills its part or returns a failure reason.
struct Context {
  const gdl::Description* rules = nullptr;
  const std::vector<SimGame>* games = nullptr;
  kif::SymbolTable* symbols = nullptr;
  Recognition* out = nullptr;
  // Per game, per step: the role that moves (-1 in a final state).
  std::vector<std::vector<int>> mover_role;
  std::vector<std::vector<Position>> boards;  // decoded, once the binding is known
  size_t recorded_plies = 0;  // other fluents known from play before ExtendByPly
  bool moves_found = false;  // every move is a piece move from/to cells (FindMoves got that far)
};

// recognise_board.cc: the cell relation and ordered coordinates.
std::optional<std::string> FindBoard(Context& c);
// recognise_moves.cc: turns, noops, the move template, pieces and owners.
std::optional<std::string> FindTurns(Context& c);
std::optional<std::string> FindMoves(Context& c);
// The content term on (x, y) in a recorded step's fluents (CellIndex::At), or null.
class CellIndex {
 public:
  CellIndex(const SimStep& s, const GdlBinding& b) {
    for (const kif::Term& f : s.fluents) {
      if (f.symbol != b.cell_functor || f.arity() != 3) continue;
      cells_.emplace(
          Key(f.args[static_cast<size_t>(b.x_arg)], f.args[static_cast<size_t>(b.y_arg)]),
          &f.args[static_cast<size_t>(b.content_arg)]);
    }
  }
  const kif::Term* At(const kif::Term& x, const kif::Term& y) const {
    auto it = cells_.find(Key(x, y));
    return it == cells_.end() ? nullptr : it->second;
  }

 private:
  static uint64_t Key(const kif::Term& x, const kif::Term& y) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(x.symbol)) << 32) |
           static_cast<uint32_t>(y.symbol);
  }
  std::unordered_map<uint64_t, const kif::Term*> cells_;
};

// A legal move of a recorded state: the move, the game and step it was legal in, and the
// player (0 or 1) who may make it.
struct MoveSample {
  const kif::Term* move;
  size_t game, step;
  int player;
};
// recognise_pieces.cc, after FindMoves has bound the move template and found `pieces`
// (with their `owner` players): the empty square's marker and walls (contents that never
// move), the pieces' letters, every recorded state decoded into c.boards (with the holes no
// piece uses). Each returns the failure reason, if any.
std::optional<std::string> FindFixedContents(Context& c, const std::vector<kif::Term>& pieces);
void NamePieces(Context& c, const std::vector<kif::Term>& pieces, const std::vector<int>& owner);
std::optional<std::string> DecodeBoards(Context& c, const std::vector<MoveSample>& samples);
// recognise_rules.cc: the update, the other fluents, terminal and goals.
std::optional<std::string> CheckUpdate(Context& c);
std::optional<std::string> FindOtherFluents(Context& c);
std::optional<std::string> LearnEnding(Context& c);

// "c4" style name of a square (files a.., ranks 1..).
std::string SquareName(const BoardShape& shape, int sq);

}  // namespace ggp::reasoner::board::internal
