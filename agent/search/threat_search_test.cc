// The short forced-win search: its answers against a plain AND/OR recursion and the endgame
// solver's values on tic-tac-toe, its table and deadline, and the MCTS player's use of it
// (a fork three plies deep proven lost in the tree and avoided; no check where the goals do
// not sum to 100).

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
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

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

reasoner::State After(const reasoner::StateMachine& m, const reasoner::State& s,
                      reasoner::Move ours, int role) {
  auto ws = m.NewWorkspace();
  std::vector<reasoner::Move> joint(2), legal;
  m.LegalMoves(s, 1 - role, *ws, &legal);
  joint[static_cast<size_t>(1 - role)] = legal.front();
  joint[static_cast<size_t>(role)] = ours;
  reasoner::State next;
  m.NextState(s, joint, *ws, &next);
  return next;
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

// x and o take turns waiting (each wait is remembered), ten plies; then both get 60.
constexpr char kShared[] = R"(
(role x) (role o)
(init (control x)) (init (step 0))
(pick 1) (pick 2) (pick 3) (pick 4)
(<= (legal ?p (wait ?n)) (true (control ?p)) (pick ?n))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (waited ?m ?n)) (does ?p (wait ?n)) (true (step ?m)))
(<= (next (waited ?m ?n)) (true (waited ?m ?n)))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
(succ 8 9) (succ 9 10)
(<= terminal (true (step 10)))
(<= (goal ?p 60) (role ?p))
)";

// Where the goals do not sum to 100 no proof could be recorded: the player leaves the
// check's time to the search.
TEST(ThreatSearchTest, MctsPlayerSkipsTheCheckWhereValuesAreNotExact) {
  for (const bool shared : {true, false}) {
    std::shared_ptr<const reasoner::StateMachine> machine;
    reasoner::State s;
    if (shared) {
      machine = heuristic_testing::Machine(kShared, "propnet");
      ASSERT_NE(machine, nullptr);
      machine->InitialState(&s);
    } else {
      const auto game = TicTacToe();
      machine = MakeCellMachine(game);
      s = EncodeCells(*game, game->Initial());
    }
    PlayerOptions o;
    o.params = {{"max_iterations", 30}, {"endgame", false}, {"threat_depth", 3}};
    MctsPlayer player(o);
    player.Start(machine, 0, s, Far());
    MoveStats stats;
    player.SelectMove(s, Far(), &stats);
    EXPECT_FALSE(stats.proven) << shared;
    EXPECT_EQ(player.search()->ExactValues(), !shared);
    player.Finish();
    EXPECT_EQ(stats.extra.contains("threats"), !shared) << stats.extra.dump();
  }
}

// x holds two opposite corners around o's centre, o to move: a corner lets x fork (three
// plies), an edge holds the draw.
TEST(ThreatSearchTest, MctsPlayerAvoidsTheFork) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("x...o...x", false));
  ThreatSearch search(machine, ThreatOptions{});
  for (const reasoner::Move corner : {2, 6}) {
    EXPECT_EQ(search.Forced(After(*machine, s, corner, 1), 0, 3, Far(), nullptr), Threat::kForced);
  }
  for (const reasoner::Move edge : {1, 3, 5, 7}) {
    EXPECT_EQ(search.Forced(After(*machine, s, edge, 1), 0, 9, Far(), nullptr), Threat::kNotShown);
  }
  int found = 0;
  for (const uint64_t seed : {1, 2, 3}) {
    PlayerOptions o;
    o.seed = seed;
    // Every move is checked (threat_moves), not only the three most visited.
    o.params = {
        {"max_iterations", 30}, {"endgame", false}, {"threat_depth", 3}, {"threat_moves", 9}};
    MctsPlayer player(o);
    player.Start(machine, 1, s, Far());
    MoveStats stats;
    const reasoner::Move m = player.SelectMove(s, Far(), &stats);
    ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
    EXPECT_EQ(stats.extra["threats"]["depth"], 3);
    EXPECT_FALSE(stats.extra["threats"]["won"].get<bool>());
    EXPECT_TRUE(m == 1 || m == 3 || m == 5 || m == 7) << "seed " << seed << " move " << m;
    // Every move proven in the tree is a corner proven lost, the check's or the search's.
    const Node* root = player.search()->root();
    ASSERT_NE(root, nullptr);
    int lost = 0;
    for (uint32_t i = 0; i < root->num_moves(1); ++i) {
      const Node* c = root->child(i);
      if (c == nullptr || !c->proven()) continue;
      const reasoner::Move move = root->moves(1)[i];
      EXPECT_TRUE(move == 2 || move == 6) << move;
      EXPECT_EQ(c->value(1), 0.0f);
      ++lost;
    }
    EXPECT_EQ(lost, 2);  // both corners
    EXPECT_LE(stats.extra["threats"]["lost"].get<int>(), lost);
    found += stats.extra["threats"]["lost"].get<int>();
    player.Finish();
  }
  EXPECT_GT(found, 0);
  // Switched off: no check, no report.
  PlayerOptions o;
  o.params = {{"max_iterations", 300}, {"endgame", false}, {"threats", false}};
  MctsPlayer player(o);
  player.Start(machine, 1, s, Far());
  MoveStats stats;
  player.SelectMove(s, Far(), &stats);
  EXPECT_FALSE(stats.extra.contains("threats"));
  player.Finish();
}

// A forced win five plies deep, which twenty iterations do not prove, is proven and played.
TEST(ThreatSearchTest, MctsPlayerPlaysTheForcedWin) {
  const auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("xo.......", true));
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"max_iterations", 20}, {"endgame", false}};
  MctsPlayer player(o);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move m = player.SelectMove(s, Far(), &stats);
  player.Finish();
  ASSERT_TRUE(stats.extra.contains("threats")) << stats.extra.dump();
  EXPECT_TRUE(stats.extra["threats"]["won"].get<bool>());
  EXPECT_EQ(stats.extra["threats"]["depth"], 5);
  EXPECT_TRUE(stats.proven);
  EXPECT_EQ(stats.value, 100);
  ThreatSearch check(machine, ThreatOptions{});
  EXPECT_EQ(check.Forced(After(*machine, s, m, 0), 0, 4, Far(), nullptr), Threat::kForced);
}

}  // namespace
}  // namespace ggp::agent::search
