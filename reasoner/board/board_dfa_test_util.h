#pragma once
// Helpers of the DFA learner's tests (board_dfa_test*.cc): patterns from text, DFAs by
// hand, and hand-made training data for a rook, a knight and the seed's cannon (Figure 2)
// on random 7x7 boards. Test-only.

#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "reasoner/board/automaton.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board::test {

// Writes `d`, reads the text back into `*back` (nullopt with `*why` if it does not read)
// and, when it reads, writes that too: returns both texts (equal when the format round-trips).
inline std::pair<std::string, std::string> RoundTrip(const TrainingData& d,
                                                     std::optional<TrainingData>* back,
                                                     std::string* why) {
  std::ostringstream first, second;
  WriteTraining(first, d);
  std::istringstream in(first.str());
  *back = ReadTraining(in, why);
  if (*back) WriteTraining(second, **back);
  return {first.str(), second.str()};
}

inline Pattern P(const char* text) { return *ParsePattern(text); }
inline Label L(const char* step) { return Encode(P(step).at(0)); }

// A DFA with `states` states (0 starts), the accepting ones and edges (from, "(dx,dy,on)", to).
inline Dfa DfaOf(int states, const std::vector<int>& accepting,
                 const std::vector<std::tuple<int, const char*, int>>& edges) {
  Dfa d;
  for (int s = 1; s < states; ++s) d.AddState(false);
  for (int s : accepting) d.SetAccepting(s, true);
  for (const auto& [from, label, to] : edges) d.SetEdge(from, L(label), to);
  return d;
}

inline constexpr int kPiece = 0, kOwn = 1, kOpp = 2;  // piece types of the hand-made data
inline const std::vector<PieceType> kPieces = {{"piece", 'X', 0}, {"own", 'O', 0}, {"opp", 'o', 1}};

// The true patterns of the hand-made piece `kind` ("rook", "knight", "cannon") on `sq`.
inline std::vector<Pattern> Reference(const std::string& kind, const BoardShape& shape,
                                      const Position& pos, int sq) {
  std::vector<Pattern> out;
  const int x0 = sq % shape.width, y0 = sq / shape.width;
  auto at = [&](int x, int y) { return ContentFor(pos, kPieces, y * shape.width + x, 0); };
  auto step = [](int dx, int dy, Content c) {
    return Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), c};
  };
  if (kind == "knight") {
    for (auto [dx, dy] : std::vector<std::pair<int, int>>{
             {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}) {
      if (!shape.OnBoard(x0 + dx, y0 + dy)) continue;
      const Content c = at(x0 + dx, y0 + dy);
      if (c != Content::kOwn) out.push_back({step(dx, dy, c)});
    }
    return out;
  }
  for (auto [dx, dy] : std::vector<std::pair<int, int>>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
    Pattern p;
    bool screened = false;
    for (int x = x0 + dx, y = y0 + dy; shape.OnBoard(x, y); x += dx, y += dy) {
      const Content c = at(x, y);
      p.push_back(step(dx, dy, c));
      if (kind == "rook") {
        if (c != Content::kOwn) out.push_back(p);
        if (c != Content::kEmpty) break;
      } else if (!screened) {  // cannon: slides over empty squares, then a screen
        if (c == Content::kEmpty) out.push_back(p);
        screened = c != Content::kEmpty;
      } else if (c != Content::kEmpty) {  // the first piece past the screen
        if (c == Content::kOpponent) out.push_back(p);
        break;
      }
    }
  }
  return out;
}

// A random board: the piece on a random square, 20% own and 20% opponent pieces elsewhere.
inline Position RandomPosition(std::mt19937& rng, const BoardShape& shape, int* sq) {
  Position pos;
  pos.cells.assign(static_cast<size_t>(shape.squares()), kEmptySquare);
  *sq = static_cast<int>(rng() % static_cast<unsigned>(shape.squares()));
  pos.cells[static_cast<size_t>(*sq)] = kPiece;
  for (int s = 0; s < shape.squares(); ++s) {
    if (s == *sq) continue;
    const unsigned r = rng() % 10;
    if (r < 2)
      pos.cells[static_cast<size_t>(s)] = kOwn;
    else if (r < 4)
      pos.cells[static_cast<size_t>(s)] = kOpp;
  }
  return pos;
}

// `positions` records of random 7x7 boards with the piece's true moves (all, or the first).
inline TrainingData Data(const std::string& kind, int positions, unsigned seed, bool all = true) {
  TrainingData d;
  d.shape = BoardShape{7, 7};
  d.pieces = kPieces;
  std::mt19937 rng(seed);
  for (int i = 0; i < positions; ++i) {
    TrainingRecord r;
    r.number = i + 1;
    int sq = 0;
    r.position = RandomPosition(rng, d.shape, &sq);
    r.all_moves = all;
    for (Pattern& p : Reference(kind, d.shape, r.position, sq))
      r.moves.push_back({sq, std::move(p)});
    if (!all && r.moves.size() > 1) r.moves.resize(1);
    d.records.push_back(std::move(r));
  }
  return d;
}

// The intended DFAs of the hand-made pieces, minimised.
inline Dfa IntendedRook() {
  // S, the file slide F, the rank slide R, the capture C.
  return Minimize(DfaOf(4, {1, 2, 3},
                        {{0, "(0,1,e)", 1},
                         {0, "(0,-1,e)", 1},
                         {1, "(0,1,e)", 1},
                         {1, "(0,-1,e)", 1},
                         {0, "(1,0,e)", 2},
                         {0, "(-1,0,e)", 2},
                         {2, "(1,0,e)", 2},
                         {2, "(-1,0,e)", 2},
                         {0, "(0,1,p)", 3},
                         {0, "(0,-1,p)", 3},
                         {1, "(0,1,p)", 3},
                         {1, "(0,-1,p)", 3},
                         {0, "(1,0,p)", 3},
                         {0, "(-1,0,p)", 3},
                         {2, "(1,0,p)", 3},
                         {2, "(-1,0,p)", 3}}));
}
inline Dfa IntendedKnight() {
  std::vector<std::tuple<int, const char*, int>> edges;
  for (const char* l : {"(1,2,e)", "(2,1,e)", "(-1,2,e)", "(-2,1,e)", "(1,-2,e)", "(2,-1,e)",
                        "(-1,-2,e)", "(-2,-1,e)", "(1,2,p)", "(2,1,p)", "(-1,2,p)", "(-2,1,p)",
                        "(1,-2,p)", "(2,-1,p)", "(-1,-2,p)", "(-2,-1,p)"}) {
    edges.emplace_back(0, l, 1);
  }
  return Minimize(DfaOf(2, {1}, edges));
}
inline Dfa IntendedCannon() {
  // S; per line a slide state M (accepting) and a screened state J (past one piece,
  // crossing empty squares to an opponent); the capture C.
  std::vector<std::tuple<int, const char*, int>> edges;
  const char* lines[2][2][3] = {
      {{"(0,1,e)", "(0,1,w)", "(0,1,p)"}, {"(0,-1,e)", "(0,-1,w)", "(0,-1,p)"}},
      {{"(1,0,e)", "(1,0,w)", "(1,0,p)"}, {"(-1,0,e)", "(-1,0,w)", "(-1,0,p)"}}};
  for (int line = 0; line < 2; ++line) {
    const int m = 1 + 2 * line, j = 2 + 2 * line;
    for (const auto& dir : lines[line]) {
      for (int from : {0, m}) {
        edges.emplace_back(from, dir[0], m);
        edges.emplace_back(from, dir[1], j);
        edges.emplace_back(from, dir[2], j);
      }
      edges.emplace_back(j, dir[0], j);
      edges.emplace_back(j, dir[2], 5);
    }
  }
  return Minimize(DfaOf(6, {1, 3, 5}, edges));
}

}  // namespace ggp::reasoner::board::test
