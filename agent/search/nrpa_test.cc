#include "agent/search/nrpa.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/puzzle_testing.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/kif/term.h"
#include "reasoner/random.h"

namespace ggp::agent::search {
namespace {

// A twelve-digit lock: each step sets the next digit (four choices, a move of its own per
// position). The goal is 8 per correct digit before the first wrong one, 100 for the whole
// code: one random line in 4^12 opens it, while the policy can learn it digit by digit.
constexpr const char kLock[] = R"(
(role p)
(init (step 0))
(digit 0) (digit 1) (digit 2) (digit 3)
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
(succ 8 9) (succ 9 10) (succ 10 11) (succ 11 12)
(code 0 2) (code 1 0) (code 2 3) (code 3 1) (code 4 1) (code 5 2) (code 6 0) (code 7 3)
(code 8 2) (code 9 1) (code 10 0) (code 11 3)
(score 0 0) (score 1 8) (score 2 16) (score 3 24) (score 4 32) (score 5 40) (score 6 48)
(score 7 56) (score 8 64) (score 9 72) (score 10 80) (score 11 88)
(<= (legal p (set ?n ?d)) (true (step ?n)) (digit ?d))
(<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
(<= (next (val ?n ?d)) (does p (set ?n ?d)))
(<= (next (val ?n ?d)) (true (val ?n ?d)))
(okthru 0)
(<= (okthru ?m) (okthru ?n) (succ ?n ?m) (code ?n ?d) (true (val ?n ?d)))
(<= terminal (true (step 12)))
(<= (goal p 100) (okthru 12))
(<= (goal p ?g) (okthru ?n) (succ ?n ?m) (not (okthru ?m)) (score ?n ?g))
)";

using puzzle_testing::Machine;

std::shared_ptr<const reasoner::StateMachine> Lock() { return Machine(kLock); }

using puzzle_testing::Replay;

// The same lock with an all-or-nothing goal: 100 for the whole code, 0 for any wrong digit.
// Every line that misses scores 0, so goals alone teach the policy nothing; but a digit,
// once set, stays set, and the machine's goal bounds (latches) see where a line went wrong.
constexpr const char kAllOrNothing[] = R"(
(<= wrong (true (val ?n ?d)) (code ?n ?c) (distinct ?d ?c))
(<= (goal p 100) (not wrong))
(<= (goal p 0) wrong)
)";

std::shared_ptr<const reasoner::StateMachine> AllOrNothingLock() {
  std::string rules = kLock;
  rules.resize(rules.find("(<= (goal p 100)"));  // the lock without its graded goals
  return Machine(rules + kAllOrNothing);
}

TEST(NrpaTest, NearMissesTeachWhereEveryMissScoresZero) {
  auto m = AllOrNothingLock();
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(m->ProvesGoalBounds());
  reasoner::State root;
  m->InitialState(&root);
  constexpr int64_t kPlayouts = 20000;
  NrpaSearch::Options o;
  o.level = 2;
  o.iterations = 100;
  o.near_misses = false;
  NrpaSearch blind(m, o);
  EXPECT_EQ(blind.SearchFor(root, kPlayouts), 0);  // one line in 4^12 opens it
  EXPECT_FALSE(blind.Best().near_misses);

  o.near_misses = true;
  NrpaSearch nrpa(m, o);
  EXPECT_EQ(nrpa.SearchFor(root, kPlayouts), 100);
  const NrpaResult r = nrpa.Best();
  EXPECT_TRUE(r.near_misses);
  EXPECT_LT(r.playouts, kPlayouts);
  ASSERT_EQ(r.line.size(), 12u);
  EXPECT_EQ(Replay(*m, r.line), 100);
}

TEST(NrpaTest, LearnsTheLockThatRandomPlayoutsMiss) {
  auto m = Lock();
  ASSERT_NE(m, nullptr);
  reasoner::State root;
  m->InitialState(&root);
  constexpr int64_t kPlayouts = 20000;
  // Uniform playouts, the same number: the best is far from the whole code.
  auto ws = m->NewWorkspace();
  reasoner::Rng rng(5);
  reasoner::State end;
  int random_best = 0;
  for (int64_t i = 0; i < kPlayouts; ++i) {
    m->RandomPlayout(root, 100, rng, *ws, &end, nullptr, nullptr);
    random_best = std::max(random_best, m->Goal(end, 0, *ws));
  }
  EXPECT_LT(random_best, 100);

  NrpaSearch::Options o;
  o.level = 2;
  o.iterations = 100;
  NrpaSearch nrpa(m, o);
  EXPECT_EQ(nrpa.SearchFor(root, kPlayouts), 100);
  const NrpaResult r = nrpa.Best();
  EXPECT_EQ(r.value, 100);
  EXPECT_LE(r.playouts, kPlayouts);  // it stops once the code is found
  ASSERT_EQ(r.line.size(), 12u);
  EXPECT_EQ(Replay(*m, r.line), 100);  // the line is legal and opens the lock
}

TEST(NrpaTest, OnlyCompleteLinesAreKept) {
  auto m = Lock();
  ASSERT_NE(m, nullptr);
  reasoner::State root;
  m->InitialState(&root);
  NrpaSearch::Options o;
  o.level = 1;
  o.max_steps = 5;  // every playout is cut before the lock's twelve steps
  NrpaSearch nrpa(m, o);
  EXPECT_EQ(nrpa.SearchFor(root, 500), -1);
  EXPECT_TRUE(nrpa.Best().line.empty());
  EXPECT_GE(nrpa.Best().playouts, 500);
}

TEST(NrpaTest, TheLineFollowsTheGameAndTheThreadStops) {
  auto m = Lock();
  ASSERT_NE(m, nullptr);
  auto ws = m->NewWorkspace();
  reasoner::State root, next;
  m->InitialState(&root);
  NrpaSearch::Options o;
  o.level = 1;
  o.iterations = 10;
  NrpaSearch nrpa(m, o);
  nrpa.SearchFor(root, 300);
  NrpaResult before = nrpa.Best();
  ASSERT_GE(before.value, 0);
  ASSERT_EQ(before.line.size(), 12u);

  // The line's own first move: the rest of the line stays, with its value.
  const reasoner::Move first[1] = {before.line.front()};
  m->NextState(root, first, *ws, &next);
  nrpa.Advance(first[0], next);
  nrpa.Stop();
  NrpaResult after = nrpa.Best();
  EXPECT_GE(after.value, before.value);
  ASSERT_FALSE(after.line.empty());
  if (after.value == before.value) {
    EXPECT_EQ(after.line, std::vector<reasoner::Move>(before.line.begin() + 1, before.line.end()));
  }

  // Another move: the old line is dropped, and the search starts from the new state
  // (a hang guard, not a timing assertion: it finds a complete line of 11 steps soon).
  std::vector<reasoner::Move> legal;
  m->LegalMoves(next, 0, *ws, &legal);
  ASSERT_EQ(legal.size(), 4u);
  const reasoner::Move other = legal[0] == after.line.front() ? legal[1] : legal[0];
  reasoner::State third;
  const reasoner::Move joint[1] = {other};
  m->NextState(next, joint, *ws, &third);
  nrpa.Advance(other, third);
  for (int i = 0; i < 2000 && nrpa.Best().line.size() != 10u; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(nrpa.Best().line.size(), 10u);
  nrpa.Stop();
  EXPECT_FALSE(nrpa.Running());
}

// Held, the search makes no playouts; released, it goes on.
TEST(NrpaTest, WaitsWhileHeld) {
  auto m = Lock();
  ASSERT_NE(m, nullptr);
  reasoner::State root;
  m->InitialState(&root);
  std::atomic<bool> held{true};
  NrpaSearch::Options o;
  o.hold = [&held] { return held.load(); };
  NrpaSearch nrpa(m, o);
  nrpa.Start(root);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(nrpa.Best().playouts, 0);
  EXPECT_TRUE(nrpa.Running());
  held = false;
  for (int i = 0; i < 2000 && nrpa.BestValue() < 100; ++i) {  // a hang guard of 10 s
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(nrpa.BestValue(), 100);
  EXPECT_GT(nrpa.Best().playouts, 0);
  nrpa.Stop();
}

// The player, without the depth-first solver: NRPA's line of 100 settles the puzzle in the
// start clock, and the moves follow it (or the search's own line, were it as good).
TEST(NrpaTest, TheMctsPlayerPlaysTheBetterLine) {
  auto m = Lock();
  ASSERT_NE(m, nullptr);
  PlayerOptions o;
  o.seed = 7;
  o.params = {{"max_nodes", 1}, {"puzzle", false}};
  MctsPlayer player(o);
  reasoner::State s;
  m->InitialState(&s);
  puzzle_testing::StartAndSettle(player, m, s);
  EXPECT_FALSE(player.ThinksAhead());  // settled: a line of 100 is known
  const puzzle_testing::Played p =
      puzzle_testing::PlayGame(player, *m, 20, [](const MoveStats& stats, reasoner::Move) {
        ASSERT_TRUE(stats.extra.contains("nrpa"));
        EXPECT_EQ(stats.extra["nrpa"].value("value", -1), 100);
        EXPECT_TRUE(stats.extra["nrpa"].value("played", false) ||
                    stats.extra.value("line_value", 0.0) >= 1.0);
        EXPECT_TRUE(stats.proven);
      });
  player.Finish();
  EXPECT_EQ(p.moves, 12);
  EXPECT_EQ(p.goal, 100);

  // Switched off, nothing of it shows.
  o.params = {{"max_nodes", 1}, {"puzzle", false}, {"nrpa", false}};
  MctsPlayer plain(o);
  m->InitialState(&s);
  plain.Start(m, 0, s, SteadyClock::now() + std::chrono::milliseconds(100));
  MoveStats stats;
  plain.SelectMove(s, SteadyClock::now() + std::chrono::milliseconds(1200), &stats);
  EXPECT_FALSE(stats.extra.contains("nrpa"));
  plain.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
