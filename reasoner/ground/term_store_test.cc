#include "reasoner/ground/term_store.h"

#include <gtest/gtest.h>

#include <memory>

#include "reasoner/kif/symbol_table.h"

namespace ggp::reasoner::ground {
namespace {

TEST(TermStoreTest, InternsStructurallyEqualTermsOnce) {
  kif::SymbolTable symbols;
  TermStore store;
  TermId one = store.Atom(symbols.Intern("1"));
  TermId b = store.Atom(symbols.Intern("b"));
  std::vector<TermId> args = {one, one, b};
  TermId cell = store.Compound(symbols.Intern("cell"), args);
  EXPECT_EQ(store.Compound(symbols.Intern("cell"), args), cell);
  EXPECT_NE(store.Compound(symbols.Intern("cell"), std::vector<TermId>{one, b, one}), cell);
  EXPECT_EQ(store.args(cell).size(), 3u);
  EXPECT_EQ(store.functor(cell), symbols.Intern("cell"));
}

TEST(TermStoreTest, KeepsConstantAndEmptyFunctionTermApart) {
  kif::SymbolTable symbols;
  TermStore store;
  kif::SymbolId f = symbols.Intern("f");
  EXPECT_NE(store.Atom(f), store.Compound(f, {}));
  EXPECT_FALSE(store.is_compound(store.Atom(f)));
  EXPECT_TRUE(store.is_compound(store.Compound(f, {})));
}

TEST(TermStoreTest, RoundTripsKifTermsAndSurvivesGrowth) {
  kif::SymbolTable symbols;
  TermStore store;
  std::vector<TermId> ids;
  for (int i = 0; i < 5000; ++i) {
    kif::Term t = kif::Term::Compound(
        symbols.Intern("p"), {kif::Term::Atom(symbols.Intern(std::to_string(i))),
                              kif::Term::Compound(symbols.Intern("g"), {kif::Term::Atom(symbols.Intern("x"))})});
    ids.push_back(store.FromKif(t));
    EXPECT_EQ(store.ToKif(ids.back()), t);
  }
  for (int i = 0; i < 5000; ++i) {
    kif::Term t = kif::Term::Compound(
        symbols.Intern("p"), {kif::Term::Atom(symbols.Intern(std::to_string(i))),
                              kif::Term::Compound(symbols.Intern("g"), {kif::Term::Atom(symbols.Intern("x"))})});
    ASSERT_EQ(store.FindKif(t), ids[static_cast<size_t>(i)]);
  }
  EXPECT_FALSE(store.FindKif(kif::Term::Atom(symbols.Intern("absent"))).has_value());
  EXPECT_EQ(store.FromKif(kif::Term::Variable(symbols.Intern("?x"))), kNoTerm);
}

}  // namespace
}  // namespace ggp::reasoner::ground
