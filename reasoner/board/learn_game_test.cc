// The whole chain on a small game of our own and on breakthrough: recognise, learn,
// verify; a known model (as the experience store keeps it) is only re-verified, and a
// wrong one is refused.

#include "reasoner/board/learn_game.h"

#include <gtest/gtest.h>

#include "reasoner/board/board_game_io.h"
#include "reasoner/board/board_test_games.h"
#include "reasoner/factory/machine_factory.h"
#include "tests/testing/shared_dir.h"

namespace ggp::reasoner::board {
namespace {

struct Game {
  gdl::Description rules;
  std::shared_ptr<const StateMachine> reference;
};

Game Load(const std::string& text, bool file) {
  Game g;
  std::vector<kif::Diagnostic> errors;
  auto symbols = std::make_shared<kif::SymbolTable>();
  EXPECT_TRUE(file ? gdl::LoadDescriptionFile(text, symbols, &g.rules, &errors)
                   : gdl::ParseDescription(text, symbols, &g.rules, &errors));
  MachineOptions mo;
  mo.board_seconds = 0;
  g.reference = CreateMachine(g.rules, mo).machine;
  EXPECT_NE(g.reference, nullptr);
  return g;
}

TEST(LearnGame, PawnsLearnedVerifiedAndReverifiedFromJson) {
  Game g = Load(testing::kPawns3x4, false);
  ASSERT_TRUE(g.reference);
  BoardLearnOptions o;
  o.seconds = 60;
  BoardLearnResult r = LearnBoardMachine(g.rules, g.reference, o);
  ASSERT_NE(r.machine, nullptr) << r.reason;
  EXPECT_EQ(r.machine->backend(), "board");
  EXPECT_GE(r.verified_playouts, 10);
  ASSERT_TRUE(r.game);
  ASSERT_EQ(r.pieces.size(), 2u);
  EXPECT_EQ(r.pieces[0].states, 2);  // start and accept: three one-step moves

  // The model as the store keeps it: read back into the game's symbols, only re-verified.
  std::string why;
  std::optional<BoardGame> known =
      BoardGameFromJson(BoardGameToJson(*r.game, *g.rules.symbols), *g.rules.symbols, &why);
  ASSERT_TRUE(known) << why;
  o.known = &*known;
  BoardLearnResult again = LearnBoardMachine(g.rules, g.reference, o);
  EXPECT_NE(again.machine, nullptr) << again.reason;
  EXPECT_EQ(again.learn_ms, 0);

  // A wrong model (white pawns may not capture) is caught by verification.
  BoardGame wrong = testing::WithoutCaptures(*known);
  o.known = &wrong;
  BoardLearnResult refused = LearnBoardMachine(g.rules, g.reference, o);
  EXPECT_EQ(refused.machine, nullptr);
  EXPECT_NE(refused.reason.find("differs"), std::string::npos) << refused.reason;

  // Malformed JSON is refused with a reason, never a crash.
  EXPECT_FALSE(BoardGameFromJson(nlohmann::json{{"format", 1}}, *g.rules.symbols, &why));
  EXPECT_FALSE(BoardGameFromJson(nlohmann::json{{"format", 99}}, *g.rules.symbols, &why));
}

TEST(LearnGame, BreakthroughThroughTheFactory) {
  GGP_REQUIRE_SHARED();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(ggp::testing::SharedDir() + "/games/breakthrough.kif", symbols,
                                       &rules, &errors));
  MachineOptions mo;
  mo.backend = "dfa";
  MachineBuild b = CreateMachine(rules, mo);
  ASSERT_NE(b.machine, nullptr) << b.reason;
  EXPECT_EQ(b.backend, "board");
  EXPECT_TRUE(b.board_verified);
  EXPECT_FALSE(b.board_model.empty());
  // A game that is not a board game: "dfa" fails with the reason, "auto" keeps the propnet.
  gdl::Description nim;
  ASSERT_TRUE(gdl::LoadDescriptionFile(ggp::testing::SharedDir() + "/games/nim1.kif", symbols, &nim, &errors));
  MachineBuild none = CreateMachine(nim, mo);
  EXPECT_EQ(none.machine, nullptr);
  EXPECT_NE(none.reason.find("board"), std::string::npos) << none.reason;
  mo.backend = "auto";
  MachineBuild fallback = CreateMachine(nim, mo);
  ASSERT_NE(fallback.machine, nullptr);
  EXPECT_NE(fallback.backend, "board");
}

// Holes: squares that never hold a piece are off the board, whether the game says so with
// a fluent of its own (breakthroughHoles: cellOffLimits) or with a content that never
// moves (breakthroughSmallHoles: (cell x y hole)). Learned, verified, and the model keeps
// its holes and walls through JSON; the board machine spells the walls back.
TEST(LearnGame, HoleSquaresAreOffTheBoard) {
  GGP_REQUIRE_SHARED();
  for (const char* name : {"breakthroughHoles", "breakthroughSmallHoles"}) {
    SCOPED_TRACE(name);
    Game g = Load(ggp::testing::SharedDir() + "/games/" + name + ".kif", true);
    ASSERT_NE(g.reference, nullptr);
    BoardLearnOptions o;
    o.games = 30;
    BoardLearnResult r = LearnBoardMachine(g.rules, g.reference, o);
    ASSERT_NE(r.machine, nullptr) << r.reason;
    ASSERT_TRUE(r.game);
    EXPECT_EQ(r.game->shape.NumHoles(), 4);
    const bool walls = std::string(name) == "breakthroughSmallHoles";
    EXPECT_EQ(r.game->gdl.wall_term.has_value(), walls);
    EXPECT_EQ(r.game->gdl.wall_squares.size(), walls ? 4u : 0u);
    // The machine's states spell the same fluents as the reference's.
    State a, b;
    g.reference->InitialState(&a);
    r.machine->InitialState(&b);
    EXPECT_EQ(g.reference->Fluents(a).size(), r.machine->Fluents(b).size());
    std::string why;
    const nlohmann::json j = BoardGameToJson(*r.game, *g.rules.symbols);
    std::optional<BoardGame> back = BoardGameFromJson(j, *g.rules.symbols, &why);
    ASSERT_TRUE(back) << why;
    EXPECT_EQ(back->shape.holes, r.game->shape.holes);
    EXPECT_EQ(back->gdl.wall_squares, r.game->gdl.wall_squares);
  }
}

}  // namespace
}  // namespace ggp::reasoner::board
