#pragma once
// Replays a conformance trace (JSON, one per game: random playouts with every state,
// terminal flag, legal sets, joint moves and terminal goals as computed by a reference
// reasoner) against a state machine, and reports the first difference.
//
// Thread safety: pure function of its inputs; the machine is only queried through a
// workspace of its own.

#include <string>

#include <nlohmann/json.hpp>

#include "reasoner/state_machine.h"

namespace ggp::testing {

struct ReplayResult {
  bool ok = true;
  std::string mismatch;  // "playout 2 step 7: legal moves of role white differ: ..."
  int playouts = 0;
  int steps = 0;
};

// `trace` is the parsed JSON file. Terms are compared as printed strings (sets, not
// orders); goals only where the trace has a number.
ReplayResult ReplayTrace(const reasoner::StateMachine& machine, const nlohmann::json& trace);

}  // namespace ggp::testing
