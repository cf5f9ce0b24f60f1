#pragma once
// The seed's Algorithm 2: learn one piece type's DFA from training data. The prefix tree
// of the listed patterns is checked for consistency (if it is not, the piece does not move
// independently of where it stands and learning fails), minimised, then generalised
// best-first: the smallest DFA in the queue is expanded by collapsing pairs of states of
// equal acceptance within distance K, and every consistent result (determinised,
// minimised) joins the queue, MaxExpansions times. The smallest DFA seen is the answer.
//
// Blocking, single thread; pure function of its inputs (thread safe).

#include <optional>
#include <string>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board {

struct LearnOptions {
  int k = 2;                // candidate pairs within this undirected distance
  int max_expansions = 20;  // best-first expansions
};

struct LearnResult {
  std::optional<Dfa> dfa;   // nullopt: learning failed (see reason)
  std::string reason;
  int expansions = 0;
  int candidates = 0;       // collapses tried
  int checks = 0;           // consistency checks run
  double ms = 0;
};

LearnResult LearnDfa(int piece_type, const TrainingData& data, const LearnOptions& options = {});

// Every piece type of `data` (a type never seen moving gets a DFA accepting nothing).
std::vector<LearnResult> LearnAll(const TrainingData& data, const LearnOptions& options = {});

}  // namespace ggp::reasoner::board
