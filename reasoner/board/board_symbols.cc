// The board machine's symbol boundary: move and fluent terms spelled per the GdlBinding.
#include <string>

#include "reasoner/board/board_machine.h"

namespace ggp::reasoner::board {

void BoardMachine::BuildSymbols() {
  const GdlBinding& b = game_.gdl;
  for (size_t i = 0; i < b.files.size(); ++i) file_of_.emplace(b.files[i], static_cast<int>(i));
  for (size_t i = 0; i < b.ranks.size(); ++i) rank_of_.emplace(b.ranks[i], static_cast<int>(i));
  for (size_t i = 0; i < b.piece_terms.size(); ++i) {
    piece_of_.emplace(b.piece_terms[i], static_cast<int>(i));
  }
}

kif::Term BoardMachine::CellTerm(int square, const kif::Term& content) const {
  const GdlBinding& b = game_.gdl;
  std::vector<kif::Term> args(3);
  args[static_cast<size_t>(b.x_arg)] = b.files[static_cast<size_t>(square % game_.shape.width)];
  args[static_cast<size_t>(b.y_arg)] = b.ranks[static_cast<size_t>(square / game_.shape.width)];
  args[static_cast<size_t>(b.content_arg)] = content;
  return kif::Term::Compound(b.cell_functor, std::move(args));
}

kif::Term BoardMachine::MoveTerm(int role, Move m) const {
  const GdlBinding& b = game_.gdl;
  const int player = player_of_role_[role == 1 ? 1 : 0];
  std::optional<Squares> sq = MoveSquares(m);
  if (!sq) return b.noop_of_player[static_cast<size_t>(player)];
  const int w = game_.shape.width;
  std::vector<kif::Term> args;
  args.reserve(b.move_args.size());
  for (size_t i = 0; i < b.move_args.size(); ++i) {
    switch (b.move_args[i]) {
      case MoveArg::kFromX:
        args.push_back(b.files[static_cast<size_t>(sq->from % w)]);
        break;
      case MoveArg::kFromY:
        args.push_back(b.ranks[static_cast<size_t>(sq->from / w)]);
        break;
      case MoveArg::kToX:
        args.push_back(b.files[static_cast<size_t>(sq->to % w)]);
        break;
      case MoveArg::kToY:
        args.push_back(b.ranks[static_cast<size_t>(sq->to / w)]);
        break;
      case MoveArg::kPieceAtFrom:
        args.push_back(b.piece_terms[static_cast<size_t>(sq->type)]);
        break;
      case MoveArg::kConstant:
        args.push_back(b.move_constants[i]);
        break;
    }
  }
  return kif::Term::Compound(b.move_functor, std::move(args));
}

std::optional<Move> BoardMachine::FindMove(int role, const kif::Term& t) const {
  const GdlBinding& b = game_.gdl;
  if (role < 0 || role > 1) return std::nullopt;
  if (t == b.noop_of_player[static_cast<size_t>(player_of_role_[role])]) return noop_;
  if (!t.is_compound || t.symbol != b.move_functor || t.args.size() != b.move_args.size()) {
    return std::nullopt;
  }
  int coord[4] = {-1, -1, -1, -1};  // from x, from y, to x, to y
  int type = piece_in_id_ ? -1 : 0;
  // Sets `slot` to the index of `term` in `map`; false if unknown or inconsistent.
  auto set = [](int* slot, const auto& map, const kif::Term& term) {
    auto it = map.find(term);
    if (it == map.end() || (*slot >= 0 && *slot != it->second)) return false;
    *slot = it->second;
    return true;
  };
  for (size_t i = 0; i < b.move_args.size(); ++i) {
    const kif::Term& a = t.args[i];
    bool ok = true;
    switch (b.move_args[i]) {
      case MoveArg::kFromX:
        ok = set(&coord[0], file_of_, a);
        break;
      case MoveArg::kFromY:
        ok = set(&coord[1], rank_of_, a);
        break;
      case MoveArg::kToX:
        ok = set(&coord[2], file_of_, a);
        break;
      case MoveArg::kToY:
        ok = set(&coord[3], rank_of_, a);
        break;
      case MoveArg::kPieceAtFrom:
        ok = set(&type, piece_of_, a);
        break;
      case MoveArg::kConstant:
        ok = a == b.move_constants[i];
        break;
    }
    if (!ok) return std::nullopt;
  }
  const int w = game_.shape.width;
  return PieceMove(coord[1] * w + coord[0], coord[3] * w + coord[2], type);
}

std::vector<kif::Term> BoardMachine::Fluents(const State& s) const {
  const GdlBinding& b = game_.gdl;
  std::vector<kif::Term> out;
  const uint8_t* cells = CellsOf(s);
  for (int sq = 0; sq < squares_; ++sq) {
    const uint8_t c = cells[layout_.cell_of[static_cast<size_t>(sq)]];
    if (c == kOffBoard) continue;  // a hole: no cell fluent (walls below)
    if (c != 0) {
      out.push_back(CellTerm(sq, b.piece_terms[static_cast<size_t>(PieceTypeOf(c))]));
    } else if (b.empty_term) {
      out.push_back(CellTerm(sq, *b.empty_term));
    }
  }
  for (int sq : b.wall_squares) out.push_back(CellTerm(sq, *b.wall_term));
  if (!b.other_fluents.empty()) {
    const size_t last = b.other_fluents.size() - 1;
    const size_t i = b.other_fluents_by_mover ? static_cast<size_t>(MoverOf(s))
                                              : std::min<size_t>(PlyOf(s), last);
    if (i <= last) out.insert(out.end(), b.other_fluents[i].begin(), b.other_fluents[i].end());
  }
  return out;
}

}  // namespace ggp::reasoner::board
