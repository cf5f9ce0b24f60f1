#include "reasoner/gdl/relevance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace ggp::gdl {
namespace {

// A game whose goal has helpers of its own (score, table), one shared with terminal
// (full), one with legal (open).
constexpr const char* kGame =
    "(role p) (init (cell a)) (cell2 a b) (table 1 2) (table 2 3)"
    "(<= (open ?x) (cell2 ?x ?y))"
    "(<= (legal p (go ?x)) (true (cell ?x)) (open ?x))"
    "(<= (next (cell ?y)) (does p (go ?x)) (cell2 ?x ?y))"
    "(<= full (true (cell b)))"
    "(<= terminal full)"
    "(<= (score ?n) full (table 1 ?n))"
    "(<= (goal p ?n) (score ?n))"
    "(<= (goal p 0) (not full))";

Description Parse(const char* text) {
  Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return d;
}

std::vector<std::string> Names(const Description& d, const std::vector<kif::SymbolId>& ids) {
  std::vector<std::string> out;
  for (kif::SymbolId s : ids) out.emplace_back(d.symbols->Name(s));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Heads(const Description& d) {
  std::vector<std::string> out;
  for (const Rule& r : d.rules) out.emplace_back(d.symbols->Name(r.head.symbol));
  return out;
}

TEST(Relevance, KeepsWhatTheRootsReachAndDropsTheRest) {
  const Description d = Parse(kGame);
  const std::vector<kif::SymbolId> roots = {kif::kRole, kif::kInit, kif::kLegal, kif::kNext,
                                            kif::kTerminal};
  RelevantPart part = KeepRelevant(d, roots);
  EXPECT_EQ(Names(d, part.dropped), (std::vector<std::string>{"goal", "score", "table"}));
  EXPECT_EQ(part.dropped_rules, 5u);  // two table facts, score, two goal rules
  EXPECT_EQ(Heads(part.description),
            (std::vector<std::string>{"role", "init", "cell2", "open", "legal", "next", "full",
                                      "terminal"}));
  EXPECT_EQ(part.description.roles.size(), 1u);
  EXPECT_EQ(part.description.symbols, d.symbols);
}

TEST(Relevance, WithoutTerminalItsOwnHelpersGoToo) {
  const Description d = Parse(kGame);
  const std::vector<kif::SymbolId> roots = {kif::kRole, kif::kInit, kif::kLegal, kif::kNext};
  RelevantPart part = KeepRelevant(d, roots);
  EXPECT_EQ(Names(d, part.dropped),
            (std::vector<std::string>{"full", "goal", "score", "table", "terminal"}));
  EXPECT_EQ(part.dropped_rules, 7u);
}

TEST(Relevance, NegatedAndDisjunctiveLiteralsCount) {
  const Description d = Parse(
      "(role p) (a 1) (b 1) (c 1)"
      "(<= (legal p x) (or (a 1) (not (b 1))))"
      "(<= (goal p 100) (c 1))");
  const std::vector<kif::SymbolId> roots = {kif::kRole, kif::kLegal};
  RelevantPart part = KeepRelevant(d, roots);
  EXPECT_EQ(Names(d, part.dropped), (std::vector<std::string>{"c", "goal"}));
  EXPECT_EQ(Heads(part.description), (std::vector<std::string>{"role", "a", "b", "legal"}));
}

}  // namespace
}  // namespace ggp::gdl
