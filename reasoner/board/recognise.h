#pragma once
// Board recognition (seed 001's simplified boardgames, found in a GDL game): from the
// rules and from random play recorded on a verified machine (simulate.h), never from the
// game's name.
//
// It finds the board (a state relation with two coordinate arguments over ordered domains,
// numbers or chains of a successor-like static relation, and a content argument; at most
// one content per cell in every recorded state), the pieces and which player owns each,
// the move terms' from and to cells, and whose turn it is (the role whose only legal move
// is not its noop). Then it classifies the game:
//   kFits:      two roles taking turns; every move moves one piece of the mover to another
//               square, capturing what stands there, and nothing else on the board changes;
//               the fluents other than the board follow the ply or the mover; terminal and
//               goals are explained by the seed's rules (board_game.h), which it learns:
//               eligible pieces and goal squares (with the seed's file/rank generalisation),
//               a length limit, the win/loss/tie values.
//   kMovesOnly: the moves are piece moves as above, but the update or the ending is not
//               (promotion, captures of jumped pieces, extra state, other endings).
//   kNo:        anything else, with the reason.
//
// Pure function of its inputs; may intern symbols (coordinates filling a gap in a numeric
// domain) in the description's symbol table, which is thread safe.

#include <string>
#include <string_view>
#include <vector>

#include "reasoner/board/board_game.h"
#include "reasoner/board/simulate.h"
#include "reasoner/gdl/description.h"

namespace ggp::reasoner::board {

enum class Fit : uint8_t { kFits, kMovesOnly, kNo };
std::string_view FitName(Fit fit);  // "fits", "moves-only", "no"

struct Recognition {
  Fit fit = Fit::kNo;
  std::string reason;  // why not kFits; a summary when it fits
  // As far as recognition got: with kMovesOnly and kFits, the shape, pieces, initial
  // position and binding; with kFits also the terminal model. DFAs are left empty (the
  // learner's part).
  BoardGame game;
};

// `rules` is the game's description (normalised or raw: only its static facts are read);
// `games` the recorded play (at least one game).
Recognition Recognise(const gdl::Description& rules, const std::vector<SimGame>& games);

// Human-readable summary of a recognition: classification, reason, board size and
// coordinates, pieces with owners, move form, terminal model.
std::string Describe(const Recognition& r, const kif::SymbolTable& symbols);

// The board as text, top rank first: '.' for empty squares, piece letters otherwise.
std::string BoardText(const BoardShape& shape, const std::vector<PieceType>& pieces,
                      const Position& pos);

}  // namespace ggp::reasoner::board
