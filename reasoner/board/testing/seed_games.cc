// The seed games' rules (seed_games.h): set-up and the true patterns of every piece.

#include "reasoner/board/testing/seed_games.h"

#include <array>
#include <utility>

namespace ggp::reasoner::board::testing {
namespace {

constexpr std::array<std::pair<int, int>, 8> kKingSteps = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};
constexpr std::array<std::pair<int, int>, 8> kKnightJumps = {
    {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}};
constexpr std::array<std::pair<int, int>, 4> kRookLines = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
constexpr std::array<std::pair<int, int>, 4> kBishopLines = {{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};

Step MakeStep(int dx, int dy, Content on) {
  return Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), on};
}

int Forward(int owner) { return owner == 0 ? 1 : -1; }

}  // namespace

std::string_view SeedGameName(SeedGame g) {
  switch (g) {
    case SeedGame::kBreakthrough:
      return "breakthrough";
    case SeedGame::kCheckersBreakthrough:
      return "checkers-breakthrough";
    case SeedGame::kChessBreakthrough:
      return "chess-breakthrough";
  }
  return "?";
}

SeedRules::SeedRules(SeedGame game) : game_(game) {
  switch (game) {
    case SeedGame::kBreakthrough:
      pieces_ = {{"white_pawn", 'P', 0}, {"black_pawn", 'p', 1}};
      kinds_ = {PieceKind::kPawn, PieceKind::kPawn};
      break;
    case SeedGame::kCheckersBreakthrough:
      pieces_ = {{"white_checker", 'C', 0}, {"black_checker", 'c', 1}};
      kinds_ = {PieceKind::kChecker, PieceKind::kChecker};
      break;
    case SeedGame::kChessBreakthrough: {
      const char* names[] = {"wp", "wn", "wb", "wr", "wq", "wk",
                             "bp", "bn", "bb", "br", "bq", "bk"};
      const char* letters = "PNBRQKpnbrqk";
      const PieceKind kinds[] = {PieceKind::kPawn, PieceKind::kKnight, PieceKind::kBishop,
                                 PieceKind::kRook, PieceKind::kQueen,  PieceKind::kKing};
      for (int i = 0; i < 12; ++i) {
        pieces_.push_back(PieceType{names[i], letters[i], i / 6});
        kinds_.push_back(kinds[i % 6]);
      }
      break;
    }
  }
}

Position SeedRules::Initial() const {
  Position pos;
  pos.cells.assign(static_cast<size_t>(shape_.squares()), kEmptySquare);
  pos.mover = 0;
  auto put = [&](int x, int y, int piece) {
    pos.cells[static_cast<size_t>(y * shape_.width + x)] = static_cast<int8_t>(piece);
  };
  switch (game_) {
    case SeedGame::kBreakthrough:
      for (int x = 0; x < 8; ++x) {
        for (int y : {0, 1}) put(x, y, 0);
        for (int y : {6, 7}) put(x, y, 1);
      }
      break;
    case SeedGame::kCheckersBreakthrough:
      for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
          if ((x + y) % 2 != 0) continue;  // a1 is dark
          if (y <= 2) put(x, y, 0);
          if (y >= 5) put(x, y, 1);
        }
      }
      break;
    case SeedGame::kChessBreakthrough: {
      const int back[] = {3, 1, 2, 4, 5, 2, 1, 3};  // R N B Q K B N R as piece indices
      for (int x = 0; x < 8; ++x) {
        put(x, 0, back[x]);
        put(x, 1, 0);
        put(x, 6, 6);
        put(x, 7, back[x] + 6);
      }
      break;
    }
  }
  return pos;
}

void SeedRules::PieceMoves(const Position& pos, int square, std::vector<Pattern>* out) const {
  const int8_t piece = pos.cells[static_cast<size_t>(square)];
  if (piece == kEmptySquare) return;
  const int owner = pieces_[static_cast<size_t>(piece)].owner;
  const int f = Forward(owner);
  const int x0 = square % shape_.width, y0 = square / shape_.width;
  auto content = [&](int x, int y) {
    return ContentFor(pos, pieces_, y * shape_.width + x, owner);
  };
  // One step to (x0 + dx, y0 + dy) if it is on the board and its content is allowed.
  auto single = [&](int dx, int dy, bool empty_ok, bool capture_ok) {
    if (!shape_.OnBoard(x0 + dx, y0 + dy)) return;
    const Content c = content(x0 + dx, y0 + dy);
    if ((c == Content::kEmpty && empty_ok) || (c == Content::kOpponent && capture_ok)) {
      out->push_back({MakeStep(dx, dy, c)});
    }
  };
  auto slide = [&](int dx, int dy) {
    Pattern p;
    for (int x = x0 + dx, y = y0 + dy; shape_.OnBoard(x, y); x += dx, y += dy) {
      const Content c = content(x, y);
      if (c == Content::kOwn) break;
      p.push_back(MakeStep(dx, dy, c));
      out->push_back(p);
      if (c == Content::kOpponent) break;
    }
  };
  switch (kinds_[static_cast<size_t>(piece)]) {
    case PieceKind::kPawn:
      if (game_ == SeedGame::kBreakthrough) {
        for (int dx : {-1, 0, 1}) single(dx, f, true, dx != 0);
      } else {
        for (int dx : {-1, 0, 1}) single(dx, f, dx == 0, dx != 0);
      }
      break;
    case PieceKind::kKnight:
      for (auto [dx, dy] : kKnightJumps) single(dx, dy, true, true);
      break;
    case PieceKind::kKing:
      for (auto [dx, dy] : kKingSteps) single(dx, dy, true, true);
      break;
    case PieceKind::kBishop:
      for (auto [dx, dy] : kBishopLines) slide(dx, dy);
      break;
    case PieceKind::kRook:
      for (auto [dx, dy] : kRookLines) slide(dx, dy);
      break;
    case PieceKind::kQueen:
      for (auto [dx, dy] : kRookLines) slide(dx, dy);
      for (auto [dx, dy] : kBishopLines) slide(dx, dy);
      break;
    case PieceKind::kChecker: {
      for (int dx : {-1, 1}) single(dx, f, true, false);
      // Jump chains, depth first; every prefix of whole jumps is a move.
      Pattern p;
      auto jumps = [&](auto&& self, int x, int y) -> void {
        for (int dx : {-1, 1}) {
          if (!shape_.OnBoard(x + 2 * dx, y + 2 * f) ||
              content(x + dx, y + f) != Content::kOpponent ||
              content(x + 2 * dx, y + 2 * f) != Content::kEmpty) {
            continue;
          }
          p.push_back(MakeStep(dx, f, Content::kOpponent));
          p.push_back(MakeStep(dx, f, Content::kEmpty));
          out->push_back(p);
          self(self, x + 2 * dx, y + 2 * f);
          p.resize(p.size() - 2);
        }
      };
      jumps(jumps, x0, y0);
      break;
    }
  }
}

void SeedRules::LegalMoves(const Position& pos, std::vector<TrainingMove>* out) const {
  out->clear();
  std::vector<Pattern> patterns;
  for (int sq = 0; sq < shape_.squares(); ++sq) {
    const int8_t piece = pos.cells[static_cast<size_t>(sq)];
    if (piece == kEmptySquare || pieces_[static_cast<size_t>(piece)].owner != pos.mover) continue;
    patterns.clear();
    PieceMoves(pos, sq, &patterns);
    for (Pattern& p : patterns) out->push_back(TrainingMove{sq, std::move(p)});
  }
}

Position SeedRules::Play(const Position& pos, const TrainingMove& move) const {
  Position next = pos;
  int x = move.square % shape_.width, y = move.square / shape_.width;
  for (const Step& s : move.pattern) {
    x += s.dx;
    y += s.dy;
  }
  next.cells[static_cast<size_t>(y * shape_.width + x)] =
      pos.cells[static_cast<size_t>(move.square)];
  next.cells[static_cast<size_t>(move.square)] = kEmptySquare;
  next.mover = 1 - pos.mover;
  return next;
}

bool SeedRules::Wins(int piece_type, int square) const {
  const PieceKind k = kinds_[static_cast<size_t>(piece_type)];
  const bool eligible =
      k == PieceKind::kPawn || k == PieceKind::kChecker || k == PieceKind::kKnight;
  const int goal_rank = pieces_[static_cast<size_t>(piece_type)].owner == 0 ? shape_.height - 1 : 0;
  return eligible && square / shape_.width == goal_rank;
}

}  // namespace ggp::reasoner::board::testing
