#include "reasoner/prover/fact_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <thread>
#include <vector>

#include "reasoner/kif/symbol_table.h"
#include "reasoner/prover/dense_map.h"

namespace ggp::reasoner::prover {
namespace {

// Collects the tuple indices on the chain of (kind, key).
std::set<uint32_t> Chain(const FactTable& t, int kind, size_t key) {
  std::set<uint32_t> out;
  for (uint32_t i = t.ChainHead(kind, key); i != FactTable::kEndOfChain; i = t.ChainNext(kind, i)) {
    out.insert(i);
  }
  return out;
}

class FactTableTest : public ::testing::Test {
 protected:
  TermId C(int v) { return store_.Constant(static_cast<kif::SymbolId>(100 + v)); }
  TermId Cell(int x, int y, int p) {
    TermId a[3] = {C(x), C(y), C(p)};
    return store_.Intern(kCell, true, a);
  }
  static constexpr kif::SymbolId kCell = 50;
  static constexpr kif::SymbolId kControl = 51;
  TermStore store_;
};

TEST_F(FactTableTest, InsertRejectsDuplicatesAndClearEmpties) {
  FactTable t(2);
  TermId a[2] = {C(1), C(2)}, b[2] = {C(2), C(1)};
  EXPECT_TRUE(t.Insert(a));
  EXPECT_FALSE(t.Insert(a));
  EXPECT_TRUE(t.Insert(b));
  EXPECT_EQ(t.size(), 2u);
  EXPECT_EQ(t.IndexOf(b), 1);
  t.Clear();
  EXPECT_TRUE(t.empty());
  EXPECT_FALSE(t.Contains(a));
}

// Every fluent with a given component must be on that component's chain, across the
// rebuilds that growth causes and after Clear.
TEST_F(FactTableTest, FluentChainsFindEveryCandidate) {
  FactTable t(1);
  t.EnableStructIndex(&store_);
  for (int round = 0; round < 2; ++round) {
    t.Clear();
    for (int x = 0; x < 8; ++x) {
      for (int y = 0; y < 8; ++y) {
        TermId f = Cell(x, y, (x + y + round) % 3);
        ASSERT_TRUE(t.Insert(std::span<const TermId>(&f, 1)));
      }
    }
    TermId other = C(7);  // an atom fluent: on no chain
    t.Insert(std::span<const TermId>(&other, 1));
    for (int x = 0; x < 8; ++x) {
      std::set<uint32_t> row = Chain(t, 0, FactTable::KeyOf(kCell, 0, C(x)));
      for (int y = 0; y < 8; ++y) EXPECT_TRUE(row.count(static_cast<uint32_t>(x * 8 + y))) << x << y;
      for (int y = 0; y < 8; ++y) {
        std::set<uint32_t> cell = Chain(t, FactTable::kPairKind, FactTable::PairKeyOf(kCell, C(x), C(y)));
        EXPECT_TRUE(cell.count(static_cast<uint32_t>(x * 8 + y)));
        EXPECT_LE(cell.size(), 3u);  // hashing may add a few strangers, never drop one
      }
    }
    std::set<uint32_t> piece = Chain(t, 2, FactTable::KeyOf(kCell, 2, C(round % 3)));
    size_t expected = 0;
    for (int x = 0; x < 8; ++x) {
      for (int y = 0; y < 8; ++y) {
        if ((x + y + round) % 3 == round % 3) {
          ++expected;
          EXPECT_TRUE(piece.count(static_cast<uint32_t>(x * 8 + y)));
        }
      }
    }
    EXPECT_GE(piece.size(), expected);
    EXPECT_FALSE(piece.count(64));
    // The functor chain holds every cell fluent and no other: (control x) is apart.
    TermId turn = store_.Intern(kControl, true, std::span<const TermId>(&other, 1));
    t.Insert(std::span<const TermId>(&turn, 1));
    std::set<uint32_t> cells = Chain(t, FactTable::kFunctorKind, FactTable::FunctorKeyOf(kCell));
    std::set<uint32_t> control =
        Chain(t, FactTable::kFunctorKind, FactTable::FunctorKeyOf(kControl));
    for (uint32_t i = 0; i < 64; ++i) EXPECT_TRUE(cells.count(i)) << i;
    EXPECT_TRUE(control.count(65));
    EXPECT_FALSE(cells.count(64) || control.count(64));  // atoms are on no chain
    EXPECT_LE(control.size(), 2u);
  }
}

TEST_F(FactTableTest, TupleChainsIndexEveryPosition) {
  FactTable t(3);
  for (int i = 0; i < 100; ++i) {
    TermId tuple[3] = {C(i % 10), C(i / 10), C(i)};
    t.Insert(tuple);
  }
  t.EnableStructIndex(&store_);
  std::set<uint32_t> second = Chain(t, 1, FactTable::KeyOf(FactTable::kTupleFunctor, 1, C(4)));
  for (uint32_t i = 40; i < 50; ++i) EXPECT_TRUE(second.count(i));
  std::set<uint32_t> pair = Chain(t, FactTable::kPairKind, FactTable::PairKeyOf(FactTable::kTupleFunctor, C(3), C(5)));
  EXPECT_TRUE(pair.count(53));
}

// A copy (the alternating fixpoint snapshots tables) has indexes of its own: what is
// added to one is found in it alone, by lookup, by chain and by first argument.
TEST_F(FactTableTest, CopiesKeepTheirOwnIndexes) {
  FactTable t(2);
  for (int i = 0; i < 50; ++i) {
    TermId tuple[2] = {C(i % 5), C(i)};
    t.Insert(tuple);
  }
  t.EnableIndex();
  t.EnableStructIndex(&store_);
  FactTable copy = t;
  TermId extra[2] = {C(3), C(99)};
  EXPECT_TRUE(copy.Insert(extra));
  EXPECT_EQ(copy.size(), 51u);
  EXPECT_EQ(t.size(), 50u);
  EXPECT_TRUE(copy.Contains(extra));
  EXPECT_FALSE(t.Contains(extra));
  EXPECT_EQ(copy.WithFirst(C(3)).size(), 11u);
  EXPECT_EQ(t.WithFirst(C(3)).size(), 10u);
  const size_t key = FactTable::KeyOf(FactTable::kTupleFunctor, 1, C(99));
  EXPECT_TRUE(Chain(copy, 1, key).count(50));
  EXPECT_FALSE(Chain(t, 1, key).count(50));
  // Every tuple of the original is still found at its index in both.
  for (int i = 0; i < 50; ++i) {
    TermId tuple[2] = {C(i % 5), C(i)};
    EXPECT_EQ(t.IndexOf(tuple), i);
    EXPECT_EQ(copy.IndexOf(tuple), i);
  }
  t = copy;  // assignment copies too
  EXPECT_TRUE(t.Contains(extra));
  EXPECT_EQ(t.WithFirst(C(3)).size(), 11u);
}

TEST(DenseNumberingTest, NumbersInOrderOfFirstSightAcrossThreads) {
  DenseNumbering n;
  EXPECT_EQ(n.NumberOf(1000), 0);
  EXPECT_EQ(n.NumberOf(5), 1);
  EXPECT_EQ(n.NumberOf(1000), 0);
  EXPECT_EQ(n.TermOf(1), 5);
  constexpr int kTerms = 3000;
  std::vector<std::vector<int32_t>> seen(3, std::vector<int32_t>(kTerms));
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kTerms; ++i) {
        int k = t == 1 ? kTerms - 1 - i : i;
        int32_t num = n.NumberOf(static_cast<TermId>(10 + k * 7));
        seen[static_cast<size_t>(t)][static_cast<size_t>(k)] = num;
        EXPECT_EQ(n.TermOf(num), 10 + k * 7);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(seen[0], seen[1]);
  EXPECT_EQ(seen[0], seen[2]);
  std::vector<int32_t> sorted = seen[0];
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
}

}  // namespace
}  // namespace ggp::reasoner::prover
