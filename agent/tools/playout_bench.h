#pragma once
// Random-playout benchmark of a state machine: single thread, from the initial state, a
// uniformly random legal move per role at every step, until terminal; at a terminal state
// every role's goal. A warm-up period runs first and is not counted (caches, intern
// tables, allocator).
//
// Two loops draw the same moves from the same seed (reasoner::Rng, move k of the legal
// list with k = Below(count)), so their goal checksums agree:
//  - kMachine (default): StateMachine::RandomPlayout, the loop the search runs.
//  - kCalls: IsTerminal, LegalMoves per role and NextState called one by one, as a
//    caller outside the machine would. Only this loop counts legal_calls and times
//    `legal_us`, the mean time inside one LegalMoves call (every 64th call is timed, so
//    the clock does not weigh on rollouts/s). It is asked right after IsTerminal on the
//    same state, so back ends that cache per state (the prover) show the cost of the legal
//    relation given the terminal check.
//
// Blocking: runs on the calling thread for about warmup + seconds (a playout in progress
// at the deadline is abandoned, its state changes still counted), or for `rollouts`
// playouts if set. Thread safety: uses its
// own workspace; the machine is only read.

#include <cstdint>

#include "reasoner/state_machine.h"

namespace ggp::agent::tools {

enum class BenchLoop { kMachine, kCalls };

struct BenchOptions {
  BenchLoop loop = BenchLoop::kMachine;
  double seconds = 10;        // measured time
  double warmup_seconds = 1;  // not counted
  unsigned seed = 1;
  int max_depth = 100000;     // joint moves per playout before it is cut (runaway games)
  // If > 0: exactly this many playouts, no warm-up, no clock reads (legal_us stays 0), so
  // the work is deterministic (for instruction counting, e.g. under callgrind).
  uint64_t rollouts = 0;
};

struct BenchResult {
  uint64_t rollouts = 0;       // playouts completed (terminal, stuck or cut at max_depth)
  uint64_t state_changes = 0;  // NextState calls
  uint64_t legal_calls = 0;    // LegalMoves calls (kCalls only)
  uint64_t stuck = 0;          // playouts that ended on a role without legal moves
  double seconds = 0;          // measured wall time
  double rollouts_per_s = 0;
  double state_changes_per_s = 0;
  double avg_depth = 0;        // joint moves per completed playout
  double legal_us = 0;         // mean microseconds per LegalMoves call (kCalls only)
  uint64_t goal_checksum = 0;  // sum of goals + 1 (keeps goal calls observable)
};

BenchResult RunPlayoutBenchmark(const reasoner::StateMachine& machine, const BenchOptions& options);

}  // namespace ggp::agent::tools
