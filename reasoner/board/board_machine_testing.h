#pragma once
// Test and benchmark support for the board machine (not linked into the player): DFAs
// built from edge lists, and a breakthrough-like game of any size as GDL text and as the
// BoardGame that models it. The GDL is spelled like the corpus's breakthrough.kif
// ((cellHolds x y white|black) with numbered files and ranks, (move x1 y1 x2 y2), noop,
// (control white|black)), so the same BoardGame also models the real 8x8 game.
//
// Pure functions; `symbols` is interned into (thread safe).

#include <string>
#include <vector>

#include "reasoner/board/board_game.h"
#include "reasoner/kif/symbol_table.h"

namespace ggp::reasoner::board::testing {

struct EdgeSpec {
  int from = 0;
  int dx = 0, dy = 0;
  Content on = Content::kEmpty;
  int to = 0;
};

// A DFA of `states` states (0 the start) with the given accepting states and edges.
Dfa MakeDfa(int states, const std::vector<int>& accepting, const std::vector<EdgeSpec>& edges);

// Spelling and rule variants of the breakthrough below (the binding features a learned
// model may need).
struct Variant {
  bool blank = false;          // empty squares hold (cellHolds x y blank)
  int max_plies = 0;           // > 0: a (step n) counter; a tie (50 / 50) after that many plies
  bool piece_in_move = false;  // moves are (move white|black x1 y1 x2 y2)
};

// Breakthrough on a width x height board with `rows` rows of pawns per side: white starts
// on the low ranks and moves up, black the other way; a pawn steps forward onto an empty
// square or diagonally forward onto a square without an own piece; reaching the far rank
// or taking the last enemy pawn wins (100 / 0); white moves first.
std::string BreakthroughGdl(int width, int height, int rows, const Variant& variant = {});

// The BoardGame of BreakthroughGdl (or of the corpus's breakthrough.kif for 8, 8, 2).
// `wrong`: white pawns may also capture straight ahead (a deliberately wrong model).
BoardGame BreakthroughGame(kif::SymbolTable& symbols, int width, int height, int rows,
                           bool wrong = false, const Variant& variant = {});

}  // namespace ggp::reasoner::board::testing
