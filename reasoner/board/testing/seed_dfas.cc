// The intended DFA of every piece of the seed games (seed_games.h), by hand.
//
// Every piece starts in state S (0). Steppers (pawns, king, knight) reach one accepting
// state A. A slider has one accepting state per line it slides along (a rook: the file and
// the rank), looping on both directions of the line over empty squares (going back is never
// followed: it references a square twice), and one accepting capture state C. A checker
// steps to A1, or jumps: over an opponent to the right (R) or the left (L), landing in the
// accepting A2, from which it may jump again.

#include <array>
#include <utility>

#include "reasoner/board/automaton.h"
#include "reasoner/board/testing/seed_games.h"

namespace ggp::reasoner::board::testing {
namespace {

Label L(int dx, int dy, Content on) {
  return Encode(Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), on});
}

constexpr Content kE = Content::kEmpty, kP = Content::kOpponent;

// S and A; an edge S -> A per step and allowed content.
Dfa Stepper(const std::vector<std::pair<int, int>>& steps, bool empty_ok, bool capture_ok) {
  Dfa d;
  const int a = d.AddState(true);
  for (auto [dx, dy] : steps) {
    if (empty_ok) d.SetEdge(0, L(dx, dy, kE), a);
    if (capture_ok) d.SetEdge(0, L(dx, dy, kP), a);
  }
  return d;
}

// `lines`: the directions of each line (a direction and its opposite).
Dfa Slider(const std::vector<std::pair<int, int>>& lines) {
  Dfa d;
  const int c = d.AddState(true);
  for (auto [dx, dy] : lines) {
    const int m = d.AddState(true);
    for (int sign : {1, -1}) {
      const int sx = sign * dx, sy = sign * dy;
      d.SetEdge(0, L(sx, sy, kE), m);
      d.SetEdge(m, L(sx, sy, kE), m);
      d.SetEdge(0, L(sx, sy, kP), c);
      d.SetEdge(m, L(sx, sy, kP), c);
    }
  }
  return d;
}

Dfa Checker(int f) {
  Dfa d;
  const int a1 = d.AddState(true), right = d.AddState(false), left = d.AddState(false),
            a2 = d.AddState(true);
  d.SetEdge(0, L(1, f, kE), a1);
  d.SetEdge(0, L(-1, f, kE), a1);
  for (int from : {0, a2}) {
    d.SetEdge(from, L(1, f, kP), right);
    d.SetEdge(from, L(-1, f, kP), left);
  }
  d.SetEdge(right, L(1, f, kE), a2);
  d.SetEdge(left, L(-1, f, kE), a2);
  return d;
}

}  // namespace

Dfa IntendedDfa(const SeedRules& rules, int piece_type) {
  const int f = rules.pieces()[static_cast<size_t>(piece_type)].owner == 0 ? 1 : -1;
  const std::vector<std::pair<int, int>> king = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
                                                 {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
  const std::vector<std::pair<int, int>> knight = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                                   {1, -2},  {1, 2},  {2, -1},  {2, 1}};
  Dfa d;
  switch (rules.kind(piece_type)) {
    case PieceKind::kPawn:
      if (rules.game() == SeedGame::kBreakthrough) {
        d = Stepper({{-1, f}, {0, f}, {1, f}}, true, false);
        d.SetEdge(0, L(-1, f, kP), 1);
        d.SetEdge(0, L(1, f, kP), 1);
      } else {
        d = Stepper({{0, f}}, true, false);
        d.SetEdge(0, L(-1, f, kP), 1);
        d.SetEdge(0, L(1, f, kP), 1);
      }
      break;
    case PieceKind::kKnight:
      d = Stepper(knight, true, true);
      break;
    case PieceKind::kKing:
      d = Stepper(king, true, true);
      break;
    case PieceKind::kBishop:
      d = Slider({{1, 1}, {1, -1}});
      break;
    case PieceKind::kRook:
      d = Slider({{1, 0}, {0, 1}});
      break;
    case PieceKind::kQueen:
      d = Slider({{1, 0}, {0, 1}, {1, 1}, {1, -1}});
      break;
    case PieceKind::kChecker:
      d = Checker(f);
      break;
  }
  return Minimize(d);
}

}  // namespace ggp::reasoner::board::testing
