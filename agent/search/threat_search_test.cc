// The short forced-win search: its answers against a plain AND/OR recursion and the endgame
// solver's values on tic-tac-toe, its table and deadline, and proofs recorded in the tree
// (the MCTS player's use of it is in mcts_player_threats_test.cc).

#include "agent/search/threat_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>

#include "agent/search/endgame_solver.h"
#include "agent/search/heuristic_testing.h"  // Machine(gdl, backend)
#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "agent/search/threat_testing.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;
using threat_testing::After;
using threat_testing::Far;

// W(s, depth) of threat_search.h, by the definition: no table, no ordering.
bool Reference(const reasoner::StateMachine& m, reasoner::Workspace& ws, const reasoner::State& s,
               int attacker, int depth) {
  if (m.IsTerminal(s, ws)) return m.Goal(s, attacker, ws) == 100;
  if (depth == 0) return false;
  std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(m.num_roles()));
  int chooser = -1;
  for (int r = 0; r < m.num_roles(); ++r) {
    m.LegalMoves(s, r, ws, &legal[static_cast<size_t>(r)]);
    if (legal[static_cast<size_t>(r)].size() > 1) chooser = chooser == -1 ? r : -2;
  }
  if (chooser == -2) return false;
  std::vector<reasoner::Move> joint;
  for (const auto& l : legal) joint.push_back(l.front());
  reasoner::State next;
  if (chooser == -1) {
    m.NextState(s, joint, ws, &next);
    return Reference(m, ws, next, attacker, depth - 1);
  }
  const bool attacking = chooser == attacker;
  for (const reasoner::Move move : legal[static_cast<size_t>(chooser)]) {
    joint[static_cast<size_t>(chooser)] = move;
    m.NextState(s, joint, ws, &next);
    if (Reference(m, ws, next, attacker, depth - 1) == attacking) return attacking;
  }
  return !attacking;
}

TEST(ThreatSearchTest, FindsTheWinInOneAndItsMove) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  ThreatSearch search(machine, ThreatOptions{});
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("xx.oo....", true));
  reasoner::Move move = -1;
  EXPECT_EQ(search.Forced(s, 0, 1, Far(), nullptr, &move), Threat::kForced);
  EXPECT_EQ(move, 2);
  // o would win at 5, but x moves first and wins: o forces nothing within any depth.
  EXPECT_EQ(search.Forced(s, 1, 1, Far(), nullptr, &move), Threat::kNotShown);
  EXPECT_EQ(move, -1);
  EXPECT_EQ(search.Forced(s, 1, 9, Far(), nullptr), Threat::kNotShown);
  // Depth 0 asks only whether the state is a won terminal.
  EXPECT_EQ(search.Forced(s, 0, 0, Far(), nullptr), Threat::kNotShown);
}

TEST(ThreatSearchTest, AgreesWithTheDefinitionAndTheEndgameSolver) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  auto ws = machine->NewWorkspace();
  ThreatSearch search(machine, ThreatOptions{});
  reasoner::Rng rng(7);
  int forced = 0, checked = 0;
  for (int game_index = 0; game_index < 40; ++game_index) {
    const reasoner::State s = RandomPosition(*machine, rng, static_cast<int>(rng.Below(6)));
    for (int attacker = 0; attacker < 2; ++attacker) {
      // Shallow depths first, then deeper ones on the same table, then shallow again.
      for (const int depth : {0, 1, 2, 3, 5, 9, 4, 1}) {
        const bool expected = Reference(*machine, *ws, s, attacker, depth);
        const Threat got = search.Forced(s, attacker, depth, Far(), nullptr);
        EXPECT_EQ(got, expected ? Threat::kForced : Threat::kNotShown)
            << "game " << game_index << " attacker " << attacker << " depth " << depth;
        forced += expected ? 1 : 0;
        ++checked;
      }
      // Nine plies reach the end of every game: a forced win is the game's value.
      EndgameSolver solver(machine, attacker, EndgameOptions{});
      const EndgameResult r = solver.Solve(s, Far(), nullptr);
      ASSERT_TRUE(r.solved);
      EXPECT_EQ(search.Forced(s, attacker, 9, Far(), nullptr) == Threat::kForced, r.value == 100);
    }
  }
  EXPECT_GT(forced, 20);  // the positions include wins, not only refutations
  EXPECT_GT(checked - forced, 20);
}

TEST(ThreatSearchTest, TableAnswersAgainAndTheDeadlineStops) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  ThreatSearch search(machine, ThreatOptions{});
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("x...o...x", false));
  EXPECT_EQ(search.Forced(s, 0, 7, SteadyClock::now() - std::chrono::seconds(1), nullptr),
            Threat::kUnknown);
  std::atomic<bool> stop{true};
  EXPECT_EQ(search.Forced(s, 0, 7, Far(), &stop), Threat::kUnknown);
  EXPECT_EQ(search.Forced(s, 0, 7, Far(), nullptr), Threat::kNotShown);
  const int64_t nodes = search.nodes();
  EXPECT_GT(nodes, 10);
  EXPECT_EQ(search.Forced(s, 0, 7, Far(), nullptr), Threat::kNotShown);
  EXPECT_EQ(search.nodes(), nodes);  // the root's entry answers
  search.Clear();
  EXPECT_EQ(search.nodes(), 0);
  EXPECT_EQ(search.Forced(s, 0, 7, Far(), nullptr), Threat::kNotShown);
  EXPECT_EQ(search.nodes(), nodes);
}

// The clock is read among terminal children too (exact_search.h, PollStop).
TEST(ThreatSearchTest, StopsAmongTerminalChildren) {
  auto game = std::make_shared<PickGame>(64, /*together=*/false);
  const auto machine = MakeCellMachine(game);
  const reasoner::State initial = EncodeCells(*game, game->Initial());
  ThreatSearch search(machine, ThreatOptions{});
  EXPECT_EQ(search.Forced(initial, 0, 1, Far(), nullptr), Threat::kNotShown);  // no pick wins
  std::atomic<bool> stop{false};
  game->RaiseAfterGoals(&stop, 10);
  ThreatSearch fresh(machine, ThreatOptions{});
  EXPECT_EQ(fresh.Forced(initial, 0, 1, Far(), &stop), Threat::kUnknown);
  EXPECT_TRUE(stop.load());
}

TEST(ThreatSearchTest, RolesMovingTogetherShowNoForcedWin) {
  // Left wins surewin by picking 2 whatever right does, but both pick at once: not read.
  const auto game = SureWin();
  auto machine = MakeCellMachine(game);
  ThreatSearch search(machine, ThreatOptions{});
  EXPECT_EQ(search.Forced(EncodeCells(*game, game->Initial()), 0, 5, Far(), nullptr),
            Threat::kNotShown);
}

// Proofs from outside the tree: recorded where the values are exact, and then decisive.
TEST(ThreatSearchTest, ProvenRootMovesDecideTheSearch) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(1);
  MctsSearch search(machine, 0, SearchParams{}, &pool);
  search.SetRoot(EncodeCells(*game, game->Initial()));  // nothing proven in 200 iterations
  search.RunIterations(200);
  const Decision before = search.Decide();
  ASSERT_FALSE(before.certain);
  // The most visited move, proven lost, is no longer chosen.
  ASSERT_TRUE(search.ProveRootMove(before.move_index, /*win=*/false));
  const Decision after = search.Decide();
  EXPECT_NE(after.move_index, before.move_index);
  EXPECT_FALSE(after.certain);
  // A move proven won proves the root and is played.
  const uint32_t win = (after.move_index + 1) % search.root()->num_moves(0) == before.move_index
                           ? (after.move_index + 2) % search.root()->num_moves(0)
                           : (after.move_index + 1) % search.root()->num_moves(0);
  ASSERT_TRUE(search.ProveRootMove(win, /*win=*/true));
  const Decision won = search.Decide();
  EXPECT_EQ(won.move_index, win);
  EXPECT_TRUE(won.certain);
  EXPECT_TRUE(search.Info().root_proven);
  EXPECT_FALSE(search.ProveRootMove(99, /*win=*/false));  // no such move

  // Not where the goals do not sum to 100: a loss for us is not a win for them.
  const auto holdout = Holdout();
  auto other = MakeCellMachine(holdout);
  MctsSearch not_constant(other, 0, SearchParams{}, &pool);
  not_constant.SetRoot(EncodeCells(*holdout, holdout->Initial()));
  not_constant.RunIterations(200);
  EXPECT_FALSE(not_constant.ProveRootMove(0, /*win=*/false));
  EXPECT_FALSE(not_constant.ExactValues());
  EXPECT_TRUE(search.ExactValues());
  // Nor where the opponent chooses at the root.
  MctsSearch theirs(machine, 1, SearchParams{}, &pool);
  theirs.SetRoot(EncodeCells(*game, TicTacToeCells("x...o....", true)));
  theirs.RunIterations(200);
  EXPECT_FALSE(theirs.ProveRootMove(0, /*win=*/false));
}

}  // namespace
}  // namespace ggp::agent::search
