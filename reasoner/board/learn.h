#pragma once
// The seed's Algorithm 2: learn one piece type's DFA from training data. The prefix tree
// of the piece type's listed patterns is checked for consistency (consistency.h; if it is
// not consistent the piece does not move independently of where it stands and learning
// fails), minimised, then generalised best-first: the smallest DFA in the queue (fewest
// states, then fewest edges, then first found) is expanded by collapsing each pair of
// states of equal acceptance within undirected distance K (GeneralizingCandidates),
// determinising and minimising; every result not seen before (its canonical form) that is
// consistent joins the queue. After MaxExpansions expansions (or an empty queue) the
// smallest DFA seen (popped or still queued, all consistent) is the answer.
//
// Blocking, single thread; pure function of its inputs (thread safe). Cost: per expansion
// O(candidates) collapses, each a subset construction, a minimisation and at most one
// consistency check over the data's samples.

#include <optional>
#include <string>
#include <vector>

#include "reasoner/board/consistency.h"
#include "reasoner/board/dfa.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board {

struct LearnOptions {
  int k = 2;                // candidate pairs within this undirected distance
  int max_expansions = 20;  // best-first expansions
  UniverseScope universe = UniverseScope::kAllPieces;  // U of the z(pmp) rule
};

struct LearnResult {
  std::optional<Dfa> dfa;  // nullopt: learning failed (see reason)
  std::string reason;
  int pta_states = 0;  // of the prefix tree
  int expansions = 0;
  int candidates = 0;  // collapses tried
  int checks = 0;      // consistency checks run (the prefix tree's included)
  int samples = 0;     // distinct samples the checks walk
  double ms = 0;       // wall time
};

LearnResult LearnDfa(int piece_type, const TrainingData& data, const LearnOptions& options = {});

// Every piece type of `data`, in index order. A type never seen moving (no listed pattern)
// gets Dfa(), which accepts nothing.
std::vector<LearnResult> LearnAll(const TrainingData& data, const LearnOptions& options = {});

}  // namespace ggp::reasoner::board
