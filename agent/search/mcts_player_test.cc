// The "mcts" Player: lifecycle, pondering, tree reuse through Advance, registry.

#include "agent/search/mcts_player.h"

#include <gtest/gtest.h>

#include "agent/player/registry.h"
#include "agent/search/heuristic_testing.h"
#include "agent/search/register.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

PlayerOptions Options(int64_t iterations, uint64_t seed = 3) {
  PlayerOptions o;
  o.seed = seed;
  o.params = {{"max_iterations", iterations}};
  return o;
}

Deadline Far() { return SteadyClock::now() + std::chrono::minutes(5); }

// Plays a whole match between two players through the Player interface; returns the
// terminal state. `trace`, if given, gets one line per decision (role, move, search
// statistics) so that a lost match can be explained.
reasoner::State PlayMatch(const reasoner::StateMachine& m, std::vector<Player*> players,
                          std::shared_ptr<const reasoner::StateMachine> shared,
                          std::string* trace = nullptr) {
  auto ws = m.NewWorkspace();
  reasoner::State s;
  m.InitialState(&s);
  for (int r = 0; r < m.num_roles(); ++r) players[static_cast<size_t>(r)]->Start(shared, r, s, Far());
  while (!m.IsTerminal(s, *ws)) {
    std::vector<reasoner::Move> joint;
    for (int r = 0; r < m.num_roles(); ++r) {
      MoveStats stats;
      const reasoner::Move mv = players[static_cast<size_t>(r)]->SelectMove(s, Far(), &stats);
      if (trace != nullptr) {
        *trace += "role " + std::to_string(r) + " move " + std::to_string(mv) + " iterations " +
                  std::to_string(stats.iterations) + " value " + std::to_string(stats.value) +
                  " proven " + std::to_string(stats.proven) + " " + stats.extra.dump() + "\n";
      }
      std::vector<reasoner::Move> legal;
      m.LegalMoves(s, r, *ws, &legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), mv), legal.end());
      joint.push_back(mv);
    }
    reasoner::State next;
    m.NextState(s, joint, *ws, &next);
    for (Player* p : players) p->Advance(joint, next);
    s = next;
  }
  for (Player* p : players) p->Finish();
  return s;
}

TEST(MctsPlayerTest, PlaysTheWinningMoveAndReportsStats) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(2);
  PlayerOptions options = Options(3000);
  options.params["endgame"] = false;  // the tree's own statistics are the subject here
  MctsPlayer player(options, &pool);
  EXPECT_EQ(player.name(), "mcts");
  reasoner::State initial;
  machine->InitialState(&initial);
  player.Start(machine, 0, initial, Far());
  MoveStats stats;
  const reasoner::State s = EncodeCells(*game, TicTacToeCells("xx.oo....", true));
  EXPECT_EQ(player.SelectMove(s, Far(), &stats), 2);
  EXPECT_TRUE(stats.proven);
  EXPECT_DOUBLE_EQ(stats.value, 100.0);
  EXPECT_GT(stats.nodes, 0);
  EXPECT_GT(stats.visit_share, 0.0);
  player.Finish();
}

TEST(MctsPlayerTest, SelfPlayTicTacToeIsADraw) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  MctsPlayer x(Options(4000, 1), &pool), o(Options(4000, 2), &pool);
  const reasoner::State end = PlayMatch(*machine, {&x, &o}, machine);
  auto ws = machine->NewWorkspace();
  EXPECT_EQ(machine->Goal(end, 0, *ws), 50);
  EXPECT_EQ(machine->Goal(end, 1, *ws), 50);
}

TEST(MctsPlayerTest, SelfPlayWithTwoThreadsPondering) {
  // Both players share one 2-thread pool and ponder while the other moves.
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(2);
  MctsPlayer x(Options(1500, 1), &pool), o(Options(1500, 2), &pool);
  const reasoner::State end = PlayMatch(*machine, {&x, &o}, machine);
  auto ws = machine->NewWorkspace();
  EXPECT_TRUE(machine->IsTerminal(end, *ws));
}

TEST(MctsPlayerTest, WinsNimFromAWinningStart) {
  auto machine = MakeCellMachine(Nim({1, 3, 4}));
  SearchPool pool(2);
  MctsPlayer first(Options(20000, 5), &pool);
  MctsPlayer second(Options(20000, 6), &pool);
  std::string trace;
  const reasoner::State end = PlayMatch(*machine, {&first, &second}, machine, &trace);
  auto ws = machine->NewWorkspace();
  EXPECT_EQ(machine->Goal(end, 0, *ws), 100) << trace;
}

TEST(MctsPlayerTest, SolvesThePuzzle) {
  auto machine = MakeCellMachine(Lock({2, 0, 3, 1}));
  SearchPool pool(2);
  MctsPlayer player(Options(5000), &pool);
  std::string trace;
  const reasoner::State end = PlayMatch(*machine, {&player}, machine, &trace);
  auto ws = machine->NewWorkspace();
  EXPECT_EQ(machine->Goal(end, 0, *ws), 100) << trace;
}

TEST(MctsPlayerTest, FallbackFollowsTheSolversLine) {
  auto machine = MakeCellMachine(Lock({2, 0, 3, 1}));
  SearchPool pool(2);
  MctsPlayer player(Options(5000), &pool);
  reasoner::State s, next;
  machine->InitialState(&s);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move first = player.SelectMove(s, Far(), &stats);
  ASSERT_TRUE(stats.proven);
  const reasoner::Move joint[1] = {first};
  const reasoner::Move fallback = player.FallbackAfter(joint);
  auto ws = machine->NewWorkspace();
  machine->NextState(s, joint, *ws, &next);
  player.Advance(joint, next);
  EXPECT_EQ(fallback, player.SelectMove(next, Far(), &stats));
  player.Finish();
}

TEST(MctsPlayerTest, PondersAndReusesTheTree) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  SearchPool pool(2);
  MctsPlayer player(Options(3000), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  player.Start(machine, 1, s, Far());  // we are o: x moves first, we ponder meanwhile
  player.search()->WaitUntilDone();
  EXPECT_EQ(player.search()->Info().iterations, 3000);
  const reasoner::Move joint[2] = {4, 9};
  reasoner::State next;
  auto ws = machine->NewWorkspace();
  machine->NextState(s, joint, *ws, &next);
  const Node* kept = player.search()->root()->child(4);
  ASSERT_NE(kept, nullptr);
  // Our fallback there, should the Advance be slow: our most visited reply in the child.
  uint32_t most = 0;
  reasoner::Move reply = -1;
  for (uint32_t i = 0; i < kept->num_moves(1); ++i) {
    const uint32_t n = kept->stat(1, i).visits.load();
    if (n > most) {
      most = n;
      reply = kept->moves(1)[i];
    }
  }
  ASSERT_GT(most, 0u);
  EXPECT_EQ(player.FallbackAfter(joint), reply);
  const reasoner::Move illegal[2] = {99, 9};
  EXPECT_EQ(player.FallbackAfter(illegal), -1);
  player.Advance(joint, next);
  EXPECT_EQ(player.search()->root(), kept);
  MoveStats stats;
  const reasoner::Move m = player.SelectMove(next, Far(), &stats);
  EXPECT_NE(m, 4);
  EXPECT_NE(m, 9);
  EXPECT_GT(stats.iterations, 0);
  EXPECT_GT(stats.iterations_per_s, 0.0);
  player.Finish();
  EXPECT_EQ(player.search(), nullptr);
}

TEST(MctsPlayerTest, AnswersByTheDeadlineWithoutIterationLimit) {
  auto machine = MakeCellMachine(TicTacToe());
  MctsPlayer player(PlayerOptions{});
  reasoner::State s;
  machine->InitialState(&s);
  player.Start(machine, 0, s, Far());
  MoveStats stats;
  const reasoner::Move m = player.SelectMove(s, SteadyClock::now() + std::chrono::milliseconds(50), &stats);
  EXPECT_GE(m, 0);
  EXPECT_LT(m, 9);
  player.Finish();
}

TEST(MctsPlayerTest, PoliciesAreRegistered) {
  RegisterSearchPolicies();
  for (const char* name : {"mcts", "minimax"}) {
    EXPECT_TRUE(HasPolicy(name));
    auto p = MakePlayer(name, PlayerOptions{});
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->name(), name);
  }
}

TEST(MctsPlayerTest, HeuristicSettingIsReadAsTrueFalseOrAuto) {
  using enum HeuristicUse;
  EXPECT_EQ(ParseHeuristicUse({{"heuristic", true}}, kStrong), kAlways);
  EXPECT_EQ(ParseHeuristicUse({{"heuristic", false}}, kStrong), kOff);
  EXPECT_EQ(ParseHeuristicUse({{"heuristic", "auto"}}, kOff), kStrong);
  EXPECT_EQ(ParseHeuristicUse(nlohmann::json::object(), kStrong), kStrong);
  EXPECT_EQ(ParseHeuristicUse({{"heuristic", 5}}, kAlways), kAlways);
  EXPECT_EQ(ParseHeuristicUse({{"heuristic", "often"}}, kOff), kOff);
  EXPECT_EQ(ParseHeuristicUse(nlohmann::json(), kStrong), kStrong);
}

// The report of the evaluation a player learned at Start in the coin game, where holding
// coins predicts the outcome; cutoff_r2 decides whether that counts as strong.
nlohmann::json HeuristicReportOf(nlohmann::json params) {
  auto m = heuristic_testing::Machine(heuristic_testing::kGrab);
  EXPECT_NE(m, nullptr);
  if (m == nullptr) return nullptr;
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 5;
  params["max_iterations"] = 500;
  o.params = params;
  MctsPlayer player(o, &pool);
  reasoner::State s;
  m->InitialState(&s);
  player.Start(m, 0, s, Far());
  MoveStats stats;
  player.SelectMove(s, Far(), &stats);
  player.Finish();
  return stats.extra.contains("heuristic") ? stats.extra["heuristic"] : nlohmann::json();
}

TEST(MctsPlayerTest, ByDefaultOnlyAStrongEvaluationIsUsed) {
  // Strong (every role's R^2 over any bar below it): used, and playouts are cut.
  nlohmann::json r = HeuristicReportOf({{"cutoff_r2", -10.0}});
  ASSERT_TRUE(r.is_object()) << "the default learns an evaluation";
  EXPECT_EQ(r["use"], "auto");
  EXPECT_TRUE(r["learned"].get<bool>()) << r.dump();
  EXPECT_TRUE(r["strong"].get<bool>()) << r.dump();
  EXPECT_TRUE(r["used"].get<bool>()) << r.dump();
  EXPECT_EQ(r["cutoff"], 10);
  // Weak (a bar no R^2 reaches): learned, then dropped by default...
  r = HeuristicReportOf({{"cutoff_r2", 2.0}});
  ASSERT_TRUE(r.is_object());
  EXPECT_TRUE(r["learned"].get<bool>()) << r.dump();
  EXPECT_FALSE(r["strong"].get<bool>()) << r.dump();
  EXPECT_FALSE(r["used"].get<bool>()) << r.dump();
  EXPECT_EQ(r["cutoff"], 0);
  // ...and kept as a prior, without cuts, when asked for wherever it predicts.
  r = HeuristicReportOf({{"cutoff_r2", 2.0}, {"heuristic", true}});
  ASSERT_TRUE(r.is_object());
  EXPECT_EQ(r["use"], "always");
  EXPECT_TRUE(r["used"].get<bool>()) << r.dump();
  EXPECT_EQ(r["cutoff"], 0);
  EXPECT_EQ(r["prior_visits"], 10);
  // Off: nothing learned, nothing reported.
  EXPECT_TRUE(HeuristicReportOf({{"heuristic", false}}).is_null());
}

TEST(SearchParamsTest, ReadsJsonSettings) {
  const SearchParams p = SearchParamsFromJson({{"exploration", 0.7},
                                               {"memory_mb", 2},
                                               {"max_nodes", 9},
                                               {"solver", false},
                                               {"node_pool", false}});
  EXPECT_DOUBLE_EQ(p.exploration, 0.7);
  EXPECT_FALSE(p.node_pool);
  EXPECT_TRUE(SearchParamsFromJson(nlohmann::json::object()).node_pool);
  EXPECT_EQ(p.memory_limit_bytes, size_t{2} << 20);
  EXPECT_EQ(p.max_nodes, 9);
  EXPECT_FALSE(p.solver);
}

}  // namespace
}  // namespace ggp::agent::search
