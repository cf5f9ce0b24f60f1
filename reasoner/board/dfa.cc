#include "reasoner/board/dfa.h"

#include <algorithm>

namespace ggp::reasoner::board {

void Dfa::SetEdge(int from, Label label, int to) {
  auto& e = edges_[static_cast<size_t>(from)];
  auto it = std::lower_bound(e.begin(), e.end(), label,
                             [](const Edge& a, Label l) { return a.label < l; });
  if (it != e.end() && it->label == label) {
    it->target = to;
  } else {
    e.insert(it, Edge{label, to});
  }
}

int Dfa::num_edges() const {
  size_t n = 0;
  for (const auto& e : edges_) n += e.size();
  return static_cast<int>(n);
}

int Dfa::Next(int s, Label label) const {
  const auto& e = edges_[static_cast<size_t>(s)];
  auto it = std::lower_bound(e.begin(), e.end(), label,
                             [](const Edge& a, Label l) { return a.label < l; });
  return it != e.end() && it->label == label ? it->target : -1;
}

bool Dfa::Accepts(const Pattern& p) const {
  int s = 0;
  for (const Step& step : p) {
    s = Next(s, Encode(step));
    if (s < 0) return false;
  }
  return accepting(s);
}

namespace {

struct Walk {
  const Dfa& dfa;
  const BoardShape& shape;
  const Position& pos;
  const std::vector<PieceType>& pieces;
  int owner;
  std::vector<bool> used;
  Pattern path;
  std::vector<Pattern>* out;
  int depth_cap;

  void From(int state, int x, int y) {
    if (dfa.accepting(state) && !path.empty()) out->push_back(path);
    if (static_cast<int>(path.size()) >= depth_cap) return;
    for (const Dfa::Edge& e : dfa.edges(state)) {
      const Step s = Decode(e.label);
      const int nx = x + s.dx, ny = y + s.dy;
      if (!shape.OnBoard(nx, ny)) continue;
      const int sq = ny * shape.width + nx;
      if (used[static_cast<size_t>(sq)] || ContentFor(pos, pieces, sq, owner) != s.on) continue;
      used[static_cast<size_t>(sq)] = true;
      path.push_back(s);
      From(e.target, nx, ny);
      path.pop_back();
      used[static_cast<size_t>(sq)] = false;
    }
  }
};

}  // namespace

void GenerateMoves(const Dfa& dfa, const BoardShape& shape, const Position& pos,
                   const std::vector<PieceType>& pieces, int square, std::vector<Pattern>* out) {
  const int8_t piece = pos.cells[static_cast<size_t>(square)];
  if (piece == kEmptySquare) return;
  Walk w{dfa, shape, pos, pieces, pieces[static_cast<size_t>(piece)].owner,
         std::vector<bool>(static_cast<size_t>(shape.squares()), false), {}, out, shape.squares()};
  w.used[static_cast<size_t>(square)] = true;
  w.From(0, square % shape.width, square / shape.width);
}

}  // namespace ggp::reasoner::board
