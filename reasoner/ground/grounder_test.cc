#include "reasoner/ground/grounder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/grounder_internal.h"
#include "reasoner/ground/pick_game_test_util.h"
#include "reasoner/propnet/test_games.h"

namespace ggp::reasoner::ground {
namespace {

struct Grounded {
  GroundResult result;
  std::set<std::string> facts;
  std::set<std::string> body_relations;
};

Grounded GroundText(const char* text, BudgetOptions options = {}) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, symbols, &d, &errors));
  Budget budget(options);
  Grounded g{Ground(gdl::Normalize(d), budget), {}, {}};
  const GroundProgram& p = g.result.program;
  for (TermId s : p.facts) g.facts.insert(kif::ToString(p.terms.ToKif(s), *symbols));
  for (TermId s : p.body) g.body_relations.insert(std::string(symbols->Name(p.terms.functor(s))));
  return g;
}

TEST(GrounderTest, EvaluatesStaticRelationsAway) {
  Grounded g = GroundText(testgames::kTakeAway);
  ASSERT_TRUE(g.result.ok) << g.result.error;
  EXPECT_FALSE(g.body_relations.count("succ"));
  EXPECT_FALSE(g.body_relations.count("minus"));
  EXPECT_FALSE(g.body_relations.count("role"));
  EXPECT_TRUE(g.body_relations.count("true"));
  EXPECT_TRUE(g.body_relations.count("does"));
  EXPECT_FALSE(g.facts.count("(succ 0 1)"));  // static: not part of the program
  EXPECT_GT(g.result.program.stats.static_facts, 0u);
}

TEST(GrounderTest, DomainsComeFromTheRelaxedModel) {
  Grounded g = GroundText(testgames::kTakeAway);
  ASSERT_TRUE(g.result.ok) << g.result.error;
  for (const char* s : {"(true (pile 4))", "(true (pile 3))", "(true (pile 0))",
                        "(legal a (take 1))", "(legal b (take 2))", "(does a (take 2))",
                        "(legal a noop)", "(true (last b))", "terminal", "(goal a 100)"}) {
    EXPECT_TRUE(g.facts.count(s)) << s;
  }
  EXPECT_FALSE(g.facts.count("(true (pile 5))"));
  EXPECT_FALSE(g.facts.count("(legal a (take 3))"));
  EXPECT_EQ(g.result.program.init.size(), 2u);
}

TEST(GrounderTest, GroundsPositiveRecursion) {
  Grounded g = GroundText(testgames::kReach);
  ASSERT_TRUE(g.result.ok) << g.result.error;
  for (const char* s : {"(reach n1)", "(reach n2)", "(reach n3)", "(reach n4)", "(true (at n5))"}) {
    EXPECT_TRUE(g.facts.count(s)) << s;
  }
  EXPECT_TRUE(g.facts.count("(reach n5)"));  // (at n5) makes it derivable
  EXPECT_FALSE(g.facts.count("(reach n6)"));
  EXPECT_TRUE(g.body_relations.count("reach"));
}

// The distance table of gt_two_thirds over 0..80, as that game writes it: in body order
// each new (absDiff x y z) would walk every (lt y x) of its y before the one (succ xm1 x)
// that binds x, some N^3 candidates; joined in order of the facts' sizes, 15 per fact.
TEST(GrounderTest, StaticJoinsFollowTheSizesOfTheirRelations) {
  std::string text = R"(
(role r)
(init (pos 0))
(<= (legal r (go ?x)) (num ?x))
(<= (next (pos ?x)) (does r (go ?x)))
(<= terminal (true (pos 80)))
(<= (goal r ?d) (true (pos ?x)) (absDiff ?x 30 ?d))
(num 0)
(<= (num ?n) (succ ?m ?n))
(<= (lte ?x ?x) (num ?x))
(<= (lte ?x ?y) (succ ?ym1 ?y) (lte ?x ?ym1))
(<= (lt ?x ?y) (lte ?x ?y) (distinct ?x ?y))
(<= (absDiff ?x ?x 0) (num ?x))
(<= (absDiff ?x ?y ?z) (lt ?y ?x) (succ ?xm1 ?x) (absDiff ?xm1 ?y ?zm1) (succ ?zm1 ?z))
(<= (absDiff ?x ?y ?z) (lt ?x ?y) (succ ?ym1 ?y) (absDiff ?x ?ym1 ?zm1) (succ ?zm1 ?z))
)";
  constexpr int kN = 80;
  for (int i = 0; i < kN; ++i) {
    text += "(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
  }
  Grounded g = GroundText(text.c_str());
  ASSERT_TRUE(g.result.ok) << g.result.error;
  for (const char* s : {"(goal r 30)", "(goal r 50)", "(goal r 0)", "(goal r 12)"}) {
    EXPECT_TRUE(g.facts.count(s)) << s;
  }
  EXPECT_FALSE(g.facts.count("(goal r 51)"));
  constexpr uint64_t kTableFacts = (kN + 1) * (kN + 1);             // absDiff's
  EXPECT_LT(g.result.program.stats.static_work, 30 * kTableFacts);  // body order: 160 each
}

// A fluent read with some of its components bound, (true (cell ?x ?y ?p)) after
// (does r (pick ?x ?y)), visits the fluents of that cell only (fact_store.h, component
// indexes). Each of the kN^2 picks is joined against every cell fluent (PickGame): read
// whole, it tried every fluent, some kN^4 * kPieces candidates.
TEST(GrounderTest, APartlyBoundCompoundArgumentIsReadThroughItsComponents) {
  constexpr int kN = 10;
  constexpr int kPieces = 4;
  const std::string text = testing::PickGame(kN, kPieces, /*local=*/false);
  Grounded g = GroundText(text.c_str());
  ASSERT_TRUE(g.result.ok) << g.result.error;
  for (const char* s : {"(true (held p0))", "(true (held p3))", "(true (cell 10 10 p2))"}) {
    EXPECT_TRUE(g.facts.count(s)) << s;
  }
  constexpr uint64_t kPerCellPiece = kN * kN * kPieces;
  EXPECT_LT(g.result.program.stats.work, 10 * kPerCellPiece)
      << "a scan of every fluent per pick makes about " << kN * kN * kPerCellPiece;
}

// A static relation whose rules negate itself, stratified by arguments only: (v c) holds
// (nothing derives (v d)), so (v b) holds, so (v a) does not. Evaluating the negating
// rules once the others have settled derived (v a) from the missing (v b).
TEST(GrounderTest, StaticNegationStratifiedByArguments) {
  Grounded g = GroundText(
      "(role r) (init (s 0)) (<= (next (s 0)) (true (s 0)))"
      "(<= (v a) (not (v b))) (<= (v b) (v c)) (<= (v c) (not (v d)))"
      "(<= (legal r (go ?x)) (v ?x)) (<= terminal (true (s 1)))");
  ASSERT_TRUE(g.result.ok) << g.result.error;
  EXPECT_TRUE(g.facts.count("(legal r (go b))"));
  EXPECT_TRUE(g.facts.count("(legal r (go c))"));
  EXPECT_FALSE(g.facts.count("(legal r (go a))"));
  EXPECT_FALSE(g.facts.count("(legal r (go d))"));
}

TEST(GrounderTest, RulesAreDeduplicatedAndSorted) {
  Grounded g = GroundText(testgames::kTakeAway);
  ASSERT_TRUE(g.result.ok);
  const GroundProgram& p = g.result.program;
  std::set<std::vector<TermId>> seen;
  for (const GroundRule& r : p.rules) {
    std::vector<TermId> key = {r.head, r.num_pos};
    for (TermId t : p.Positive(r)) key.push_back(t);
    for (TermId t : p.Negative(r)) key.push_back(t);
    EXPECT_TRUE(seen.insert(key).second);
    EXPECT_TRUE(std::is_sorted(p.Positive(r).begin(), p.Positive(r).end()));
  }
}

TEST(GrounderTest, ReportsUnsafeRules) {
  Grounded g = GroundText("(role r) (init (p 1)) (<= (legal r (m ?x)) (not (true (p ?x))))"
                          "(<= (next (p 1)) (true (p 1))) (<= terminal (true (p 2)))");
  EXPECT_FALSE(g.result.ok);
  EXPECT_NE(g.result.error.find("unsafe"), std::string::npos) << g.result.error;
}

TEST(GrounderTest, StopsAnExplodingProgramWithinItsBudget) {
  BudgetOptions small;
  small.max_seconds = 20;
  small.max_bytes = size_t{16} << 20;
  // Every state adds a deeper function term: the relaxed model is infinite.
  Grounded g = GroundText("(role r) (init (num z)) (<= (legal r go) (role r))"
                          "(<= (next (num (s ?x))) (true (num ?x))) (<= terminal (true (num z)))",
                          small);
  EXPECT_FALSE(g.result.ok);
  EXPECT_NE(g.result.error.find("exceeded the 16 MB memory budget"), std::string::npos) << g.result.error;
}

TEST(GrounderTest, StopsAnExplodingProgramAtItsDeadline) {
  BudgetOptions quick;
  quick.max_seconds = 0.2;
  quick.max_bytes = size_t{1} << 40;  // effectively unlimited: the deadline must stop it
  Grounded g = GroundText("(role r) (init (num z)) (<= (legal r go) (role r))"
                          "(<= (next (num (s ?x))) (true (num ?x))) (<= terminal (true (num z)))",
                          quick);
  EXPECT_FALSE(g.result.ok);
  EXPECT_NE(g.result.error.find("exceeded the 0.2 s time budget"), std::string::npos) << g.result.error;
}

// Found by the machine fuzz target (grounding under a 0.5 s budget ran for seconds): a join
// whose candidates all fail derives nothing, and must still consult the budget. Here 40^3
// bindings each scan 40 (m i j) facts that never match (m ?e ?e); with the deadline already
// past, grounding must stop.
TEST(GrounderTest, AJoinThatDerivesNothingStillStopsAtTheDeadline) {
  std::string text = "(role r) (init s) (<= terminal (true s)) (<= (legal r (go ?a)) (p ?a ?b ?c))";
  for (int i = 0; i < 40; ++i) {
    const std::string a = std::to_string(i), b = std::to_string(i + 1);
    text += " (n " + a + ") (m " + a + " " + b + ")";
  }
  text += " (<= (p ?a ?b ?c) (n ?a) (n ?b) (n ?c) (m ?e ?e))";
  BudgetOptions past;
  past.max_seconds = 0;
  Grounded g = GroundText(text.c_str(), past);
  EXPECT_FALSE(g.result.ok);
  EXPECT_NE(g.result.error.find("time budget"), std::string::npos) << g.result.error;
}

// Rules whose hashes agree are told apart by `same`, also after the table has grown.
TEST(EmittedRulesTest, FindsEachRuleAndKeepsThoseWhoseHashesAgreeApart) {
  internal::EmittedRules emitted;
  std::vector<int> rules;  // rule index -> its identity
  auto add = [&](uint64_t hash, int rule) {
    const bool found = emitted.FindOrAdd(hash, static_cast<uint32_t>(rules.size()),
                                         [&](uint32_t i) { return rules[i] == rule; });
    if (!found) rules.push_back(rule);
    return found;
  };
  constexpr uint64_t kShared = 0xDEADBEEF12345678ull;
  EXPECT_FALSE(add(kShared, 1));
  EXPECT_FALSE(add(kShared, 2));  // same hash, another rule
  EXPECT_TRUE(add(kShared, 1));
  EXPECT_TRUE(add(kShared, 2));
  for (int r = 3; r < 5000; ++r) {
    EXPECT_FALSE(add(static_cast<uint64_t>(r) * 0x9E3779B97F4A7C15ull, r));
  }
  for (int r = 3; r < 5000; ++r) {
    EXPECT_TRUE(add(static_cast<uint64_t>(r) * 0x9E3779B97F4A7C15ull, r)) << r;
  }
  EXPECT_TRUE(add(kShared, 2));
  EXPECT_EQ(rules.size(), 4999u);
}

}  // namespace
}  // namespace ggp::reasoner::ground
