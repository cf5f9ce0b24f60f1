#include "agent/search/mast.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace ggp::agent::search {
namespace {

using reasoner::Move;

TEST(MastTableTest, CreditsEachRoleWithItsOwnReward) {
  MastTable t;
  t.Init(2);
  t.Record(0, Move{3});
  t.Record(1, Move{7});
  t.Update(std::array<double, 2>{1.0, 0.0});
  t.Record(0, Move{3});
  t.Update(std::array<double, 2>{0.5, 0.5});
  EXPECT_DOUBLE_EQ(t.Average(0, Move{3}), 0.75);
  EXPECT_DOUBLE_EQ(t.Average(1, Move{7}), 0.0);
  EXPECT_DOUBLE_EQ(t.Average(1, Move{3}), -1.0);  // same id, other role: never seen
  EXPECT_DOUBLE_EQ(t.Average(0, Move{7}), -1.0);
}

TEST(MastTableTest, DiscardedIterationsTeachNothing) {
  MastTable t;
  t.Init(1);
  t.Record(0, Move{1});
  t.Discard();
  t.Update(std::array<double, 1>{1.0});
  EXPECT_DOUBLE_EQ(t.Average(0, Move{1}), -1.0);
}

TEST(MastTableTest, GreedyPicksTheBestAverageAndTriesUnseenMovesFirst) {
  MastTable t;
  t.Init(1);
  for (Move m : {Move{0}, Move{1}, Move{2}}) {
    t.Record(0, m);
    t.Update(std::array<double, 1>{m == 1 ? 0.9 : 0.2});
  }
  Rng rng(5);
  std::vector<Move> legal = {0, 1, 2};
  for (int i = 0; i < 100; ++i) EXPECT_EQ(t.Choose(0, legal, 0.0, rng), 1u);
  legal.push_back(9);  // never played: optimistic, so it is tried
  for (int i = 0; i < 100; ++i) EXPECT_EQ(t.Choose(0, legal, 0.0, rng), 3u);
}

TEST(MastTableTest, EpsilonMixesInUniformMovesAndTiesAreBrokenAtRandom) {
  MastTable t;
  t.Init(1);
  for (Move m : {Move{0}, Move{1}, Move{2}, Move{3}}) {
    t.Record(0, m);
    t.Update(std::array<double, 1>{m == 0 ? 1.0 : 0.0});
  }
  Rng rng(11);
  std::vector<Move> legal = {0, 1, 2, 3};
  std::array<int, 4> seen{};
  for (int i = 0; i < 4000; ++i) ++seen[t.Choose(0, legal, 0.4, rng)];
  // Move 0 with probability 0.6 + 0.4 / 4 = 0.7, each other move 0.1.
  EXPECT_NEAR(seen[0] / 4000.0, 0.7, 0.04);
  for (int m = 1; m < 4; ++m) EXPECT_NEAR(seen[static_cast<size_t>(m)] / 4000.0, 0.1, 0.03);
  // Equal averages: both tied moves are chosen.
  std::vector<Move> tied = {1, 2};
  std::array<int, 2> ties{};
  for (int i = 0; i < 400; ++i) ++ties[t.Choose(0, tied, 0.0, rng)];
  EXPECT_GT(ties[0], 100);
  EXPECT_GT(ties[1], 100);
}

}  // namespace
}  // namespace ggp::agent::search
