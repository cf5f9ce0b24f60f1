// The hybrid machine of moves-only board games: the propnet without its legal moves, the
// learned DFAs for the moves, verified against the full propnet; a wrong model refused; the
// model kept through JSON; and the factory's choice on the corpus's breakthroughSuicide.

#include "reasoner/board/hybrid_machine.h"

#include <gtest/gtest.h>

#include "reasoner/board/board_game_io.h"
#include "reasoner/board/board_machine_testing.h"
#include "reasoner/board/board_test_games.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/factory/verify.h"
#include "reasoner/propnet/propnet_machine.h"
#include "tests/testing/shared_dir.h"

namespace ggp::reasoner::board {
namespace {

// Breakthrough on 5x5 with one row of pawns where reaching the far rank, or taking the
// last enemy pawn, loses: the moves are the simplified boardgame's, the ending is not.
std::string SuicideGdl() {
  std::string g = testing::BreakthroughGdl(5, 5, 1);
  const std::string wins = "(<= (goal white 100) whitewins) (<= (goal black 100) blackwins)";
  const std::string loses = "(<= (goal white 0) (not whitewins)) (<= (goal black 0) (not blackwins))";
  const size_t a = g.find(wins), b = g.find(loses);
  EXPECT_NE(a, std::string::npos);
  EXPECT_NE(b, std::string::npos);
  g.replace(b, loses.size(), "(<= (goal white 0) whitewins) (<= (goal black 0) blackwins)");
  g.replace(a, wins.size(), "(<= (goal white 100) blackwins) (<= (goal black 100) whitewins)");
  return g;
}

struct Game {
  gdl::Description rules;
  std::shared_ptr<const propnet::PropnetMachine> full, legal_free;
};

Game Load(const std::string& text) {
  Game g;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &g.rules, &errors));
  propnet::PropnetOptions po;
  g.full = propnet::PropnetMachine::Build(g.rules, po).machine;
  po.legal = false;
  po.profile_moves = g.full.get();
  g.legal_free = propnet::PropnetMachine::Build(g.rules, po).machine;
  return g;
}

HybridRules RulesOf(const Game& g) {
  return HybridRules{g.legal_free, g.legal_free->fluent_terms(),
                     {g.legal_free->move_terms(0), g.legal_free->move_terms(1)}};
}

TEST(HybridMachine, PropnetWithoutLegalMovesKeepsTheRest) {
  Game g = Load(SuicideGdl());
  ASSERT_TRUE(g.full && g.legal_free);
  EXPECT_LT(g.legal_free->stats().components, g.full->stats().components);
  EXPECT_EQ(g.legal_free->fluent_terms(), g.full->fluent_terms());
  EXPECT_EQ(g.legal_free->move_terms(0), g.full->move_terms(0));
  auto fw = g.full->NewWorkspace();
  auto lw = g.legal_free->NewWorkspace();
  State s, a, b;
  g.full->InitialState(&s);
  std::vector<Move> legal, none;
  Rng rng(3);
  for (int step = 0; step < 40 && !g.full->IsTerminal(s, *fw); ++step) {
    std::vector<Move> joint;
    for (int r = 0; r < 2; ++r) {
      g.full->LegalMoves(s, r, *fw, &legal);
      g.legal_free->LegalMoves(s, r, *lw, &none);
      EXPECT_TRUE(none.empty());
      ASSERT_FALSE(legal.empty());
      joint.push_back(legal[rng.Below(static_cast<uint32_t>(legal.size()))]);
    }
    g.full->NextState(s, joint, *fw, &a);
    g.legal_free->NextState(s, joint, *lw, &b);
    ASSERT_EQ(a, b) << "step " << step;
    s = a;
  }
  EXPECT_TRUE(g.full->IsTerminal(s, *fw));
  EXPECT_TRUE(g.legal_free->IsTerminal(s, *lw));
  for (int r = 0; r < 2; ++r) EXPECT_EQ(g.full->Goal(s, r, *fw), g.legal_free->Goal(s, r, *lw));
}

TEST(HybridMachine, LearnedVerifiedReverifiedAndRefusedWhenWrong) {
  Game g = Load(SuicideGdl());
  ASSERT_TRUE(g.full && g.legal_free);
  BoardLearnOptions o;
  o.seconds = 60;
  o.hybrid_min_speedup = 0;  // keep it whatever the speed: this test is about correctness
  o.hybrid_rules = [&](double) { return std::optional<HybridRules>(RulesOf(g)); };
  BoardLearnResult r = LearnBoardMachine(g.rules, g.full, o);
  EXPECT_EQ(r.fit, Fit::kMovesOnly);
  ASSERT_NE(r.machine, nullptr) << r.reason;
  EXPECT_EQ(r.machine->backend(), "hybrid");
  EXPECT_GT(r.hybrid_rate, 0);
  EXPECT_GT(r.reference_rate, 0);
  ASSERT_TRUE(r.game);
  EXPECT_TRUE(r.game->moves_only);

  // Same states and ids as the propnet: a fresh verification with other seeds agrees.
  VerifyOptions vo;
  vo.playouts = 50;
  vo.seed = 99;
  EXPECT_EQ(VerifyAgainst(*g.full, *r.machine, vo), std::nullopt);
  State a, b;
  g.full->InitialState(&a);
  r.machine->InitialState(&b);
  EXPECT_EQ(a, b);

  // Without legal-free rules a moves-only game ends at recognition.
  BoardLearnOptions plain;
  BoardLearnResult no_rules = LearnBoardMachine(g.rules, g.full, plain);
  EXPECT_EQ(no_rules.machine, nullptr);
  EXPECT_NE(no_rules.reason.find("moves-only"), std::string::npos) << no_rules.reason;

  // The model through JSON (as the store keeps it) is only re-verified.
  std::string why;
  std::optional<BoardGame> known =
      BoardGameFromJson(BoardGameToJson(*r.game, *g.rules.symbols), *g.rules.symbols, &why);
  ASSERT_TRUE(known) << why;
  EXPECT_TRUE(known->moves_only);
  o.known = &*known;
  BoardLearnResult again = LearnBoardMachine(g.rules, g.full, o);
  ASSERT_NE(again.machine, nullptr) << again.reason;
  EXPECT_EQ(again.machine->backend(), "hybrid");
  EXPECT_EQ(again.learn_ms, 0);

  // White pawns that may not capture: verification finds the missing moves.
  BoardGame wrong = testing::WithoutCaptures(*known);
  o.known = &wrong;
  BoardLearnResult refused = LearnBoardMachine(g.rules, g.full, o);
  EXPECT_EQ(refused.machine, nullptr);
  EXPECT_NE(refused.reason.find("differs"), std::string::npos) << refused.reason;
}

TEST(HybridMachine, CreateExplainsWhatItCannotMap) {
  Game g = Load(SuicideGdl());
  ASSERT_TRUE(g.full && g.legal_free);
  BoardLearnOptions o;
  o.hybrid_min_speedup = 0;
  o.hybrid_rules = [&](double) { return std::optional<HybridRules>(RulesOf(g)); };
  BoardLearnResult r = LearnBoardMachine(g.rules, g.full, o);
  ASSERT_TRUE(r.game) << r.reason;
  std::string why;
  EXPECT_EQ(HybridMachine::Create(*r.game, RulesOf(g), {}, &why), nullptr);
  EXPECT_NE(why.find("no recorded play"), std::string::npos) << why;
  BoardGame other = *r.game;
  other.gdl.piece_terms[0] = kif::Term::Atom(g.rules.symbols->Intern("nobody"));
  EXPECT_EQ(HybridMachine::Create(other, RulesOf(g), {}, &why), nullptr);
  EXPECT_NE(why.find("not on the learned board"), std::string::npos) << why;
}

// The corpus's breakthroughSuicide through the factory: "dfa" gives the hybrid when it
// measures faster than the propnet, and otherwise says so; the report names the hybrid.
TEST(HybridMachine, BreakthroughSuicideThroughTheFactory) {
  GGP_REQUIRE_SHARED();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(ggp::testing::SharedDir() + "/games/breakthroughSuicide.kif",
                                       symbols, &rules, &errors));
  MachineOptions mo;
  mo.backend = "auto";
  MachineBuild b = CreateMachine(rules, mo);
  ASSERT_NE(b.machine, nullptr) << b.reason;
  EXPECT_NE(b.board_report.find("hybrid"), std::string::npos) << b.board_report;
  if (b.backend == "hybrid") {
    EXPECT_TRUE(b.board_verified);
  } else {
    EXPECT_EQ(b.backend, "propnet");
    EXPECT_NE(b.board_report.find("not used"), std::string::npos) << b.board_report;
  }
}

}  // namespace
}  // namespace ggp::reasoner::board
