#include "reasoner/board/move_patterns.h"

#include <cstdlib>

namespace ggp::reasoner::board {

const char* HypothesisName(PathHypothesis h) {
  switch (h) {
    case PathHypothesis::kSlide: return "slide";
    case PathHypothesis::kJump: return "jump";
    case PathHypothesis::kLegs: return "legs";
  }
  return "?";
}

std::optional<Pattern> PatternOf(const BoardShape& shape, const std::vector<PieceType>& pieces,
                                 const Position& pos, BoardMove move, PathHypothesis h) {
  if (move.from == move.to || move.from < 0 || move.to < 0) return std::nullopt;
  const int8_t piece = pos.cells[static_cast<size_t>(move.from)];
  if (piece == kEmptySquare) return std::nullopt;
  const int owner = pieces[static_cast<size_t>(piece)].owner;
  const int fx = move.from % shape.width, fy = move.from / shape.width;
  const int dx = move.to % shape.width - fx, dy = move.to / shape.width - fy;
  if (std::abs(dx) > kMaxDelta || std::abs(dy) > kMaxDelta) return std::nullopt;
  const int n = std::max(std::abs(dx), std::abs(dy));
  const bool aligned = dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy);
  Pattern p;
  if (h != PathHypothesis::kJump && aligned && n > 1) {
    const int ux = dx / n, uy = dy / n;
    for (int i = 1; i <= n; ++i) {
      const int sq = (fy + i * uy) * shape.width + fx + i * ux;
      p.push_back(Step{static_cast<int8_t>(ux), static_cast<int8_t>(uy), ContentFor(pos, pieces, sq, owner)});
    }
    return p;
  }
  p.push_back(Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), ContentFor(pos, pieces, move.to, owner)});
  return p;
}

namespace {

struct ChainSearch {
  const BoardShape& shape;
  const std::vector<PieceType>& pieces;
  const Position& pos;
  int owner;
  int target;
  const std::vector<Pattern>& legs;
  size_t limit;
  std::vector<bool> used;  // squares referenced on the current path
  Pattern path;
  std::vector<Pattern> found;

  // Depth-first with a leg budget: extends the path from square `at` by `left` legs.
  void Extend(int at, int left) {
    if (found.size() >= limit) return;
    if (at == target && !path.empty()) {
      if (left == 0) found.push_back(path);
      return;
    }
    if (left == 0) return;
    for (const Pattern& leg : legs) {
      int x = at % shape.width, y = at / shape.width;
      size_t mark = path.size();
      std::vector<int> touched;
      bool ok = true;
      for (const Step& s : leg) {
        x += s.dx;
        y += s.dy;
        if (!shape.OnBoard(x, y)) { ok = false; break; }
        const int sq = y * shape.width + x;
        if (used[static_cast<size_t>(sq)] || ContentFor(pos, pieces, sq, owner) != s.on) { ok = false; break; }
        used[static_cast<size_t>(sq)] = true;
        touched.push_back(sq);
        path.push_back(s);
      }
      if (ok) Extend(y * shape.width + x, left - 1);
      for (int sq : touched) used[static_cast<size_t>(sq)] = false;
      path.resize(mark);
    }
  }
};

}  // namespace

std::vector<Pattern> ChainsOf(const BoardShape& shape, const std::vector<PieceType>& pieces,
                              const Position& pos, BoardMove move, const std::vector<Pattern>& legs,
                              int max_legs, size_t limit) {
  if (move.from == move.to || move.from < 0 || move.to < 0) return {};
  const int8_t piece = pos.cells[static_cast<size_t>(move.from)];
  if (piece == kEmptySquare) return {};
  ChainSearch search{shape, pieces, pos, pieces[static_cast<size_t>(piece)].owner, move.to, legs, limit,
                     std::vector<bool>(static_cast<size_t>(shape.squares()), false), {}, {}};
  search.used[static_cast<size_t>(move.from)] = true;
  for (int n = 1; n <= max_legs && search.found.empty(); ++n) search.Extend(move.from, n);
  return search.found;
}

}  // namespace ggp::reasoner::board
