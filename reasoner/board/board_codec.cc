#include "reasoner/board/board_codec.h"

namespace ggp::reasoner::board {

BoardCodec::BoardCodec(const BoardShape& shape, const GdlBinding& binding)
    : shape_(shape), binding_(&binding) {
  for (size_t i = 0; i < binding.files.size(); ++i) file_.emplace(binding.files[i], static_cast<int>(i));
  for (size_t i = 0; i < binding.ranks.size(); ++i) rank_.emplace(binding.ranks[i], static_cast<int>(i));
  for (size_t i = 0; i < binding.piece_terms.size(); ++i) {
    content_.emplace(binding.piece_terms[i], static_cast<int8_t>(i));
  }
  if (binding.empty_term) content_.emplace(*binding.empty_term, kEmptySquare);
  if (binding.wall_term) content_.emplace(*binding.wall_term, kEmptySquare);
}

int BoardCodec::Square(const kif::Term& x, const kif::Term& y) const {
  auto fx = file_.find(x);
  auto ry = rank_.find(y);
  if (fx == file_.end() || ry == rank_.end()) return -1;
  return ry->second * shape_.width + fx->second;
}

std::optional<int8_t> BoardCodec::PieceOf(const kif::Term& content) const {
  auto it = content_.find(content);
  if (it == content_.end()) return std::nullopt;
  return it->second;
}

std::optional<Position> BoardCodec::DecodeBoard(const std::vector<kif::Term>& fluents,
                                                int mover) const {
  const GdlBinding& b = *binding_;
  Position pos;
  pos.mover = mover;
  pos.cells.assign(static_cast<size_t>(shape_.squares()), kEmptySquare);
  std::vector<bool> seen(static_cast<size_t>(shape_.squares()), false);
  for (const kif::Term& f : fluents) {
    if (f.symbol != b.cell_functor || static_cast<int>(f.arity()) != b.cell_arity) continue;
    const int sq = Square(f.args[static_cast<size_t>(b.x_arg)], f.args[static_cast<size_t>(b.y_arg)]);
    const std::optional<int8_t> piece = PieceOf(f.args[static_cast<size_t>(b.content_arg)]);
    if (sq < 0 || !piece) return std::nullopt;
    if (seen[static_cast<size_t>(sq)]) return std::nullopt;
    seen[static_cast<size_t>(sq)] = true;
    pos.cells[static_cast<size_t>(sq)] = *piece;
  }
  return pos;
}

std::optional<BoardMove> BoardCodec::DecodeMove(const kif::Term& move) const {
  const GdlBinding& b = *binding_;
  if (move.symbol != b.move_functor || move.arity() != b.move_args.size()) return std::nullopt;
  const kif::Term* fx = nullptr;
  const kif::Term* fy = nullptr;
  const kif::Term* tx = nullptr;
  const kif::Term* ty = nullptr;
  for (size_t i = 0; i < move.arity(); ++i) {
    switch (b.move_args[i]) {
      case MoveArg::kFromX: fx = &move.args[i]; break;
      case MoveArg::kFromY: fy = &move.args[i]; break;
      case MoveArg::kToX: tx = &move.args[i]; break;
      case MoveArg::kToY: ty = &move.args[i]; break;
      case MoveArg::kConstant:
        if (!(move.args[i] == b.move_constants[i])) return std::nullopt;
        break;
      case MoveArg::kPieceAtFrom: break;
    }
  }
  if (fx == nullptr || fy == nullptr || tx == nullptr || ty == nullptr) return std::nullopt;
  BoardMove m{Square(*fx, *fy), Square(*tx, *ty)};
  if (m.from < 0 || m.to < 0) return std::nullopt;
  return m;
}

}  // namespace ggp::reasoner::board
