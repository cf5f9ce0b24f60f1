// The learner's parts (seed 001): patterns, move generation, prefix trees, minimisation,
// collapsing and the subset construction, generalising candidates, the pattern trie.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "reasoner/board/automaton.h"
#include "reasoner/board/board_dfa_test_util.h"
#include "reasoner/board/consistency.h"
#include "reasoner/board/pattern_trie.h"

namespace ggp::reasoner::board::test {
namespace {

TEST(Pattern, PrintParseRoundTrip) {
  const Pattern p = P("(0,1,e)(1,1,p)");
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[1], (Step{1, 1, Content::kOpponent}));
  EXPECT_EQ(ToString(p), "(0,1,e)(1,1,p)");
  EXPECT_EQ(P(" (0, 1, e) (1,1,p) "), p);
  EXPECT_EQ(P("(+2,-1,w)"), (Pattern{Step{2, -1, Content::kOwn}}));
  EXPECT_EQ(ParsePattern(""), Pattern{});
  for (const char* bad : {"(0,1,x)", "(0,1,e", "(99,1,e)", "(0,1)", "0,1,e)", "(0,1,e)x", "(,1,e)",
                          "(0;1,e)", "(1111,0,e)"}) {
    EXPECT_FALSE(ParsePattern(bad)) << bad;
  }
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    Pattern q;
    for (unsigned n = rng() % 5; n > 0; --n) {
      const Label l = static_cast<Label>(rng() % kNumLabels);
      EXPECT_EQ(Encode(Decode(l)), l);
      q.push_back(Decode(l));
    }
    EXPECT_EQ(ParsePattern(ToString(q)), q) << ToString(q);
  }
  // Labels order like steps.
  EXPECT_LT(Encode(Step{-1, 5, Content::kOpponent}), Encode(Step{0, -5, Content::kEmpty}));
  EXPECT_LT(Encode(Step{0, 1, Content::kEmpty}), Encode(Step{0, 1, Content::kOwn}));
}

TEST(Pattern, SubsequencesAndRepeatedSquares) {
  const std::vector<Pattern> z = Subsequences(P("(0,1,e)(0,1,e)(1,0,p)"));
  ASSERT_EQ(z.size(), 3u);
  EXPECT_EQ(z[0], P("(0,1,e)(1,0,p)"));
  EXPECT_EQ(z[1], P("(0,1,e)(1,0,p)"));  // duplicates kept: one per left-out step
  EXPECT_EQ(z[2], P("(0,1,e)(0,1,e)"));
  EXPECT_EQ(Subsequences(P("(0,1,e)")), std::vector<Pattern>{Pattern{}});
  EXPECT_TRUE(Subsequences(Pattern{}).empty());
  EXPECT_TRUE(HasRepeatedSquare(P("(0,1,e)(0,1,e)(0,-1,e)")));
  EXPECT_TRUE(HasRepeatedSquare(P("(1,0,e)(-1,0,e)")));  // back to the origin
  EXPECT_TRUE(HasRepeatedSquare(P("(1,0,e)(0,1,e)(-1,0,e)(0,-1,e)")));
  EXPECT_FALSE(HasRepeatedSquare(P("(0,1,e)(1,0,e)")));
  EXPECT_FALSE(HasRepeatedSquare(P("(0,1,e)(0,1,e)(1,-1,e)")));
}

TEST(Dfa, GenerateMovesFollowsTheBoardAndNeverRevisits) {
  // A file slider that may also step back: going back would reference a square twice.
  const Dfa d = DfaOf(2, {1},
                      {{0, "(0,1,e)", 1},
                       {1, "(0,1,e)", 1},
                       {1, "(0,-1,e)", 1},
                       {0, "(0,-1,e)", 1},
                       {0, "(0,1,p)", 1},
                       {1, "(0,1,p)", 1}});
  EXPECT_TRUE(d.Accepts(P("(0,1,e)(0,-1,e)")));
  const BoardShape shape{1, 6};
  Position pos;
  pos.cells = {kEmptySquare, kPiece, kEmptySquare, kEmptySquare, kOpp, kOwn};
  std::vector<Pattern> got;
  GenerateMoves(d, shape, pos, kPieces, 1, &got);
  std::sort(got.begin(), got.end());
  std::vector<Pattern> want = {P("(0,-1,e)"), P("(0,1,e)"), P("(0,1,e)(0,1,e)"),
                               P("(0,1,e)(0,1,e)(0,1,p)")};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
  // The same piece seen by player 1: own and opponent swap.
  std::vector<PieceType> swapped = kPieces;
  swapped[kPiece].owner = 1;
  got.clear();
  GenerateMoves(d, shape, pos, swapped, 1, &got);
  EXPECT_EQ(std::count(got.begin(), got.end(), P("(0,1,e)(0,1,e)(0,1,p)")), 0);
  // An empty square generates nothing.
  got.clear();
  GenerateMoves(d, shape, pos, kPieces, 0, &got);
  EXPECT_TRUE(got.empty());
}

TEST(Automaton, PrefixTree) {
  const Dfa pta = BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,p)"), P("(0,1,e)")});
  // root -(0,1,e)-> 1 (accepting) -(0,1,e)-> 2 (accepting); root -(0,1,p)-> 3 (accepting)
  EXPECT_EQ(pta, DfaOf(4, {1, 2, 3}, {{0, "(0,1,e)", 1}, {1, "(0,1,e)", 2}, {0, "(0,1,p)", 3}}));
  EXPECT_FALSE(pta.Accepts(Pattern{}));
  EXPECT_FALSE(pta.Accepts(P("(0,1,e)(0,1,e)(0,1,e)")));
  EXPECT_EQ(BuildPta({}), Dfa());
}

TEST(Automaton, MinimisationIsCanonical) {
  const std::vector<Pattern> words = {P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,p)"),
                                      P("(0,1,p)")};
  const Dfa min = Minimize(BuildPta(words));
  // Canonical: start, then breadth-first in label order: (0,1,e) before (0,1,p).
  EXPECT_EQ(min,
            DfaOf(3, {1, 2},
                  {{0, "(0,1,e)", 1}, {0, "(0,1,p)", 2}, {1, "(0,1,e)", 2}, {1, "(0,1,p)", 2}}));
  EXPECT_EQ(Minimize(BuildPta({words[3], words[2], words[1], words[0]})), min);
  EXPECT_EQ(Minimize(min), min);
  // The same language with states numbered otherwise, an unreachable state and a dead branch.
  Dfa other = DfaOf(6, {2, 1, 4},
                    {{0, "(0,1,p)", 1},
                     {0, "(0,1,e)", 2},
                     {2, "(0,1,e)", 4},
                     {2, "(0,1,p)", 1},
                     {0, "(1,0,e)", 3},
                     {3, "(1,0,e)", 3},
                     {5, "(0,1,e)", 0}});
  EXPECT_EQ(Minimize(other), min);
  // Nothing accepted: one non-accepting state.
  EXPECT_EQ(Minimize(DfaOf(2, {}, {{0, "(0,1,e)", 1}})), Dfa());
}

TEST(Automaton, CollapseAndDeterminiseFigure5) {
  // The seed's Figure 5: a rook sliding forwards only.
  const Dfa min =
      Minimize(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,e)(0,1,e)")}));
  ASSERT_EQ(min.num_states(), 4);
  const Nfa nfa = Collapse(min, 1, 2);
  ASSERT_EQ(nfa.edges.size(), 3u);
  EXPECT_EQ(nfa.edges[1].size(), 2u);  // 1 -e-> 1 and 1 -e-> 2 (old 3)
  EXPECT_TRUE(nfa.accepting[1]);
  const std::optional<Dfa> det = Determinize(nfa);
  ASSERT_TRUE(det);
  EXPECT_EQ(Minimize(*det), DfaOf(2, {1}, {{0, "(0,1,e)", 1}, {1, "(0,1,e)", 1}}));
  EXPECT_EQ(Collapse(min, 2, 1).edges, nfa.edges);  // order does not matter
}

TEST(Automaton, ScratchFormsAgreeWithThePlainOnes) {
  // Every collapse of the cannon's minimised prefix tree, through the plain functions and
  // through the allocation-free ones reusing one scratch and one output.
  const ConsistencyCheck check(Data("cannon", 60, 11), kPiece);
  const Dfa parent = Minimize(BuildPta(check.patterns()));
  AutomatonScratch work;
  Dfa merged, minimal;
  int pairs = 0;
  for (const auto& [s, t] : GeneralizingCandidates(parent, 2)) {
    const std::optional<Dfa> plain = Determinize(Collapse(parent, s, t));
    ASSERT_TRUE(plain);
    ASSERT_TRUE(CollapseDeterminize(parent, t, s, 4096, &work, &merged));
    Minimize(merged, &work, &minimal);
    EXPECT_EQ(minimal, Minimize(*plain)) << s << " " << t;
    EXPECT_EQ(merged.num_states(), plain->num_states());
    ++pairs;
  }
  EXPECT_GT(pairs, 20);
  EXPECT_FALSE(CollapseDeterminize(parent, 1, 2, 2, &work, &merged));
}

TEST(Automaton, DeterminiseRespectsTheCap) {
  // (a|b)* a (a|b)^4: its DFA needs 2^5 states.
  Nfa nfa;
  nfa.edges.resize(6);
  nfa.accepting.assign(6, false);
  nfa.accepting[5] = true;
  const Label a = L("(0,1,e)"), b = L("(0,1,p)");
  nfa.edges[0] = {{a, 0}, {b, 0}, {a, 1}};
  for (int s = 1; s < 5; ++s) nfa.edges[static_cast<size_t>(s)] = {{a, s + 1}, {b, s + 1}};
  EXPECT_FALSE(Determinize(nfa, 20));
  const std::optional<Dfa> full = Determinize(nfa, 100);
  ASSERT_TRUE(full);
  EXPECT_EQ(Minimize(*full).num_states(), 32);
}

TEST(Automaton, GeneralisingCandidates) {
  // A chain 0 -> 1 -> 2 -> 3 -> 4, accepting 2 and 4.
  const Dfa chain = DfaOf(
      5, {2, 4}, {{0, "(0,1,e)", 1}, {1, "(0,1,e)", 2}, {2, "(0,1,e)", 3}, {3, "(0,1,e)", 4}});
  using Pairs = std::vector<std::pair<int, int>>;
  EXPECT_EQ(GeneralizingCandidates(chain, 1), (Pairs{{0, 1}}));
  EXPECT_EQ(GeneralizingCandidates(chain, 2), (Pairs{{0, 1}, {1, 3}, {2, 4}}));
  // Distance is undirected: an edge 4 -> 0 brings 3 within 2 of 0 and 1.
  Dfa loop = chain;
  loop.SetEdge(4, L("(1,0,e)"), 0);
  EXPECT_EQ(GeneralizingCandidates(loop, 2), (Pairs{{0, 1}, {0, 3}, {1, 3}, {2, 4}}));
}

TEST(PatternTrie, MembershipAndDeadNode) {
  const PatternTrie t({P("(0,1,e)(0,1,p)"), P("(1,0,e)")});
  EXPECT_TRUE(t.Contains(P("(0,1,e)(0,1,p)")));
  EXPECT_TRUE(t.Contains(P("(1,0,e)")));
  EXPECT_FALSE(t.Contains(P("(0,1,e)")));  // a prefix only
  EXPECT_FALSE(t.Contains(P("(5,5,w)")));  // a label of no word
  EXPECT_EQ(t.Find(P("(5,5,w)(0,1,e)")), PatternTrie::kDead);
  EXPECT_FALSE(t.Contains(Pattern{}));
}

}  // namespace
}  // namespace ggp::reasoner::board::test
