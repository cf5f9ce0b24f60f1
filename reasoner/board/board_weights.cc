// BoardMachine::CompileFluentWeights: a linear function of the fluents Fluents() spells,
// evaluated on the packed board (board_machine.h, board_encoding.h).

#include <algorithm>
#include <utility>

#include "reasoner/board/board_machine.h"

namespace ggp::reasoner::board {
namespace {

class BoardFluentWeights final : public FluentWeights {
 public:
  // cell_weight[sq * kinds + k]: k = 0 empty, 1 + t piece type t; cells: the mailbox index
  // of each square (kOffBoard for holes); other: per mover or ply index.
  BoardFluentWeights(std::vector<double> cell_weight, int kinds, std::vector<int32_t> cells,
                     double constant, std::vector<double> other, bool other_by_mover)
      : cell_weight_(std::move(cell_weight)),
        kinds_(kinds),
        cells_(std::move(cells)),
        constant_(constant),
        other_(std::move(other)),
        other_by_mover_(other_by_mover) {}

  double Sum(const State& s) const override {
    const uint8_t* cells = CellsOf(s);
    double v = constant_;
    for (size_t sq = 0; sq < cells_.size(); ++sq) {
      const uint8_t c = cells[cells_[sq]];
      if (c == kOffBoard) continue;
      const int kind = c == 0 ? 0 : 1 + PieceTypeOf(c);
      v += cell_weight_[sq * static_cast<size_t>(kinds_) + static_cast<size_t>(kind)];
    }
    if (!other_.empty()) {  // as Fluents() picks them
      const size_t last = other_.size() - 1;
      const size_t i = other_by_mover_ ? static_cast<size_t>(MoverOf(s))
                                       : std::min<size_t>(PlyOf(s), last);
      if (i <= last) v += other_[i];
    }
    return v;
  }

 private:
  std::vector<double> cell_weight_;
  int kinds_;
  std::vector<int32_t> cells_;
  double constant_;
  std::vector<double> other_;
  bool other_by_mover_;
};

}  // namespace

std::unique_ptr<const FluentWeights> BoardMachine::CompileFluentWeights(
    const std::function<double(const kif::Term&)>& weight) const {
  const GdlBinding& b = game_.gdl;
  const int kinds = 1 + static_cast<int>(b.piece_terms.size());
  std::vector<double> cell_weight(static_cast<size_t>(squares_) * static_cast<size_t>(kinds), 0.0);
  std::vector<int32_t> cells(static_cast<size_t>(squares_));
  for (int sq = 0; sq < squares_; ++sq) {
    cells[static_cast<size_t>(sq)] = layout_.cell_of[static_cast<size_t>(sq)];
    double* row = cell_weight.data() + static_cast<size_t>(sq) * static_cast<size_t>(kinds);
    if (b.empty_term) row[0] = weight(CellTerm(sq, *b.empty_term));
    for (size_t t = 0; t < b.piece_terms.size(); ++t) row[1 + t] = weight(CellTerm(sq, b.piece_terms[t]));
  }
  double constant = 0;
  for (int sq : b.wall_squares) constant += weight(CellTerm(sq, *b.wall_term));
  std::vector<double> other;
  for (const std::vector<kif::Term>& fluents : b.other_fluents) {
    double sum = 0;
    for (const kif::Term& t : fluents) sum += weight(t);
    other.push_back(sum);
  }
  return std::make_unique<BoardFluentWeights>(std::move(cell_weight), kinds, std::move(cells),
                                              constant, std::move(other), b.other_fluents_by_mover);
}

}  // namespace ggp::reasoner::board
