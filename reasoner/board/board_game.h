#pragma once
// A simplified boardgame (seed 001, section 2) as learned from a GDL game, with what it
// takes to speak that game's GDL: everything the board machine (board_machine.h) needs.
//
// Rules of the model: two players alternate; a move takes one piece of the mover from its
// square to the destination of a pattern its piece type's DFA accepts, capturing whatever
// stands there (two patterns reaching the same square are one move). A state is terminal
//   - in a win for player P if a piece of a type eligible for P stands on one of P's goal
//     squares (if both players have one, the player who just moved wins);
//   - in a loss for the player to move if it has no legal move;
//   - in a tie when `max_plies` (> 0) plies have been played.
// Goal values are `win_value` / `loss_value` / `tie_value` (GDL 0..100).
//
// Plain value; share read-only.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/position.h"
#include "reasoner/kif/term.h"

namespace ggp::reasoner::board {

// How one argument of a GDL move term is filled.
enum class MoveArg : uint8_t { kFromX, kFromY, kToX, kToY, kPieceAtFrom, kConstant };

// The GDL side: how cells, moves and the other fluents are spelled.
struct GdlBinding {
  std::vector<kif::Term> roles_of_players;  // role term of player 0 and 1
  std::vector<int> role_of_player;          // role index (in the game's role order) of player 0, 1

  // Cell fluents: (cell_functor a0 a1 a2) with x, y and content at the given argument indices.
  kif::SymbolId cell_functor = -1;
  int cell_arity = 3;
  int x_arg = 0, y_arg = 1, content_arg = 2;
  std::vector<kif::Term> files;  // x coordinate terms, x = 0 first
  std::vector<kif::Term> ranks;  // y coordinate terms, y = 0 first
  std::vector<kif::Term> piece_terms;      // content term of each piece type
  std::optional<kif::Term> empty_term;     // content term of an empty square, if the game has one
  // Walls: a content that never moves and stands on `wall_squares` (holes of the shape) in
  // every state, e.g. (cell 3 3 hole). Decoded as nothing; written back by Fluents.
  std::optional<kif::Term> wall_term;
  std::vector<int> wall_squares;

  // Piece moves: (move_functor args...) with each argument filled as move_args says
  // (constants from move_constants at the same index).
  kif::SymbolId move_functor = -1;
  std::vector<MoveArg> move_args;
  std::vector<kif::Term> move_constants;
  std::vector<kif::Term> noop_of_player;  // the waiting player's only move, per player

  // Fluents other than cells (whose turn it is, a step counter), per ply from the start:
  // other_fluents[min(ply, size - 1)] if !other_fluents_by_mover, else other_fluents[mover].
  std::vector<std::vector<kif::Term>> other_fluents;
  bool other_fluents_by_mover = true;
};

struct BoardGame {
  BoardShape shape;
  std::vector<PieceType> pieces;
  std::vector<Dfa> dfa;  // per piece type
  Position initial;      // includes the first mover

  // Terminal conditions and outcomes.
  std::vector<std::vector<bool>> eligible;      // [player][piece type] may win on a goal square
  std::vector<std::vector<bool>> goal_squares;  // [player][square]
  int max_plies = 0;                            // 0: no length limit
  int win_value = 100, loss_value = 0, tie_value = 50;
  // Only the moves are modelled (a moves-only game, played by the hybrid machine of
  // hybrid_machine.h): the ending above is not the game's, and is left all false.
  bool moves_only = false;

  GdlBinding gdl;
};

}  // namespace ggp::reasoner::board
