#pragma once
// What a search reports: the move it would play for a role (Decision) and the size of its
// tree (SearchInfo). Plain values, copied out of MctsSearch (mcts_search.h).

#include <cstdint>

#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// The move to play for one role, read from the tree.
struct Decision {
  reasoner::Move move = -1;  // -1 if there is no tree
  uint32_t move_index = 0;   // index among the role's legal moves at the root
  double value = -1;         // expected reward 0..1 (proven or line value if known)
  double visit_share = -1;   // n(a) / N at the root
  int64_t visits = 0;        // n(a)
  bool proven = false;       // value is a proven guarantee (where others move at the same
                             // time: the worst case over their replies)
  bool certain = false;      // more search cannot change the choice (proven, forced)
};

struct SearchInfo {
  int64_t iterations = 0;  // completed iterations since construction
  int64_t links = 0;       // transpositions linked since the last root change
  int64_t nodes = 0;       // nodes accounted to this tree (drops as discarded trees are freed)
  int64_t bytes = 0;
  int max_depth = 0;  // deepest tree path since the last root change
  bool root_proven = false;
};

}  // namespace ggp::agent::search
