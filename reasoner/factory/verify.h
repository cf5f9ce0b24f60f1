#pragma once
// Differential verification of one state machine against another (normally a candidate
// back end against the reference prover) on random playouts.
//
// At every step of every playout both machines must agree on: the state (as a set of
// fluent terms), the terminal flag, every role's full legal set (as a set of move terms)
// and, at terminal states, every role's goal. The joint move is drawn uniformly from the
// reference's legal moves and played on both machines (mapped by term with FindMove).
//
// Before that, the candidate's own playout loop (RandomPlayout, which back ends may override) must
// draw the same moves, reach the same state and report the same ending as the generic
// loop over its queries (StateMachine::RandomPlayout) for `machine_playouts` seeds.
//
// Both machines must come from the same description (same symbol table and role order).
//
// Blocking: runs on the calling thread until done or `seconds` have passed (checked
// between steps). Thread safety: creates its own workspaces; the machines are only read,
// so they may be in use by other threads at the same time.

#include <atomic>
#include <optional>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct VerifyOptions {
  int playouts = 20;              // random playouts from the initial state
  int max_steps = 200;            // joint moves per playout at most
  double seconds = 5.0;           // wall-time cap for the whole verification (<= 0: no cap)
  unsigned seed = 1;              // randomness of the joint moves
  bool goals_everywhere = false;  // also compare goals in non-terminal states
  int machine_playouts = 4;       // candidate RandomPlayout against the generic loop
  // Not owned; when set (from any thread) verification stops like at the time cap.
  const std::atomic<bool>* cancel = nullptr;
};

struct VerifyStats {
  int playouts = 0;  // playouts completed (reached terminal or max_steps)
  int steps = 0;     // states compared
  bool timed_out = false;
};

// Returns the first difference ("playout 3 step 12: legal moves of role white differ:
// expected {...} got {...}"), or nullopt if the machines agreed on everything checked.
// `stats` (optional) receives what was covered.
std::optional<std::string> VerifyAgainst(const StateMachine& reference,
                                         const StateMachine& candidate,
                                         const VerifyOptions& options,
                                         VerifyStats* stats = nullptr);

// Formats the difference of two sorted string sets as "missing {a, b} extra {c}" (each
// list cut after `limit` items).
std::string DescribeSetDifference(const std::vector<std::string>& expected,
                                  const std::vector<std::string>& got, size_t limit = 8);

}  // namespace ggp::reasoner
