#pragma once
// Replays one conformance trace against a state machine and reports the first difference.
//
// A trace (JSON; shared corpus format) holds random playouts of a game as computed by a
// reference reasoner: per step the state (fluent strings), the terminal flag, every role's
// legal set, the joint move applied and, at terminal steps, the goals (null = the
// reference found no single value: anything is accepted). Replay starts from the machine's
// own initial state and at each step compares, as sets of canonical strings, the state,
// the terminal flag and each role's legal moves, then applies the recorded joint move
// (FindMove) to get the next state; at terminal steps it compares the goals.
//
// Budgets: at most `max_steps` steps (all playouts together) and `seconds` of wall time
// per trace; what is left unchecked is counted in the report, never silently dropped.
//
// Thread safety: the machine is only read, through a workspace of the replay's own; the
// machine's symbol table gets the trace's move terms interned (SymbolTable is thread-safe).

#include <string>

#include <nlohmann/json.hpp>

#include "reasoner/state_machine.h"

namespace ggp::agent::tools {

struct ReplayBudget {
  long max_steps = -1;   // steps compared at most (< 0: no limit)
  double seconds = 0;    // wall time at most (<= 0: no limit)
};

struct Difference {
  int playout = 0;       // 1-based
  int step = 0;          // 0-based within the playout
  std::string what;      // "state", "terminal", "legal moves of role white", "goal of role x", ...
  std::string expected;  // short forms (sets are summarised)
  std::string got;
  std::string diff;      // for sets: "missing {...}; extra {...}"
};

struct ReplayReport {
  bool agrees = true;           // false: `difference` says where
  Difference difference;
  int playouts_total = 0;       // in the trace
  long steps_total = 0;         // in the trace
  int playouts_checked = 0;     // fully replayed
  long steps_checked = 0;       // compared
  std::string stopped_by;       // "" or "step budget" / "time budget" when cut short
  std::string error;            // a malformed trace (agrees is false then)
};

// Replays `trace` against `machine`. The machine's roles must be the trace's roles in
// order (checked; a mismatch is reported as a difference at playout 0 step 0).
ReplayReport ReplayTrace(const reasoner::StateMachine& machine, const nlohmann::json& trace,
                         const ReplayBudget& budget);

// "playout 2 step 7: legal moves of role white: expected {...} got {...} (expected 12 got 11;
// missing {...})"
std::string DescribeDifference(const Difference& d);

}  // namespace ggp::agent::tools
