// The board machine's decisive playout (board_machine.h, board_decisive.cc): wins in one
// are taken, threats to win in one are parried, and every move is one the rules allow.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "reasoner/board/board_machine.h"
#include "reasoner/board/board_machine_testing.h"
#include "reasoner/gdl/description.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner::board {
namespace {

// Breakthrough (board_machine_testing.h) on a width x height board: white (player 0, role 0)
// moves up and wins on the top rank, black moves down and wins on rank 0.
std::shared_ptr<const BoardMachine> Breakthrough(int width, int height) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(testing::BreakthroughGdl(width, height, 2), symbols, &d,
                                    &errors));
  std::string error;
  auto prover = ProverMachine::Build(d, &error);
  EXPECT_TRUE(prover) << error;
  if (!prover) return nullptr;
  return std::make_shared<BoardMachine>(testing::BreakthroughGame(*symbols, width, height, 2),
                                        symbols, prover->roles());
}

// A position of `m` with white pawns and black pawns on the given squares, white to move.
State Place(const BoardMachine& m, const std::vector<std::pair<int, int>>& white,
            const std::vector<std::pair<int, int>>& black) {
  const int width = m.game().shape.width;
  Position pos;
  pos.cells.assign(static_cast<size_t>(m.game().shape.squares()), kEmptySquare);
  for (auto [x, y] : white) pos.cells[static_cast<size_t>(y * width + x)] = 0;
  for (auto [x, y] : black) pos.cells[static_cast<size_t>(y * width + x)] = 1;
  pos.mover = 0;
  return m.Encode(pos);
}

// Sizes with set-wise move generation (6 x 6) and with walked pawns (10 x 10).
class BoardDecisiveTest : public ::testing::TestWithParam<int> {};

TEST_P(BoardDecisiveTest, TakesTheWinInOne) {
  const int size = GetParam();
  auto m = Breakthrough(size, size);
  ASSERT_NE(m, nullptr);
  // The pawn on (2, size-2) wins on any of its three moves; the others do not.
  const State s = Place(*m, {{2, size - 2}, {0, 0}, {5, 0}, {4, 1}}, {{0, size - 2}, {5, size - 1}});
  auto ws = m->NewWorkspace();
  State end;
  int decisive_wins = 0, random_wins = 0;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed), other(seed);
    PlayoutResult r = m->DecisivePlayout(s, 1, rng, *ws, &end, nullptr, nullptr);
    EXPECT_EQ(r.steps, 1);
    decisive_wins += m->IsTerminal(end, *ws) && m->Goal(end, 0, *ws) == 100 ? 1 : 0;
    m->RandomPlayout(s, 1, other, *ws, &end, nullptr, nullptr);
    random_wins += m->IsTerminal(end, *ws) && m->Goal(end, 0, *ws) == 100 ? 1 : 0;
  }
  EXPECT_EQ(decisive_wins, 100);
  EXPECT_LT(random_wins, 100);  // the position does not win by itself
  EXPECT_GT(random_wins, 0);
}

TEST_P(BoardDecisiveTest, ParriesTheThreatToWinInOne) {
  const int size = GetParam();
  auto m = Breakthrough(size, size);
  ASSERT_NE(m, nullptr);
  // Black's pawn on (2, 1) reaches rank 0 next move unless white's pawn on (1, 0) takes it.
  const State s = Place(*m, {{1, 0}, {4, 2}, {5, 2}}, {{2, 1}, {size - 1, size - 1}});
  const int width = m->game().shape.width;
  const Move capture = m->PieceMove(0 * width + 1, 1 * width + 2);
  auto ws = m->NewWorkspace();
  State end;
  std::vector<PlayoutMove> moves;
  int decisive_losses = 0, random_losses = 0;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed), other(seed);
    moves.clear();
    m->DecisivePlayout(s, 2, rng, *ws, &end, &moves, nullptr);
    ASSERT_GE(moves.size(), 2u);
    EXPECT_EQ(moves[0].move, capture) << "seed " << seed;
    decisive_losses += m->IsTerminal(end, *ws) && m->Goal(end, 1, *ws) == 100 ? 1 : 0;
    m->RandomPlayout(s, 2, other, *ws, &end, nullptr, nullptr);
    random_losses += m->IsTerminal(end, *ws) && m->Goal(end, 1, *ws) == 100 ? 1 : 0;
  }
  EXPECT_EQ(decisive_losses, 0);
  EXPECT_GT(random_losses, 0);  // the threat is real
}

INSTANTIATE_TEST_SUITE_P(Sizes, BoardDecisiveTest, ::testing::Values(6, 10));

// Replayed with LegalMoves and NextState, every recorded move is legal and the playout ends
// where the replay does, terminal exactly when the replay is.
TEST(BoardDecisivePlayoutTest, PlaysByTheRules) {
  for (int size : {6, 8, 10}) {
    SCOPED_TRACE(size);
    auto m = Breakthrough(size, size);
    ASSERT_NE(m, nullptr);
    auto ws = m->NewWorkspace();
    State start, end, s, t;
    m->InitialState(&start);
    std::vector<PlayoutMove> moves;
    std::vector<Move> legal;
    int wins[2] = {0, 0};
    for (uint64_t seed = 0; seed < 60; ++seed) {
      Rng rng(seed);
      moves.clear();
      const PlayoutResult r = m->DecisivePlayout(start, 400, rng, *ws, &end, &moves, nullptr);
      ASSERT_EQ(moves.size(), 2 * static_cast<size_t>(r.steps));
      s = start;
      for (int step = 0; step < r.steps; ++step) {
        ASSERT_FALSE(m->IsTerminal(s, *ws)) << "seed " << seed << " step " << step;
        Move joint[2];
        for (int role = 0; role < 2; ++role) {
          const PlayoutMove& pm = moves[static_cast<size_t>(2 * step + role)];
          m->LegalMoves(s, role, *ws, &legal);
          ASSERT_EQ(legal.size(), pm.choices) << "seed " << seed << " step " << step;
          ASSERT_NE(std::find(legal.begin(), legal.end(), pm.move), legal.end());
          joint[role] = pm.move;
        }
        m->NextState(s, joint, *ws, &t);
        std::swap(s, t);
      }
      EXPECT_EQ(s, end) << "seed " << seed;
      EXPECT_EQ(r.terminal, m->IsTerminal(end, *ws));
      ASSERT_TRUE(r.terminal) << "seed " << seed;
      for (int role = 0; role < 2; ++role) wins[role] += m->Goal(end, role, *ws) == 100 ? 1 : 0;
    }
    EXPECT_EQ(wins[0] + wins[1], 60);
    EXPECT_GT(wins[0], 0);
    EXPECT_GT(wins[1], 0);
  }
}

}  // namespace
}  // namespace ggp::reasoner::board
