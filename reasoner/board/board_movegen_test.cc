// Move generation of the board machine on hand-made positions: sliding pieces, the
// no-repeated-square rule, duplicate destinations, and what the DFA analysis proves.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "reasoner/board/board_dfa_facts.h"
#include "reasoner/board/board_machine.h"
#include "reasoner/board/board_machine_testing.h"

namespace ggp::reasoner::board {
namespace {

using testing::EdgeSpec;
using testing::MakeDfa;
using Moves = std::set<std::pair<int, int>>;  // (from, to) squares

constexpr Content e = Content::kEmpty, w = Content::kOwn, p = Content::kOpponent;

// A rook: one ray per direction, ending on an empty square or on an opponent.
Dfa Rook() {
  std::vector<EdgeSpec> edges;
  const int capture = 5;
  const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int d = 0; d < 4; ++d) {
    const int ray = d + 1;
    edges.push_back({0, dirs[d][0], dirs[d][1], e, ray});
    edges.push_back({0, dirs[d][0], dirs[d][1], p, capture});
    edges.push_back({ray, dirs[d][0], dirs[d][1], e, ray});
    edges.push_back({ray, dirs[d][0], dirs[d][1], p, capture});
  }
  return MakeDfa(6, {1, 2, 3, 4, 5}, edges);
}

// Any orthogonal walk over empty squares.
Dfa Flood() {
  std::vector<EdgeSpec> edges;
  for (int s : {0, 1}) {
    for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
      edges.push_back({s, dx, dy, e, 1});
  }
  return MakeDfa(2, {1}, edges);
}

// A board game of `pieces` (with their DFAs) on an empty width x height board.
struct Fixture {
  std::shared_ptr<kif::SymbolTable> symbols = std::make_shared<kif::SymbolTable>();
  BoardGame game;
  std::unique_ptr<BoardMachine> machine;

  Fixture(int width, int height, std::vector<PieceType> pieces, std::vector<Dfa> dfas) {
    game = testing::BreakthroughGame(*symbols, width, height, 0);
    game.gdl.piece_terms.clear();
    for (const PieceType& t : pieces)
      game.gdl.piece_terms.push_back(kif::Term::Atom(symbols->Intern(t.name)));
    game.pieces = std::move(pieces);
    game.dfa = std::move(dfas);
    game.initial.cells.assign(static_cast<size_t>(width * height), kEmptySquare);
    game.eligible.clear();
    game.goal_squares.clear();
    std::vector<kif::Term> roles = {kif::Term::Atom(symbols->Intern("white")),
                                    kif::Term::Atom(symbols->Intern("black"))};
    machine = std::make_unique<BoardMachine>(game, symbols, roles);
  }

  Moves Generate(const Position& pos) const {
    auto ws = machine->NewWorkspace();
    State s = machine->Encode(pos);
    std::vector<Move> legal;
    machine->LegalMoves(s, pos.mover, *ws, &legal);
    Moves out;
    for (Move m : legal) {
      auto sq = machine->MoveSquares(m);
      EXPECT_TRUE(sq);
      EXPECT_TRUE(out.insert({sq->from, sq->to}).second)
          << "duplicate move " << sq->from << "-" << sq->to;
    }
    EXPECT_EQ(machine->IsTerminal(s, *ws), out.empty());
    return out;
  }
};

TEST(BoardMovegenTest, RookSlidesUntilBlocked) {
  Fixture f(8, 8, {{"rook", 'R', 0}, {"pawn", 'P', 0}, {"enemy", 'E', 1}}, {Rook(), Dfa(), Dfa()});
  const PieceProgram& rook = f.machine->generator().program(0);
  EXPECT_FALSE(rook.dedup);
  EXPECT_FALSE(rook.any_checked);
  EXPECT_FALSE(rook.acyclic);
  Position pos;
  pos.cells.assign(64, kEmptySquare);
  auto at = [](int x, int y) { return y * 8 + x; };
  pos.cells[at(2, 2)] = 0;  // rook c3
  pos.cells[at(2, 5)] = 1;  // own pawn c6
  pos.cells[at(5, 2)] = 2;  // enemy f3
  pos.cells[at(2, 0)] = 2;  // enemy c1
  pos.cells[at(0, 2)] = 1;  // own pawn a3
  pos.cells[at(7, 7)] = 0;  // rook h8
  Moves expected;
  for (int from : {at(2, 2), at(7, 7)}) {
    for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      for (int x = from % 8 + dx, y = from / 8 + dy; x >= 0 && x < 8 && y >= 0 && y < 8;
           x += dx, y += dy) {
        const int8_t c = pos.cells[static_cast<size_t>(at(x, y))];
        if (c == 0 || c == 1) break;
        expected.insert({from, at(x, y)});
        if (c == 2) break;
      }
    }
  }
  EXPECT_EQ(expected.size(), 8u + 14u);
  EXPECT_EQ(f.Generate(pos), expected);
}

TEST(BoardMovegenTest, WalksNeverRevisitASquare) {
  // (1,0,e) accepted; then back over the origin: (-1,0,e)(-1,0,e) would reach x - 1.
  // And a square walk (0,1)(1,0)(0,-1)(-1,0) whose last step is the origin.
  Dfa back = MakeDfa(4, {1, 3}, {{0, 1, 0, e, 1}, {1, -1, 0, e, 2}, {2, -1, 0, e, 3}});
  Dfa ring = MakeDfa(5, {1, 2, 3, 4},
                     {{0, 0, 1, e, 1}, {1, 1, 0, e, 2}, {2, 0, -1, e, 3}, {3, -1, 0, e, 4}});
  Fixture f(5, 5, {{"back", 'K', 0}, {"ring", 'R', 0}}, {back, ring});
  EXPECT_TRUE(f.machine->generator().program(0).any_checked);
  EXPECT_TRUE(f.machine->generator().program(1).any_checked);
  Position pos;
  pos.cells.assign(25, kEmptySquare);
  pos.cells[12] = 0;  // c3
  pos.cells[0] = 1;   // a1
  EXPECT_EQ(f.Generate(pos), (Moves{{12, 13}, {0, 5}, {0, 6}, {0, 1}}));
}

TEST(BoardMovegenTest, FloodFillReachesEachSquareOnce) {
  Fixture f(4, 3, {{"flood", 'F', 0}, {"enemy", 'E', 1}}, {Flood(), Dfa()});
  const PieceProgram& flood = f.machine->generator().program(0);
  EXPECT_TRUE(flood.dedup);
  EXPECT_TRUE(flood.any_checked);
  Position pos;
  pos.cells.assign(12, kEmptySquare);
  // . E . .
  // . E . .
  // F . . E
  pos.cells[0] = 0;
  pos.cells[5] = 1;
  pos.cells[9] = 1;
  pos.cells[3] = 1;
  Moves expected;
  for (int sq : {1, 2, 4, 6, 7, 8, 10, 11}) expected.insert({0, sq});
  EXPECT_EQ(f.Generate(pos), expected);
}

TEST(BoardMovegenTest, DuplicateDestinationsAreOneMove) {
  // Two two-step routes to (1, 1), and (1,1,e) / (1,1,p) that never coincide.
  Dfa two = MakeDfa(4, {3}, {{0, 1, 0, e, 1}, {0, 0, 1, e, 2}, {1, 0, 1, e, 3}, {2, 1, 0, e, 3}});
  Dfa diag = MakeDfa(2, {1}, {{0, 1, 1, e, 1}, {0, 1, 1, p, 1}});
  Fixture f(4, 4, {{"two", 'T', 0}, {"diag", 'D', 0}, {"enemy", 'E', 1}}, {two, diag, Dfa()});
  EXPECT_TRUE(f.machine->generator().program(0).dedup);
  EXPECT_FALSE(f.machine->generator().program(0).any_checked);
  EXPECT_FALSE(f.machine->generator().program(1).dedup);
  Position pos;
  pos.cells.assign(16, kEmptySquare);
  pos.cells[0] = 0;
  pos.cells[10] = 1;
  pos.cells[15] = 2;
  EXPECT_EQ(f.Generate(pos), (Moves{{0, 5}, {10, 15}}));
  pos.cells[1] = 2;  // one route blocked: still reachable the other way
  EXPECT_EQ(f.Generate(pos), (Moves{{0, 5}, {10, 15}}));
  pos.cells[4] = 2;
  EXPECT_EQ(f.Generate(pos), (Moves{{10, 15}}));
}

TEST(BoardMovegenTest, FactsOfBreakthroughPawns) {
  Fixture f(8, 8, {{"white", 'W', 0}, {"black", 'B', 1}},
            testing::BreakthroughGame(*std::make_shared<kif::SymbolTable>(), 8, 8, 2).dfa);
  for (int k = 0; k < 2; ++k) {
    const PieceProgram& pawn = f.machine->generator().program(k);
    EXPECT_FALSE(pawn.dedup);
    EXPECT_FALSE(pawn.any_checked);
    EXPECT_TRUE(pawn.acyclic);
    EXPECT_EQ(pawn.leaf_end - pawn.first, 5);
    EXPECT_EQ(pawn.last, pawn.leaf_end);
  }
  EXPECT_EQ(f.machine->layout().pad, 1);
  EXPECT_EQ(f.machine->layout().words, 1 + 12);
}

TEST(BoardMovegenTest, UselessAndSelfEdgesAreDropped) {
  // (0,0) never moves; state 2 cannot reach acceptance.
  Dfa d = MakeDfa(3, {1}, {{0, 0, 0, e, 1}, {0, 1, 0, e, 1}, {0, 0, 1, e, 2}, {2, 0, 1, e, 2}});
  DfaFacts facts = AnalyseDfa(d);
  ASSERT_EQ(facts.steps[0].size(), 1u);
  EXPECT_EQ(facts.steps[0][0].dx, 1);
  EXPECT_FALSE(facts.useful[2]);
  EXPECT_TRUE(facts.acyclic);
  EXPECT_FALSE(facts.dedup);
  EXPECT_EQ(facts.max_delta, 1);
}

}  // namespace
}  // namespace ggp::reasoner::board
