#pragma once
// What the board machine's move generator proves about a piece type's DFA before compiling
// it (board_movegen.h), so the walker skips checks that cannot fire:
//   - useful states: reachable from the start and able to reach an accepting state (edges
//     into other states, and edges of (0, 0) that always reference a referenced square,
//     are dropped: no walk through them emits a move);
//   - per edge of the start state, whether walks through it may reference a square twice
//     (then the walker keeps the path and tests every step against it). Proved
//     impossible when some linear form f(dx, dy) is positive on every edge the walk can
//     take (references then strictly increase f), or, for an acyclic DFA, by enumerating
//     every walk;
//   - whether two walks from one square may end on the same square (then the walker
//     removes duplicate destinations). Proved impossible when every start edge leads into
//     a "ray" (all its edges share one step vector) and no two rays point the same way
//     with different steps, or, for an acyclic DFA, by enumerating the accepted walks and
//     checking that any two ending together need different contents on a common square.
// Enumeration is bounded; beyond the bound the conservative answer stands.
//
// Pure function of the DFA (read through its public accessors only); thread safe.

#include <vector>

#include "reasoner/board/dfa.h"

namespace ggp::reasoner::board {

struct DfaStep {
  int dx = 0, dy = 0;
  Content on = Content::kEmpty;
  int target = 0;
};

struct DfaFacts {
  std::vector<bool> useful;                 // per state
  std::vector<bool> accepting;              // per state
  std::vector<std::vector<DfaStep>> steps;  // per state: the edges kept, in label order
  std::vector<bool> checked;                // per steps[0] entry: walks may revisit a square
  bool acyclic = true;                      // among useful states
  bool dedup = false;                       // two walks may end on one square
  int max_delta = 0;                        // largest |dx| or |dy| of a kept edge
};

DfaFacts AnalyseDfa(const Dfa& dfa);

}  // namespace ggp::reasoner::board
