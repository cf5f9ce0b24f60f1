// The seed's other two games, Chess-Breakthrough and Checkers-Breakthrough (written for
// this project in tests/games), learned and verified end to end. Label conformance: too
// slow for the sanitizer pass.

#include <gtest/gtest.h>

#include "reasoner/board/learn_game.h"
#include "reasoner/factory/machine_factory.h"
#include "tests/testing/shared_dir.h"

namespace ggp::reasoner::board {
namespace {

struct Game {
  gdl::Description rules;
  std::shared_ptr<const StateMachine> reference;
};

Game Load(const std::string& path) {
  Game g;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::LoadDescriptionFile(path, std::make_shared<kif::SymbolTable>(), &g.rules, &errors));
  MachineOptions mo;
  mo.board_seconds = 0;
  g.reference = CreateMachine(g.rules, mo).machine;
  return g;
}

// The seed's two other games, written for this project (tests/games): every piece type
// learned (the checker's jump chains through the legs reading), verified, and a length
// limit from the step counter that random play does not reach.
TEST(LearnGame, SeedGamesChessAndCheckersBreakthrough) {
  for (const char* name : {"chess_breakthrough", "checkers_breakthrough"}) {
    Game g = Load(ggp::testing::SourceDir() + "/tests/games/" + name + ".kif");
    ASSERT_TRUE(g.reference);
    BoardLearnOptions o;
    o.seconds = 120;
    o.games = 200;
    BoardLearnResult r = LearnBoardMachine(g.rules, g.reference, o);
    ASSERT_NE(r.machine, nullptr) << name << ": " << r.reason;
    ASSERT_TRUE(r.game);
    EXPECT_EQ(r.game->max_plies, 160) << name;
    for (const PieceReport& p : r.pieces) EXPECT_TRUE(p.failure.empty()) << name << " " << p.name;
    if (std::string(name) == "checkers_breakthrough") {
      ASSERT_EQ(r.pieces.size(), 2u);
      EXPECT_EQ(r.pieces[0].hypothesis, "legs");
      EXPECT_EQ(r.pieces[0].states, 5);  // start, step, jump over, landed (loops), other side
    } else {
      ASSERT_EQ(r.pieces.size(), 12u);
      for (const PieceReport& p : r.pieces) {
        const char kind = p.name[1];
        const int expected = kind == 'q' ? 6 : (kind == 'r' || kind == 'b') ? 4 : 2;
        EXPECT_EQ(p.states, expected) << p.name;
      }
    }
  }
}

// The rules mean what the seed says: the opening moves of each game.
TEST(SeedGames, OpeningMoves) {
  for (auto [name, moves] : {std::pair<const char*, size_t>{"chess_breakthrough", 12},  // 8 pawns, 4 knights
                             std::pair<const char*, size_t>{"checkers_breakthrough", 7}}) {
    Game g = Load(ggp::testing::SourceDir() + "/tests/games/" + name + ".kif");
    ASSERT_TRUE(g.reference);
    auto ws = g.reference->NewWorkspace();
    State s;
    g.reference->InitialState(&s);
    std::vector<Move> legal;
    g.reference->LegalMoves(s, 0, *ws, &legal);
    EXPECT_EQ(legal.size(), moves) << name;
    g.reference->LegalMoves(s, 1, *ws, &legal);
    ASSERT_EQ(legal.size(), 1u) << name;
    EXPECT_EQ(kif::ToString(g.reference->MoveTerm(1, legal[0]), g.reference->symbols()), "noop");
  }
}

}  // namespace
}  // namespace ggp::reasoner::board
