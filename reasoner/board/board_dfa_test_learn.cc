// Learning (Algorithm 2) on hand-made data: a rook, a knight and the seed's cannon
// (Figure 2) learned to their intended minimal DFAs; the record format and DFA JSON and
// Graphviz.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "reasoner/board/board_dfa_test_util.h"
#include "reasoner/board/dfa_io.h"
#include "reasoner/board/learn.h"

namespace ggp::reasoner::board::test {
namespace {

// The learned DFA generates exactly the reference moves on fresh, larger boards.
void ExpectGeneralises(const std::string& kind, const Dfa& dfa) {
  std::mt19937 rng(99);
  const BoardShape shape{9, 9};
  for (int i = 0; i < 300; ++i) {
    int sq = 0;
    const Position pos = RandomPosition(rng, shape, &sq);
    std::vector<Pattern> got, want = Reference(kind, shape, pos, sq);
    GenerateMoves(dfa, shape, pos, kPieces, sq, &got);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << kind << " at square " << sq;
  }
}

TEST(Learn, RookKnightAndCannonToTheirIntendedDfas) {
  struct Case {
    const char* kind;
    int positions;
    Dfa intended;
  } cases[] = {{"rook", 150, IntendedRook()},
               {"knight", 150, IntendedKnight()},
               {"cannon", 300, IntendedCannon()}};
  EXPECT_EQ(IntendedRook().num_states(), 4);
  EXPECT_EQ(IntendedCannon().num_states(), 6);
  for (const Case& c : cases) {
    const TrainingData d = Data(c.kind, c.positions, 5);
    ExpectGeneralises(c.kind, c.intended);  // the hand-written DFA is right
    const LearnResult r = LearnDfa(kPiece, d);
    ASSERT_TRUE(r.dfa) << c.kind << ": " << r.reason;
    EXPECT_EQ(*r.dfa, c.intended) << c.kind << "\n" << DfaToDot(*r.dfa, c.kind);
    ExpectGeneralises(c.kind, *r.dfa);
    EXPECT_GT(r.pta_states, r.dfa->num_states());
    if (std::string(c.kind) != "knight") {
      EXPECT_GT(r.expansions, 0);  // generalised
    }
    EXPECT_GE(r.checks, 1);
    EXPECT_LE(r.checks, r.candidates + 1);  // the prefix tree's, then at most one per candidate
  }
}

TEST(Learn, OptionsBoundTheSearch) {
  const TrainingData d = Data("rook", 150, 5);
  LearnOptions none;
  none.max_expansions = 0;
  const LearnResult pta = LearnDfa(kPiece, d, none);
  ASSERT_TRUE(pta.dfa);
  EXPECT_EQ(pta.expansions, 0);
  EXPECT_EQ(pta.candidates, 0);
  EXPECT_EQ(pta.checks, 1);
  const ConsistencyCheck check(d, kPiece);
  EXPECT_EQ(*pta.dfa, Minimize(BuildPta(check.patterns())));
  LearnOptions near;
  near.k = 1;
  const LearnResult k1 = LearnDfa(kPiece, d, near);
  const LearnResult k2 = LearnDfa(kPiece, d);
  ASSERT_TRUE(k1.dfa && k2.dfa);
  EXPECT_LE(k2.dfa->num_states(), k1.dfa->num_states());
  EXPECT_EQ(k2.expansions, 20);
}

TEST(Learn, InconsistentPrefixTreeFails) {
  TrainingData d = Data("rook", 20, 3);
  // The same position listed twice with different moves: no automaton can fit.
  TrainingRecord r = d.records[0];
  r.moves.pop_back();
  d.records.push_back(r);
  const LearnResult result = LearnDfa(kPiece, d);
  EXPECT_FALSE(result.dfa);
  EXPECT_NE(result.reason.find("inconsistent"), std::string::npos);
}

TEST(Learn, LearnAllGivesPiecesNeverMovingAnEmptyDfa) {
  const std::vector<LearnResult> all = LearnAll(Data("knight", 150, 5));
  ASSERT_EQ(all.size(), 3u);
  ASSERT_TRUE(all[kPiece].dfa && all[kOwn].dfa && all[kOpp].dfa);
  EXPECT_EQ(*all[kPiece].dfa, IntendedKnight());
  EXPECT_EQ(*all[kOwn].dfa, Dfa());
  EXPECT_EQ(*all[kOpp].dfa, Dfa());
  EXPECT_FALSE(all[kOwn].dfa->Accepts(P("(0,1,e)")));
}

TEST(Training, RecordFormatRoundTrip) {
  TrainingData d = Data("cannon", 5, 8, false);
  d.records[1].outcome = -1;
  d.records[2].outcome = 1;
  d.records[3].all_moves = true;
  d.records[4].position.mover = 1;
  // Two holes (squares off the board), on squares no record uses.
  d.shape.holes.assign(static_cast<size_t>(d.shape.squares()), 0);
  for (int sq = 0; sq < d.shape.squares(); ++sq) {
    bool used = false;
    for (const TrainingRecord& r : d.records) {
      used = used || r.position.cells[static_cast<size_t>(sq)] != kEmptySquare;
      for (const TrainingMove& m : r.moves) used = used || m.square == sq;
    }
    if (!used && d.shape.NumHoles() < 2) d.shape.holes[static_cast<size_t>(sq)] = 1;
  }
  ASSERT_EQ(d.shape.NumHoles(), 2);
  std::optional<TrainingData> back;
  std::string why;
  const auto [first_text, second_text] = RoundTrip(d, &back, &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(first_text, second_text);
  EXPECT_NE(first_text.find("\nholes "), std::string::npos);
  EXPECT_EQ(back->shape.holes, d.shape.holes);
  ASSERT_EQ(back->records.size(), d.records.size());
  for (size_t i = 0; i < d.records.size(); ++i) {
    EXPECT_EQ(back->records[i].position.cells, d.records[i].position.cells);
    EXPECT_EQ(back->records[i].position.mover, d.records[i].position.mover);
    EXPECT_EQ(back->records[i].outcome, d.records[i].outcome);
    EXPECT_EQ(back->records[i].all_moves, d.records[i].all_moves);
    EXPECT_EQ(back->records[i].moves, d.records[i].moves);
  }
  EXPECT_EQ(back->pieces[kOpp].name, "opp");
  EXPECT_EQ(back->pieces[kOpp].owner, 1);
  // Every truncation reads or fails cleanly.
  const std::string text = first_text;
  for (size_t cut = 0; cut < text.size(); cut += 7) {
    std::istringstream part(text.substr(0, cut));
    std::string w;
    if (!ReadTraining(part, &w)) {
      EXPECT_EQ(w.rfind("line ", 0), 0u) << w;
    }
  }
}

TEST(Training, ReadsTheSeedsFormatAndReportsBadLines) {
  // Figure 4's shape: number, board top row first, outcome, "player all|some n", moves.
  std::istringstream ok(
      "# two records\nboard 3 3\npiece R 0 rook\npiece k 1 king\n"
      "1\n..k\n...\nR..\n*\n0 all 3\n0 (0,1,e)\n0 (1,0,e)\n0 (0,1,e)(0,1,e)\n"
      "2\n..k\nR..\n...\n1\r\n1 some 0\n");
  std::string why;
  const std::optional<TrainingData> d = ReadTraining(ok, &why);
  ASSERT_TRUE(d) << why;
  ASSERT_EQ(d->records.size(), 2u);
  EXPECT_EQ(d->records[0].position.cells[0], 0);  // a1: the rook
  EXPECT_EQ(d->records[0].position.cells[8], 1);  // c3: the king
  EXPECT_EQ(d->records[0].moves[2].pattern, P("(0,1,e)(0,1,e)"));
  EXPECT_EQ(d->records[1].outcome, 1);
  EXPECT_FALSE(d->records[1].all_moves);
  const std::pair<const char*, const char*> bad[] = {
      {"", "line 0"},
      {"board 0 3\n", "line 1"},
      {"board 2 2\npiece X 3 x\n", "line 2"},
      {"board 2 2\npiece X 0 x\n1\nX.\n.Q\n*\n0 all 0\n", "line 5"},
      {"board 2 2\npiece X 0 x\n1\nX.\n..\n2\n0 all 0\n", "line 6"},
      {"board 2 2\npiece X 0 x\n1\nX.\n..\n*\n0 any 0\n", "line 7"},
      {"board 2 2\npiece X 0 x\n1\nX.\n..\n*\n0 all 1\n4 (0,1,e)\n", "line 8"},
      {"board 2 2\npiece X 0 x\n1\nX.\n..\n*\n0 all 1\n0 (0,1,q)\n", "line 8"},
      {"board 2 2\npiece X 0 x\n1\nX.\n..\n*\n0 all 2\n0 (0,1,e)\n", "line 8"},
      {"board 2 2\npiece X 0 x\nx1\n", "line 3"},
      {"board 2 2\npiece X 0 x\n1\nX..\n", "line 4"}};
  for (const auto& [text, line] : bad) {
    std::istringstream in(text);
    EXPECT_FALSE(ReadTraining(in, &why)) << text;
    EXPECT_EQ(why.rfind(line, 0), 0u) << text << " -> " << why;
  }
}

TEST(DfaIo, JsonRoundTripAndDot) {
  const Dfa cannon = IntendedCannon();
  std::string why;
  const std::optional<Dfa> back = DfaFromJson(DfaToJson(cannon), &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(*back, cannon);
  EXPECT_EQ(DfaToJson(cannon)["edges"][0][1], "(-1,0,e)");
  const nlohmann::json bad[] = {
      nlohmann::json{
          {"states", 1}, {"accepting", nlohmann::json::array()}, {"edges", {{0, "(0,1,q)", 0}}}},
      nlohmann::json{{"states", 1}, {"accepting", {3}}, {"edges", nlohmann::json::array()}},
      nlohmann::json{{"states", 2}, {"accepting", {1}}, {"edges", {{0, "(0,1,e)", 2}}}},
      nlohmann::json{{"states", 2}, {"accepting", {1}}, {"edges", {{0, "(0,1,e)(0,1,e)", 1}}}},
      nlohmann::json{{"states", "x"}},
      nlohmann::json::array(),
      nlohmann::json{{"states", 0},
                     {"accepting", nlohmann::json::array()},
                     {"edges", nlohmann::json::array()}}};
  for (const nlohmann::json& j : bad) EXPECT_FALSE(DfaFromJson(j, &why)) << j.dump();
  const std::string dot = DfaToDot(IntendedRook(), "rook");
  EXPECT_EQ(dot.rfind("digraph", 0), 0u);
  size_t doubles = 0;
  for (size_t at = dot.find("doublecircle"); at != std::string::npos;
       at = dot.find("doublecircle", at + 1))
    ++doubles;
  EXPECT_EQ(doubles, 3u);
  // Parallel edges merged: the start reaches the capture by four labels on one edge.
  EXPECT_NE(dot.find("q0 -> q2 [label=\"(-1,0,p)\\n(0,-1,p)\\n(0,1,p)\\n(1,0,p)\"]"),
            std::string::npos)
      << dot;
}

}  // namespace
}  // namespace ggp::reasoner::board::test
