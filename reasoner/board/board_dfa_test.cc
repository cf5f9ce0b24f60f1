// The learner on hand-made patterns (seed 001): patterns, prefix trees, minimisation, the
// consistency check with the z(pmp) rule, generalisation of a rook, a knight and the
// seed's cannon, the record format and DFA JSON.

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "reasoner/board/automaton.h"
#include "reasoner/board/consistency.h"
#include "reasoner/board/dfa_io.h"
#include "reasoner/board/learn.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board {
namespace {

Pattern P(const char* text) { return *ParsePattern(text); }

constexpr int kPiece = 0, kOwn = 1, kOpp = 2;  // piece types of the test data
const std::vector<PieceType> kPieces = {{"piece", 'X', 0}, {"own", 'O', 0}, {"opp", 'o', 1}};

Content At(const Position& pos, const BoardShape& shape, int x, int y) {
  return ContentFor(pos, kPieces, y * shape.width + x, 0);
}

// Reference move rules: the true patterns of a piece on `sq`.
std::vector<Pattern> Reference(const std::string& kind, const BoardShape& shape, const Position& pos, int sq) {
  std::vector<Pattern> out;
  const int x0 = sq % shape.width, y0 = sq / shape.width;
  if (kind == "knight") {
    for (auto [dx, dy] : std::vector<std::pair<int, int>>{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}) {
      if (!shape.OnBoard(x0 + dx, y0 + dy)) continue;
      const Content c = At(pos, shape, x0 + dx, y0 + dy);
      if (c != Content::kOwn) out.push_back({Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), c}});
    }
    return out;
  }
  for (auto [dx, dy] : std::vector<std::pair<int, int>>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
    Pattern p;
    int x = x0, y = y0;
    bool screened = false;
    while (shape.OnBoard(x + dx, y + dy)) {
      x += dx, y += dy;
      const Content c = At(pos, shape, x, y);
      p.push_back(Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), c});
      if (kind == "rook") {
        if (c != Content::kOwn) out.push_back(p);
        if (c != Content::kEmpty) break;
      } else {  // cannon: slides over empty squares; captures by leaping over one piece
        if (!screened) {
          if (c == Content::kEmpty) out.push_back(p);
          else screened = true;
        } else if (c != Content::kEmpty) {
          if (c == Content::kOpponent) out.push_back(p);
          break;
        }
      }
    }
  }
  return out;
}

Position RandomPosition(std::mt19937& rng, const BoardShape& shape, int* sq) {
  Position pos;
  pos.cells.assign(static_cast<size_t>(shape.squares()), kEmptySquare);
  *sq = static_cast<int>(rng() % static_cast<unsigned>(shape.squares()));
  pos.cells[static_cast<size_t>(*sq)] = kPiece;
  for (int s = 0; s < shape.squares(); ++s) {
    if (s == *sq) continue;
    const unsigned r = rng() % 10;
    if (r < 2) pos.cells[static_cast<size_t>(s)] = kOwn;
    else if (r < 4) pos.cells[static_cast<size_t>(s)] = kOpp;
  }
  return pos;
}

TrainingData Data(const std::string& kind, int positions, unsigned seed, bool all = true) {
  TrainingData d;
  d.shape = BoardShape{7, 7};
  d.pieces = kPieces;
  std::mt19937 rng(seed);
  for (int i = 0; i < positions; ++i) {
    TrainingRecord r;
    r.number = i + 1;
    int sq = 0;
    r.position = RandomPosition(rng, d.shape, &sq);
    r.all_moves = all;
    for (Pattern& p : Reference(kind, d.shape, r.position, sq)) r.moves.push_back({sq, std::move(p)});
    if (!all && r.moves.size() > 1) r.moves.resize(1);
    d.records.push_back(std::move(r));
  }
  return d;
}

// The learned DFA generates exactly the reference moves on fresh positions.
void ExpectGeneralises(const std::string& kind, const Dfa& dfa) {
  std::mt19937 rng(99);
  const BoardShape shape{9, 9};  // larger than the training board
  for (int i = 0; i < 300; ++i) {
    int sq = 0;
    Position pos = RandomPosition(rng, shape, &sq);
    std::vector<Pattern> got, want = Reference(kind, shape, pos, sq);
    GenerateMoves(dfa, shape, pos, kPieces, sq, &got);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << kind << " at square " << sq;
  }
}

TEST(Pattern, PrintParseSubsequencesRepeatedSquares) {
  const Pattern p = P("(0,1,e)(1,1,p)");
  EXPECT_EQ(ToString(p), "(0,1,e)(1,1,p)");
  EXPECT_EQ(P(" (0, 1, e) (1,1,p) "), p);
  EXPECT_FALSE(ParsePattern("(0,1,x)"));
  EXPECT_FALSE(ParsePattern("(0,1,e"));
  EXPECT_FALSE(ParsePattern("(99,1,e)"));
  const std::vector<Pattern> z = Subsequences(P("(0,1,e)(0,1,e)(1,0,p)"));
  ASSERT_EQ(z.size(), 3u);
  EXPECT_EQ(z[0], P("(0,1,e)(1,0,p)"));
  EXPECT_EQ(z[2], P("(0,1,e)(0,1,e)"));
  EXPECT_TRUE(HasRepeatedSquare(P("(0,1,e)(0,1,e)(0,-1,e)")));
  EXPECT_TRUE(HasRepeatedSquare(P("(1,0,e)(-1,0,e)")));  // back to the origin
  EXPECT_FALSE(HasRepeatedSquare(P("(0,1,e)(1,0,e)")));
}

TEST(Automaton, PrefixTreeAndMinimisation) {
  const std::vector<Pattern> words = {P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,p)"), P("(0,1,p)")};
  Dfa pta = BuildPta(words);
  EXPECT_EQ(pta.num_states(), 5);
  for (const Pattern& w : words) EXPECT_TRUE(pta.Accepts(w));
  EXPECT_FALSE(pta.Accepts(P("(0,1,e)(0,1,e)(0,1,e)")));
  Dfa min = Minimize(pta);
  EXPECT_LT(min.num_states(), pta.num_states());
  for (const Pattern& w : words) EXPECT_TRUE(min.Accepts(w));
  // The same language built in another order minimises to the same automaton.
  EXPECT_EQ(Minimize(BuildPta({words[3], words[2], words[1], words[0]})), min);
  // A dead branch disappears.
  Dfa dead = pta;
  const int d = dead.AddState(false);
  dead.SetEdge(0, Encode(Step{1, 0, Content::kEmpty}), d);
  EXPECT_EQ(Minimize(dead), min);
}

TEST(Consistency, AllListingsAndTheZRule) {
  TrainingData all = Data("rook", 40, 1);
  ConsistencyCheck check(all, kPiece);
  EXPECT_TRUE(check.Check(BuildPta(check.patterns())));
  // A rook that may also jump over a piece is caught.
  Dfa wrong = BuildPta(check.patterns());
  const int s = wrong.AddState(true);
  wrong.SetEdge(0, Encode(Step{2, 0, Content::kEmpty}), s);
  EXPECT_FALSE(check.Check(wrong));

  // 'some' listings: U = {(0,1,e), (0,1,e)(0,1,e)}.
  TrainingData some;
  some.shape = BoardShape{1, 5};
  some.pieces = kPieces;
  TrainingRecord r;
  r.position.cells.assign(5, kEmptySquare);
  r.position.cells[0] = kPiece;
  r.all_moves = false;
  r.moves = {{0, P("(0,1,e)(0,1,e)")}, {0, P("(0,1,e)")}};
  some.records.push_back(r);
  ConsistencyCheck zcheck(some, kPiece);
  // Generating (0,1,e)x3 too: not in U, but its subsequences are.
  EXPECT_TRUE(zcheck.Check(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,e)(0,1,e)")})));
  // Generating (0,1,e)x4 too: its subsequences (length 3) are not in U.
  EXPECT_FALSE(zcheck.Check(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,e)(0,1,e)"),
                                      P("(0,1,e)(0,1,e)(0,1,e)(0,1,e)")})));
  // A listed move not generated is inconsistent either way.
  EXPECT_FALSE(zcheck.Check(BuildPta({P("(0,1,e)")})));
}

TEST(Learn, RookKnightAndCannonGeneralise) {
  struct Case {
    const char* kind;
    int positions;
    int states;
  } cases[] = {// The rook's fewest states: start, a file slide, a rank slide, the capture. Left and
               // right share a state (and up and down) because a path may not revisit a square.
               {"rook", 150, 4},
               {"knight", 150, 2},
               {"cannon", 300, 0}};
  for (const Case& c : cases) {
    LearnOptions o;
    o.max_expansions = 60;
    LearnResult r = LearnDfa(kPiece, Data(c.kind, c.positions, 5), o);
    ASSERT_TRUE(r.dfa) << c.kind << ": " << r.reason;
    if (c.states > 0) {
      EXPECT_EQ(r.dfa->num_states(), c.states) << c.kind;
    }
    ExpectGeneralises(c.kind, *r.dfa);
  }
}

TEST(Learn, InconsistentPrefixTreeFails) {
  TrainingData d = Data("rook", 20, 3);
  // The same position listed twice with different moves: no automaton can fit.
  TrainingRecord r = d.records[0];
  r.moves.pop_back();
  d.records.push_back(r);
  LearnResult result = LearnDfa(kPiece, d);
  EXPECT_FALSE(result.dfa);
  EXPECT_NE(result.reason.find("inconsistent"), std::string::npos);
}

TEST(Training, RecordFormatRoundTrip) {
  TrainingData d = Data("cannon", 5, 8, false);
  d.records[1].outcome = -1;
  d.records[2].outcome = 1;
  d.records[3].all_moves = true;
  std::ostringstream first;
  WriteTraining(first, d);
  std::istringstream in(first.str());
  std::string why;
  std::optional<TrainingData> back = ReadTraining(in, &why);
  ASSERT_TRUE(back) << why;
  std::ostringstream second;
  WriteTraining(second, *back);
  EXPECT_EQ(first.str(), second.str());
  EXPECT_EQ(back->records[1].outcome, -1);
  std::istringstream bad("board 2 2\npiece X 0 x\n1\nX.\n.Q\n*\n0 all 0\n");
  EXPECT_FALSE(ReadTraining(bad, &why));
  EXPECT_NE(why.find("line 5"), std::string::npos) << why;
}

TEST(DfaIo, JsonRoundTripAndDot) {
  LearnResult r = LearnDfa(kPiece, Data("rook", 150, 5));
  ASSERT_TRUE(r.dfa);
  std::string why;
  std::optional<Dfa> back = DfaFromJson(DfaToJson(*r.dfa), &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(*back, *r.dfa);
  EXPECT_FALSE(DfaFromJson(nlohmann::json{{"states", 1}, {"edges", {{0, "(0,1,q)", 0}}}}, &why));
  const std::string dot = DfaToDot(*r.dfa, "rook");
  EXPECT_NE(dot.find("doublecircle"), std::string::npos);
  EXPECT_NE(dot.find("(0,1,e)"), std::string::npos);
}

}  // namespace
}  // namespace ggp::reasoner::board
