#include "reasoner/prover/term_store.h"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "reasoner/kif/symbol_table.h"

namespace ggp::reasoner::prover {
namespace {

TEST(TermStoreTest, EqualTermsHaveEqualIds) {
  kif::SymbolTable symbols;
  TermStore store;
  kif::SymbolId f = symbols.Intern("f"), a = symbols.Intern("a");
  TermId ca = store.Constant(a);
  TermId fa = store.Intern(f, true, std::vector<TermId>{ca});
  EXPECT_EQ(store.Constant(a), ca);
  EXPECT_EQ(store.Intern(f, true, std::vector<TermId>{ca}), fa);
  // (f) is not f.
  TermId f0 = store.Intern(f, true, {});
  TermId fc = store.Constant(f);
  EXPECT_NE(f0, fc);
  EXPECT_TRUE(store.IsCompound(f0));
  EXPECT_FALSE(store.IsCompound(fc));
  EXPECT_EQ(store.Functor(fa), f);
  EXPECT_EQ(store.Arity(fa), 1);
  EXPECT_EQ(store.Arg(fa, 0), ca);
  EXPECT_EQ(kif::ToString(store.ToTerm(fa), symbols), "(f a)");
  EXPECT_EQ(kif::ToString(store.ToTerm(f0), symbols), "(f)");
  EXPECT_EQ(store.size(), 4u);
}

TEST(TermStoreTest, FromTermAndFind) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  TermStore store;
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(kif::ParseTerm("(cell 1 (pos 2 3) x)", *symbols, &t, &errors));
  EXPECT_EQ(store.Find(t), kNoTerm);
  TermId id = store.FromTerm(t);
  EXPECT_EQ(store.Find(t), id);
  EXPECT_EQ(store.ToTerm(id), t);
  std::vector<TermId> args;
  store.Args(id, &args);
  ASSERT_EQ(args.size(), 3u);
  EXPECT_EQ(store.Arity(args[1]), 2);
}

// Many ids across several chunks, interned by several threads at once: every thread must
// see the same id for the same term, and every term must read back intact.
TEST(TermStoreTest, ConcurrentInterningAgrees) {
  kif::SymbolTable symbols;
  TermStore store;
  kif::SymbolId f = symbols.Intern("f");
  constexpr int kTerms = 5000;
  constexpr int kThreads = 4;
  std::vector<std::vector<TermId>> ids(kThreads, std::vector<TermId>(kTerms));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kTerms; ++i) {
        int k = (t % 2 == 0) ? i : kTerms - 1 - i;
        TermId c = store.Constant(static_cast<kif::SymbolId>(1000 + k));
        TermId args[2] = {c, c};
        TermId id = store.Intern(f, true, args);
        ids[static_cast<size_t>(t)][static_cast<size_t>(k)] = id;
        EXPECT_EQ(store.Arg(id, 1), c);
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(ids[static_cast<size_t>(t)], ids[0]);
  EXPECT_EQ(store.size(), static_cast<size_t>(2 * kTerms));
  for (int k = 0; k < kTerms; ++k) {
    TermId id = ids[0][static_cast<size_t>(k)];
    EXPECT_EQ(store.Functor(store.Arg(id, 0)), 1000 + k);
  }
}

}  // namespace
}  // namespace ggp::reasoner::prover
