#include "reasoner/board/board_machine.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "reasoner/board/board_machine_testing.h"
#include "reasoner/factory/verify.h"
#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner::board {
namespace {

using testing::BreakthroughGame;
using testing::BreakthroughGdl;

// A breakthrough-like GDL game with its prover and propnet.
struct Game {
  int width = 0, height = 0, rows = 0;
  testing::Variant variant;
  std::shared_ptr<kif::SymbolTable> symbols = std::make_shared<kif::SymbolTable>();
  std::shared_ptr<const StateMachine> prover, propnet;

  std::shared_ptr<const BoardMachine> Board(bool wrong = false) const {
    return std::make_shared<BoardMachine>(
        BreakthroughGame(*symbols, width, height, rows, wrong, variant), symbols, prover->roles());
  }
};

Game Load(int width, int height, int rows, const testing::Variant& variant = {}) {
  Game g{width, height, rows, variant};
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(
      gdl::ParseDescription(BreakthroughGdl(width, height, rows, variant), g.symbols, &d, &errors));
  std::string error;
  g.prover = ProverMachine::Build(d, &error);
  EXPECT_TRUE(g.prover) << error;
  propnet::PropnetBuild built = propnet::PropnetMachine::Build(d, {});
  EXPECT_TRUE(built.machine) << built.error;
  g.propnet = built.machine;
  return g;
}

VerifyOptions Options(int playouts) {
  VerifyOptions o;
  o.playouts = playouts;
  o.max_steps = 200;
  o.seconds = 300;
  o.goals_everywhere = true;  // the GDL gives 0 / 0 before the end, like the model
  o.machine_playouts = 20;
  return o;
}

TEST(BoardMachineTest, VerifiesAgainstTheProver) {
  Game g = Load(5, 5, 1);
  ASSERT_TRUE(g.prover);
  auto board = g.Board();
  EXPECT_EQ(board->backend(), "board");
  EXPECT_TRUE(board->generator().bits().covers_player(0));
  VerifyStats stats;
  std::optional<std::string> diff = VerifyAgainst(*g.prover, *board, Options(40), &stats);
  EXPECT_FALSE(diff) << *diff;
  EXPECT_EQ(stats.playouts, 40);
}

TEST(BoardMachineTest, VerifiesAgainstThePropnet) {
  Game g = Load(6, 6, 2);
  ASSERT_TRUE(g.propnet);
  auto board = g.Board();
  VerifyStats stats;
  VerifyOptions o = Options(300);
  o.seed = 5;
  std::optional<std::string> diff = VerifyAgainst(*g.propnet, *board, o, &stats);
  EXPECT_FALSE(diff) << *diff;
  EXPECT_EQ(stats.playouts, 300);
  EXPECT_GT(stats.steps, 3000);
}

// 10 x 10 needs more than 128 mailbox cells: the pawns are walked, not generated set-wise.
TEST(BoardMachineTest, WalkedPawnsVerifyAgainstThePropnet) {
  Game g = Load(10, 10, 2);
  ASSERT_TRUE(g.propnet);
  auto board = g.Board();
  ASSERT_GT(board->layout().cells, kMaxBitCells);
  EXPECT_FALSE(board->generator().bits().covers_any(0));
  VerifyStats stats;
  std::optional<std::string> diff = VerifyAgainst(*g.propnet, *board, Options(30), &stats);
  EXPECT_FALSE(diff) << *diff;
  EXPECT_EQ(stats.playouts, 30);
}

// Blank squares, a step counter with a tie at the length limit, the piece in the move.
TEST(BoardMachineTest, BindingVariantsVerify) {
  for (int k = 1; k < 8; ++k) {
    testing::Variant v;
    v.blank = (k & 1) != 0;
    v.max_plies = (k & 2) != 0 ? 9 : 0;
    v.piece_in_move = (k & 4) != 0;
    SCOPED_TRACE(k);
    Game g = Load(5, 5, 1, v);
    ASSERT_TRUE(g.propnet && g.prover);
    auto board = g.Board();
    VerifyStats stats;
    for (const auto& reference : {g.prover, g.propnet}) {
      std::optional<std::string> diff = VerifyAgainst(*reference, *board, Options(60), &stats);
      EXPECT_FALSE(diff) << reference->backend() << ": " << *diff;
      EXPECT_EQ(stats.playouts, 60);
    }
    if (v.max_plies > 0) {  // some playouts end in the tie
      auto ws = board->NewWorkspace();
      State start, end;
      board->InitialState(&start);
      int ties = 0;
      for (uint64_t seed = 0; seed < 100; ++seed) {
        Rng rng(seed);
        board->RandomPlayout(start, 100, rng, *ws, &end, nullptr, nullptr);
        ties += board->Goal(end, 0, *ws) == 50 ? 1 : 0;
      }
      EXPECT_GT(ties, 0);
    }
    if (v.piece_in_move) {
      for (Move m = 0; m <= board->noop_move(); m += 7) {
        EXPECT_EQ(board->FindMove(1, board->MoveTerm(1, m)), m);
      }
    }
  }
}

TEST(BoardMachineTest, WrongDfaIsCaught) {
  Game g = Load(5, 5, 1);
  ASSERT_TRUE(g.propnet);
  std::optional<std::string> diff =
      VerifyAgainst(*g.propnet, *g.Board(/*wrong=*/true), Options(300));
  ASSERT_TRUE(diff);
  EXPECT_NE(diff->find("legal moves of role white differ"), std::string::npos) << *diff;
}

TEST(BoardMachineTest, MoveTermsRoundTrip) {
  Game g = Load(5, 4, 1);
  auto board = g.Board();
  for (int role = 0; role < 2; ++role) {
    for (Move m = 0; m <= board->noop_move(); ++m) {
      const kif::Term t = board->MoveTerm(role, m);
      std::optional<Move> back = board->FindMove(role, t);
      ASSERT_TRUE(back) << kif::ToString(t, *g.symbols);
      EXPECT_EQ(*back, m) << kif::ToString(t, *g.symbols);
    }
  }
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseTerm("(move 2 1 3 2)", *g.symbols, &t, &errors));
  EXPECT_EQ(board->FindMove(0, t), board->PieceMove(1, 7));
  EXPECT_EQ(kif::ToString(board->MoveTerm(1, board->PieceMove(1, 7)), *g.symbols),
            "(move 2 1 3 2)");
  ASSERT_TRUE(kif::ParseTerm("(move 2 1 6 2)", *g.symbols, &t, &errors));  // no file 6
  EXPECT_FALSE(board->FindMove(0, t));
  ASSERT_TRUE(kif::ParseTerm("(move 2 1 3)", *g.symbols, &t, &errors));
  EXPECT_FALSE(board->FindMove(0, t));
  ASSERT_TRUE(kif::ParseTerm("noop", *g.symbols, &t, &errors));
  EXPECT_EQ(board->FindMove(1, t), board->noop_move());
}

TEST(BoardMachineTest, PlayoutMatchesTheGenericLoop) {
  Game g = Load(6, 6, 2);
  auto board = g.Board();
  auto ws = board->NewWorkspace();
  State start, fast_end, generic_end;
  board->InitialState(&start);
  std::vector<PlayoutMove> fast_moves, generic_moves;
  for (int seed = 0; seed < 300; ++seed) {
    const int max_steps = seed % 3 == 0 ? 7 : 1000;
    Rng fast_rng(static_cast<uint64_t>(seed)), generic_rng(static_cast<uint64_t>(seed));
    fast_moves.clear();
    generic_moves.clear();
    PlayoutResult fast =
        board->RandomPlayout(start, max_steps, fast_rng, *ws, &fast_end, &fast_moves, nullptr);
    PlayoutResult generic = board->StateMachine::RandomPlayout(
        start, max_steps, generic_rng, *ws, &generic_end, &generic_moves, nullptr);
    ASSERT_EQ(fast.steps, generic.steps) << seed;
    ASSERT_EQ(fast.terminal, generic.terminal) << seed;
    ASSERT_EQ(fast.stuck, generic.stuck) << seed;
    ASSERT_EQ(fast_moves.size(), generic_moves.size()) << seed;
    for (size_t i = 0; i < fast_moves.size(); ++i) {
      ASSERT_EQ(fast_moves[i].move, generic_moves[i].move) << seed << " " << i;
      ASSERT_EQ(fast_moves[i].choices, generic_moves[i].choices) << seed << " " << i;
    }
    ASSERT_TRUE(fast_end == generic_end) << seed;
    ASSERT_EQ(fast_rng.Next(), generic_rng.Next()) << seed;
    if (fast.terminal) {
      const int white = board->Goal(fast_end, 0, *ws), black = board->Goal(fast_end, 1, *ws);
      EXPECT_EQ(white + black, 100);
    }
    if (seed % 3 == 1) std::swap(start, fast_end);  // later playouts start mid-game
    if (board->IsTerminal(start, *ws)) board->InitialState(&start);
  }
  std::atomic<bool> stop{true};
  Rng rng(1);
  PlayoutResult stopped = board->RandomPlayout(start, 1000, rng, *ws, &fast_end, nullptr, &stop);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(stopped.steps, 0);
}

TEST(BoardMachineTest, CompiledFluentWeightsSumWhatFluentsSpell) {
  testing::Variant variant;
  variant.blank = true;     // empty squares are fluents too
  variant.max_plies = 12;   // a step counter: other fluents by ply
  for (const testing::Variant& v : {testing::Variant{}, variant}) {
    Game g = Load(5, 5, 1, v);
    auto board = g.Board();
    // A weight per distinct term that is not a sum of others' by accident.
    auto weight = [&](const kif::Term& t) {
      return static_cast<double>(std::hash<std::string>{}(kif::ToString(t, *g.symbols)) % 1000) / 7.0;
    };
    auto compiled = board->CompileFluentWeights(weight);
    ASSERT_NE(compiled, nullptr);
    auto ws = board->NewWorkspace();
    Rng rng(3);
    std::vector<Move> legal, joint(2);
    int checked = 0;
    for (int game = 0; game < 20; ++game) {
      State s, next;
      board->InitialState(&s);
      for (int step = 0; step < 60; ++step) {
        double expected = 0;
        for (const kif::Term& t : board->Fluents(s)) expected += weight(t);
        ASSERT_NEAR(compiled->Sum(s), expected, 1e-6) << game << " " << step;
        ++checked;
        if (board->IsTerminal(s, *ws)) break;
        for (int r = 0; r < 2; ++r) {
          board->LegalMoves(s, r, *ws, &legal);
          ASSERT_FALSE(legal.empty());
          joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
        }
        board->NextState(s, joint, *ws, &next);
        std::swap(s, next);
      }
    }
    EXPECT_GT(checked, 100);
  }
}

TEST(BoardMachineTest, NextStateFollowsTheMoveTerm) {
  Game g = Load(5, 5, 1);
  auto board = g.Board();
  auto ws = board->NewWorkspace();
  State s, next;
  board->InitialState(&s);
  // The waiting player's move is ignored; the mover's applies even when illegal.
  const std::vector<Move> joint = {board->PieceMove(0, 22), board->PieceMove(20, 0)};
  board->NextState(s, joint, *ws, &next);
  Position p = board->Decode(next);
  EXPECT_EQ(p.mover, 1);
  EXPECT_EQ(p.cells[0], kEmptySquare);
  EXPECT_EQ(p.cells[22], 0);  // white captured black on c5
  EXPECT_EQ(p.cells[20], 1);
  EXPECT_TRUE(board->IsTerminal(next, *ws));  // white on the far rank
  EXPECT_EQ(board->Goal(next, 0, *ws), 100);
  EXPECT_EQ(board->Goal(next, 1, *ws), 0);
  std::vector<Move> legal;
  board->LegalMoves(next, 0, *ws, &legal);
  EXPECT_EQ(legal, std::vector<Move>{board->noop_move()});
  EXPECT_EQ(board->Ply(next), 0u);  // nothing depends on the ply: not stored
}

TEST(BoardMachineTest, RejectsMalformedGames) {
  Game g = Load(5, 5, 1);
  BoardGame game = BreakthroughGame(*g.symbols, 5, 5, 1);
  game.gdl.piece_terms.pop_back();
  EXPECT_THROW(BoardMachine(game, g.symbols, g.prover->roles()), std::invalid_argument);
  game = BreakthroughGame(*g.symbols, 5, 5, 1);
  game.initial.cells.pop_back();
  EXPECT_THROW(BoardMachine(game, g.symbols, g.prover->roles()), std::invalid_argument);
  game = BreakthroughGame(*g.symbols, 5, 5, 1);
  game.gdl.move_args.pop_back();
  EXPECT_THROW(BoardMachine(game, g.symbols, g.prover->roles()), std::invalid_argument);
}

}  // namespace
}  // namespace ggp::reasoner::board
