#pragma once
// Picks and builds the state machine back end for a game.
//
//   backend "prover":  the reference prover (always builds for a parseable game).
//   backend "propnet": the propositional network; fails if grounding or the build exceeds
//                      its budget.
//   backend "split":   the split machine (split_machine.h): a propnet of the rules without
//                      the goals (or without goals and terminal), the prover for the rest;
//                      fails when goals and terminal have no rules of their own or that
//                      propnet exceeds the budget too.
//   backend "auto":    the propnet, verified against the prover on random playouts (legal
//                      sets, next states, terminal, goals), then raced against it on
//                      random playouts: where the prover is clearly faster (a net of
//                      many-argument fluents, pancakes88), the prover. When the propnet exceeds its
//                      budget (or a static table that only goals and terminal need passes
//                      `defer_fact_cap` facts), the split machine within `split_seconds`
//                      more, verified the same way. Falls back to the prover with a reason
//                      when the builds fail or disagree. Then,
//                      for two-player games within `board_seconds`, the board machine of a
//                      learned simplified boardgame (reasoner/board/learn_game.h), used only
//                      once verified against that machine; for a moves-only board game over a
//                      propnet, the hybrid machine (reasoner/board/hybrid_machine.h), used
//                      only once verified and measured faster than the propnet.
//   backend "dfa":     "auto" that reports failure (null machine, with the reason) when no
//                      verified board (or hybrid) machine results: for benchmarks and conformance
//                      runs that must measure the board machine.
//
// Blocking: CreateMachine runs the whole build on the calling thread and returns within
// roughly the time budget (checked cooperatively). Thread safety: may be called from
// several threads at once for different games.

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct MachineOptions {
  std::string backend = "auto";                 // "prover" | "propnet" | "split" | "auto" | "dfa"
  double build_seconds = 30.0;                  // budget for grounding + propnet build
  size_t build_memory_bytes = size_t{4} << 30;  // budget for grounding + propnet build
  // "auto": the split machine's budget after a propnet over budget (0: no split machine).
  double split_seconds = 10.0;
  // "auto" with split_seconds > 0: a static table that legal and next do not need stops
  // the whole propnet's grounding at this many facts, and the split machine is tried
  // (ground::GroundOptions::deferrable).
  size_t defer_fact_cap = size_t{1} << 22;
  // "auto": after verification, the propnet (or split machine) races the prover on random
  // playouts for 2,000 joint moves or `race_seconds`, whichever comes first
  // (machine_race.h; 0: no race), and the prover is kept instead where it plays at least
  // `race_margin` times as many moves a second.
  double race_seconds = 0.2;
  double race_margin = 2.0;
  int verify_playouts = 20;     // random playouts compared against the prover (auto)
  double verify_seconds = 5.0;  // cap on verification time (auto)
  unsigned seed = 1;            // randomness of verification playouts
  // The board learner of "auto" and "dfa": its whole budget (simulation, learning,
  // verification); 0 turns it off for "auto".
  double board_seconds = 10.0;
  // A board model from an earlier match (JSON of reasoner/board/board_game_io.h): only
  // re-verified. Empty: learn from scratch.
  std::string board_model;
  // Not owned; when non-null it must outlive CreateMachine. Another thread sets it to stop
  // the build early (the match ended): the propnet build then fails with "was cancelled",
  // verification stops, and "auto" returns the prover (quick) with that reason.
  const std::atomic<bool>* cancel = nullptr;
};

struct MachineBuild {
  std::shared_ptr<const StateMachine> machine;  // null if nothing could be built
  std::string backend;                          // back end chosen ("prover", "propnet")
  std::string reason;                           // why (e.g. "propnet verified on 20 playouts",
                                                // "grounding exceeded 30 s budget; using prover")
  double build_ms = 0;                          // wall time spent in CreateMachine
  // When a board machine was learned (verified or not): its model as JSON, for the
  // experience store (empty otherwise), and the board stage's summary for logs.
  std::string board_model;
  bool board_verified = false;
  std::string board_report;
};

// Builds a machine for `description` (raw, as parsed: normalisation happens inside).
// Never throws for bad rules: returns a null machine with the reason instead.
MachineBuild CreateMachine(const gdl::Description& description, const MachineOptions& options);

// The board learner alone, over `reference`, a machine of `description` that is trusted
// (built and verified by CreateMachine): what "auto" does after its build, for callers
// that run it later or in the background (the match session). The budget is
// options.board_seconds; options.board_model and options.cancel as above. Returns the
// verified board machine (backend "board"), or a null machine with the reason; the board
// fields as for CreateMachine. Blocking; thread safe as CreateMachine.
MachineBuild BuildBoardMachine(const gdl::Description& description,
                               std::shared_ptr<const StateMachine> reference,
                               const MachineOptions& options);

// True if `name` is one of the back end names above.
bool IsKnownBackend(const std::string& name);

}  // namespace ggp::reasoner
