#pragma once
// Steps of Recognise (recognise.h), shared by its files. Internal.

#include <optional>
#include <string>
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
// recognise_rules.cc: the update, the other fluents, terminal and goals.
std::optional<std::string> CheckUpdate(Context& c);
std::optional<std::string> FindOtherFluents(Context& c);
std::optional<std::string> LearnEnding(Context& c);

// "c4" style name of a square (files a.., ranks 1..).
std::string SquareName(const BoardShape& shape, int sq);

}  // namespace ggp::reasoner::board::internal
