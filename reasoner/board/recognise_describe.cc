// Describe(): a recognition as text for people (`ggp-agent board`).

#include <sstream>

#include "reasoner/board/recognise.h"
#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board {
namespace {

std::string Join(const std::vector<kif::Term>& terms, const kif::SymbolTable& symbols) {
  std::string out;
  for (const kif::Term& t : terms) out += (out.empty() ? "" : " ") + kif::ToString(t, symbols);
  return out;
}

const char* ArgName(MoveArg a) {
  switch (a) {
    case MoveArg::kFromX: return "from-x";
    case MoveArg::kFromY: return "from-y";
    case MoveArg::kToX: return "to-x";
    case MoveArg::kToY: return "to-y";
    case MoveArg::kPieceAtFrom: return "piece";
    case MoveArg::kConstant: return "constant";
  }
  return "?";
}

}  // namespace

std::string BoardText(const BoardShape& shape, const std::vector<PieceType>& pieces,
                      const Position& pos) {
  std::string out;
  for (int y = shape.height - 1; y >= 0; --y) {
    for (int x = 0; x < shape.width; ++x) {
      const int8_t c = pos.cells[static_cast<size_t>(y * shape.width + x)];
      out += shape.IsHole(y * shape.width + x) ? ' '
             : c == kEmptySquare                ? '.'
                                                : pieces[static_cast<size_t>(c)].letter;
    }
    out += '\n';
  }
  return out;
}

std::string Describe(const Recognition& r, const kif::SymbolTable& symbols) {
  std::ostringstream o;
  const BoardGame& g = r.game;
  const GdlBinding& b = g.gdl;
  o << "classification: " << FitName(r.fit) << "\n";
  o << "reason: " << r.reason << "\n";
  if (b.cell_functor < 0) return o.str();
  o << "board: " << g.shape.width << " x " << g.shape.height << " from (" << symbols.Name(b.cell_functor)
    << ") arguments x=" << b.x_arg + 1 << " y=" << b.y_arg + 1 << " content=" << b.content_arg + 1 << "\n";
  o << "files: " << Join(b.files, symbols) << "\n";
  o << "ranks: " << Join(b.ranks, symbols) << "\n";
  if (g.shape.NumHoles() > 0) {
    o << "holes (never used in play, off the board for the DFAs):";
    for (int sq = 0; sq < g.shape.squares(); ++sq) {
      if (g.shape.IsHole(sq)) o << " " << internal::SquareName(g.shape, sq);
    }
    o << "\n";
  }
  if (b.roles_of_players.size() == 2) {
    o << "players: first " << kif::ToString(b.roles_of_players[0], symbols) << ", second "
      << kif::ToString(b.roles_of_players[1], symbols) << "; noops "
      << Join(b.noop_of_player, symbols) << "\n";
  }
  if (b.move_functor < 0) return o.str();
  o << "moves: (" << symbols.Name(b.move_functor);
  for (size_t i = 0; i < b.move_args.size(); ++i) {
    o << " " << (b.move_args[i] == MoveArg::kConstant ? kif::ToString(b.move_constants[i], symbols)
                                                       : ArgName(b.move_args[i]));
  }
  o << ")\n";
  o << "empty square: " << (b.empty_term ? kif::ToString(*b.empty_term, symbols) : "no fluent") << "\n";
  if (b.wall_term) o << "walls: " << kif::ToString(*b.wall_term, symbols) << " on the holes\n";
  o << "pieces:";
  for (const PieceType& p : g.pieces) {
    o << " " << p.letter << "=" << p.name << "(" << kif::ToString(b.roles_of_players[static_cast<size_t>(p.owner)], symbols) << ")";
  }
  o << "\n";
  if (!g.initial.cells.empty()) o << "initial position:\n" << BoardText(g.shape, g.pieces, g.initial);
  if (r.fit != Fit::kFits) return o.str();
  for (int p = 0; p < 2; ++p) {
    o << "goal of " << kif::ToString(b.roles_of_players[static_cast<size_t>(p)], symbols) << ":";
    for (size_t k = 0; k < g.pieces.size(); ++k) {
      if (g.eligible[static_cast<size_t>(p)][k]) o << " " << g.pieces[k].letter;
    }
    o << " on";
    int n = 0;
    for (int sq = 0; sq < g.shape.squares(); ++sq) {
      if (g.goal_squares[static_cast<size_t>(p)][static_cast<size_t>(sq)]) {
        o << " " << internal::SquareName(g.shape, sq);
        ++n;
      }
    }
    if (n == 0) o << " (none seen)";
    o << "\n";
  }
  o << "length limit: " << (g.max_plies > 0 ? std::to_string(g.max_plies) + " plies" : "none seen") << "\n";
  o << "values: win " << g.win_value << ", loss " << g.loss_value << ", tie " << g.tie_value << "\n";
  o << "other fluents " << (b.other_fluents_by_mover ? "by mover" : "by ply") << ": "
    << (b.other_fluents.empty() ? std::string() : Join(b.other_fluents[0], symbols)) << "\n";
  return o.str();
}

}  // namespace ggp::reasoner::board
