// Board recognition, step 2 continued (recognise_moves.cc found the moves and the pieces):
// the contents that never move (the empty square's marker, walls), the pieces' letters,
// every recorded state decoded as a board, and the holes no piece ever uses.

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board::internal {
namespace {

std::string Name(const kif::Term& t, const Context& c) { return kif::ToString(t, *c.symbols); }

}  // namespace

std::optional<std::string> FindFixedContents(Context& c, const std::vector<kif::Term>& pieces) {
  const auto& games = *c.games;
  BoardGame& game = c.out->game;
  GdlBinding& b = game.gdl;
  const size_t from_x = static_cast<size_t>(
      std::find(b.move_args.begin(), b.move_args.end(), MoveArg::kFromX) - b.move_args.begin());
  const size_t from_y = static_cast<size_t>(
      std::find(b.move_args.begin(), b.move_args.end(), MoveArg::kFromY) - b.move_args.begin());
  // Contents that never move: at most two, the empty square's marker, which a move leaves
  // behind on its from cell, and walls, which stand on the same squares in every state
  // (they become holes of the board below).
  std::unordered_set<kif::Term, kif::TermHash> others;
  for (const SimGame& g : games) {
    for (const SimStep& s : g.steps) {
      for (const kif::Term& f : s.fluents) {
        if (f.symbol != b.cell_functor || f.arity() != 3) continue;
        const kif::Term& content = f.args[static_cast<size_t>(b.content_arg)];
        if (std::find(pieces.begin(), pieces.end(), content) == pieces.end())
          others.insert(content);
      }
    }
  }
  std::unordered_set<kif::Term, kif::TermHash> vacated;
  for (size_t gi = 0; gi < games.size() && others.size() <= 2; ++gi) {
    const auto& steps = games[gi].steps;
    for (size_t si = 0; si + 1 < steps.size(); ++si) {
      const kif::Term& m = steps[si].joint[static_cast<size_t>(c.mover_role[gi][si])];
      if (m.arity() != b.move_args.size()) continue;
      CellIndex after(steps[si + 1], b);
      if (const kif::Term* left = after.At(m.args[from_x], m.args[from_y])) vacated.insert(*left);
    }
  }
  // A wall: a content on the same squares in every recorded state.
  const BoardCodec squares_of(game.shape, b);
  auto static_squares = [&](const kif::Term& t, std::vector<int>* out) {
    std::vector<int> first;
    bool is_first = true;
    for (const SimGame& g : games) {
      for (const SimStep& s : g.steps) {
        std::vector<int> here;
        for (const kif::Term& f : s.fluents) {
          if (f.symbol != b.cell_functor || f.arity() != 3 ||
              !(f.args[static_cast<size_t>(b.content_arg)] == t))
            continue;
          here.push_back(squares_of.Square(f.args[static_cast<size_t>(b.x_arg)],
                                           f.args[static_cast<size_t>(b.y_arg)]));
        }
        std::sort(here.begin(), here.end());
        if (is_first)
          first = std::move(here);
        else if (here != first)
          return false;
        is_first = false;
      }
    }
    *out = std::move(first);
    return !out->empty() && out->front() >= 0;
  };
  b.wall_term.reset();
  b.wall_squares.clear();
  for (const kif::Term& t : others) {
    if (vacated.count(t) == 0 && static_squares(t, &b.wall_squares)) {
      b.wall_term = t;
      break;
    }
  }
  if (b.wall_term)
    others.erase(*b.wall_term);
  else
    b.wall_squares.clear();
  for (const kif::Term& t : others) {
    if (others.size() > 1 || vacated.count(t) == 0) {
      return "cells hold " + Name(t, c) +
             ", which never moves and does not mark empty squares (promotion, walls or pieces that "
             "cannot move)";
    }
  }
  if (others.size() == 1) b.empty_term = *others.begin();
  return std::nullopt;
}

void NamePieces(Context& c, const std::vector<kif::Term>& pieces, const std::vector<int>& owner) {
  BoardGame& game = c.out->game;
  game.gdl.piece_terms = pieces;
  std::string used;
  for (size_t i = 0; i < pieces.size(); ++i) {
    PieceType p;
    p.name = Name(pieces[i], c);
    p.owner = owner[i];
    char letter = '?';
    for (char ch : p.name) {
      if (!std::isalpha(static_cast<unsigned char>(ch))) continue;
      ch = static_cast<char>(p.owner == 0 ? std::toupper(ch) : std::tolower(ch));
      if (used.find(ch) == std::string::npos) {
        letter = ch;
        break;
      }
    }
    if (letter == '?') letter = static_cast<char>((p.owner == 0 ? 'A' : 'a') + i % 26);
    used += letter;
    p.letter = letter;
    game.pieces.push_back(p);
  }
}

std::optional<std::string> DecodeBoards(Context& c, const std::vector<MoveSample>& samples) {
  const auto& games = *c.games;
  BoardGame& game = c.out->game;
  GdlBinding& b = game.gdl;
  // Decode every state.
  BoardCodec codec(game.shape, b);
  c.boards.assign(games.size(), {});
  for (size_t gi = 0; gi < games.size(); ++gi) {
    for (size_t si = 0; si < games[gi].steps.size(); ++si) {
      const int role = c.mover_role[gi][si];
      std::optional<Position> pos =
          codec.DecodeBoard(games[gi].steps[si].fluents, role == b.role_of_player[0] ? 0 : 1);
      if (!pos) return "a state's cells do not decode at ply " + std::to_string(si);
      c.boards[gi].push_back(std::move(*pos));
    }
  }
  game.initial = c.boards[0][0];
  // Squares in use: ever holding a piece, or the start or end of a legal move.
  std::vector<uint8_t> in_use(static_cast<size_t>(game.shape.squares()), 0);
  for (const auto& boards : c.boards) {
    for (const Position& pos : boards) {
      for (size_t sq = 0; sq < in_use.size(); ++sq)
        in_use[sq] |= pos.cells[sq] != kEmptySquare ? 1 : 0;
    }
  }
  for (const MoveSample& s : samples) {
    std::optional<BoardMove> m = codec.DecodeMove(*s.move);
    const Position& pos = c.boards[s.game][s.step];
    if (!m) return "a move does not decode: " + Name(*s.move, c);
    const int8_t piece = pos.cells[static_cast<size_t>(m->from)];
    if (piece == kEmptySquare || game.pieces[static_cast<size_t>(piece)].owner != s.player) {
      return "a move that does not start on an own piece: " + Name(*s.move, c);
    }
    in_use[static_cast<size_t>(m->from)] = in_use[static_cast<size_t>(m->to)] = 1;
  }
  // The others are holes (breakthroughHoles): off the board for the DFAs, like the edge.
  // Few holes on a well-played board are a fact of the rules; if most squares were never
  // used the play says too little, and none are marked (learning or verification then
  // decides).
  const size_t holes = static_cast<size_t>(std::count(in_use.begin(), in_use.end(), uint8_t{0}));
  if (holes > 0 && 4 * holes <= in_use.size()) {
    game.shape.holes.assign(in_use.size(), 0);
    for (size_t sq = 0; sq < in_use.size(); ++sq) game.shape.holes[sq] = in_use[sq] == 0 ? 1 : 0;
  }
  for (int sq : b.wall_squares) {
    if (!game.shape.IsHole(sq))
      return "walls of " + Name(*b.wall_term, c) + " on squares that pieces use";
  }
  return std::nullopt;
}

}  // namespace ggp::reasoner::board::internal
