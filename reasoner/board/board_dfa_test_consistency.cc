// The consistency check (seed 001, Algorithm 1): all listings, the z(pmp) rule of 'some'
// listings, which records count, and the generalisation check against the full one.

#include <gtest/gtest.h>

#include "reasoner/board/automaton.h"
#include "reasoner/board/board_dfa_test_util.h"
#include "reasoner/board/consistency.h"

namespace ggp::reasoner::board::test {
namespace {

// A column board from the bottom: 'X' the piece, 'O' own, 'o' opponent, '.' empty; the
// piece's listed moves.
TrainingRecord ColumnRecord(const char* column, bool all, const std::vector<const char*>& listed) {
  TrainingRecord r;
  for (const char* c = column; *c != 0; ++c) {
    r.position.cells.push_back(*c == 'X'   ? kPiece
                               : *c == 'O' ? kOwn
                               : *c == 'o' ? kOpp
                                           : kEmptySquare);
  }
  r.all_moves = all;
  for (const char* p : listed) r.moves.push_back({0, P(p)});
  return r;
}

TrainingData Column(bool all, const std::vector<const char*>& listed) {
  TrainingData d;
  d.shape = BoardShape{1, 5};
  d.pieces = kPieces;
  d.records.push_back(ColumnRecord("X....", all, listed));
  return d;
}

TEST(Consistency, AllListings) {
  const TrainingData d = Column(true, {"(0,1,e)", "(0,1,e)(0,1,e)"});
  const ConsistencyCheck check(d, kPiece);
  EXPECT_EQ(check.patterns().size(), 2u);
  EXPECT_TRUE(check.Check(BuildPta(check.patterns())));
  // A slide up to the end generates unlisted moves.
  EXPECT_FALSE(check.Check(DfaOf(2, {1}, {{0, "(0,1,e)", 1}, {1, "(0,1,e)", 1}})));
  // Missing a listed move.
  EXPECT_FALSE(check.Check(BuildPta({P("(0,1,e)")})));
  // Extra moves that cannot be made on this board do not matter.
  EXPECT_TRUE(
      check.Check(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(1,0,e)"), P("(0,1,p)")})));
  // Rook data: a rook that may also jump over a piece is caught.
  const ConsistencyCheck rook(Data("rook", 40, 1), kPiece);
  EXPECT_TRUE(rook.Check(IntendedRook()));
  Dfa wrong = IntendedRook();
  wrong.SetEdge(0, L("(2,0,e)"), wrong.AddState(true));
  EXPECT_FALSE(rook.Check(wrong));
}

TEST(Consistency, TheZRuleOfSomeListings) {
  // U = {(0,1,e), (0,1,e)(0,1,e)}.
  const ConsistencyCheck check(Column(false, {"(0,1,e)(0,1,e)", "(0,1,e)"}), kPiece);
  EXPECT_TRUE(check.InUniverse(P("(0,1,e)")));
  const Dfa two = BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)")});
  EXPECT_TRUE(check.Check(two));
  // (0,1,e)x3 is not in U, but its subsequences are: accepted.
  EXPECT_TRUE(
      check.Check(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,e)(0,1,e)(0,1,e)")})));
  // (0,1,e)x4: its subsequences (length 3) are not in U: rejected.
  EXPECT_FALSE(check.Check(DfaOf(2, {1}, {{0, "(0,1,e)", 1}, {1, "(0,1,e)", 1}})));
  // A one-step pattern outside U: z is {empty pattern}, not in U. (A second record where
  // it can be made, listing nothing.)
  TrainingData d = Column(false, {"(0,1,e)(0,1,e)", "(0,1,e)"});
  d.records.push_back(ColumnRecord("Xo...", false, {}));
  const ConsistencyCheck capture(d, kPiece);
  EXPECT_TRUE(capture.Check(two));
  EXPECT_FALSE(capture.Check(BuildPta({P("(0,1,e)"), P("(0,1,e)(0,1,e)"), P("(0,1,p)")})));
  // Listed moves must still be generated.
  EXPECT_FALSE(check.Check(BuildPta({P("(0,1,e)")})));
}

TEST(Consistency, SkipsTerminalRecordsAndTheOtherPlayerAndDeduplicates) {
  TrainingData d = Column(true, {"(0,1,e)"});
  d.records.push_back(d.records[0]);  // a duplicate
  TrainingRecord terminal = d.records[0];
  terminal.moves.clear();  // nothing listed: would contradict the first record
  terminal.outcome = 1;
  d.records.push_back(terminal);
  TrainingRecord other = terminal;
  other.outcome.reset();
  other.position.mover = 1;  // the opponent to move: the piece does not move here
  d.records.push_back(other);
  const ConsistencyCheck check(d, kPiece);
  EXPECT_EQ(check.raw_samples(), 2u);
  EXPECT_EQ(check.samples(), 1u);
  EXPECT_TRUE(check.Check(BuildPta({P("(0,1,e)")})));
  // A piece type never on the board: anything is consistent.
  EXPECT_TRUE(ConsistencyCheck(d, kOpp).Check(BuildPta({P("(0,1,e)")})));
}

TEST(Consistency, GeneralisationCheckAgreesWithTheFullCheck) {
  for (bool all : {true, false}) {
    const TrainingData d = Data("cannon", 60, 11, all);
    const ConsistencyCheck check(d, kPiece);
    ConsistencyCheck::Scratch scratch;
    const Dfa parent = Minimize(BuildPta(check.patterns()));
    ASSERT_TRUE(check.Check(parent, &scratch));
    int agreed = 0, consistent = 0;
    for (const auto& [s, t] : GeneralizingCandidates(parent, 2)) {
      const std::optional<Dfa> merged = Determinize(Collapse(parent, s, t));
      ASSERT_TRUE(merged);
      const Dfa candidate = Minimize(*merged);
      const bool full = check.Check(candidate, &scratch);
      EXPECT_EQ(check.CheckGeneralisation(candidate, parent, &scratch), full) << s << " " << t;
      ++agreed;
      consistent += full ? 1 : 0;
    }
    EXPECT_GT(agreed, 20);
    EXPECT_GT(consistent, 0);
    EXPECT_LT(consistent, agreed);
  }
}

}  // namespace
}  // namespace ggp::reasoner::board::test
