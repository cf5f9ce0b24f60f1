#pragma once
// Conformance of a state machine back end with trace files: finds each trace's rules,
// builds the machine (reasoner/factory) and replays the trace (trace_replay.h).
//
// Rules lookup for TRACE=<dir>/<game>.json, first hit wins:
//   1. <rules_dir>/<game>.kif when a rules directory is given,
//   2. <dir>/<game>.kif (rules next to the trace),
//   3. <dir>/../games/<game>.kif (the shared corpus layout).
// When the trace has rules_sha256, a rules file with other bytes is reported as an error.
//
// Blocking: ConformFile runs on the calling thread (machine build + replay, bounded by
// the budget). Thread safety: independent calls may run concurrently.

#include <optional>
#include <string>

#include "agent/tools/trace_replay.h"

namespace ggp::agent::tools {

struct ConformOptions {
  std::string machine = "prover";  // back end name (reasoner::IsKnownBackend)
  std::string rules_dir;           // optional directory of <game>.kif
  ReplayBudget budget;             // per trace
  // The board learner's budget of "auto" and "dfa" (reasoner::MachineOptions); 0 turns
  // it off for "auto", which then picks the propnet or, failing that, the prover.
  double board_seconds = 10.0;
};

struct ConformResult {
  enum class Status { kAgree, kDiffer, kSkipped, kError };
  Status status = Status::kError;
  std::string game;         // trace base name
  std::string rules_path;   // the .kif used ("" if none found)
  std::string backend;      // back end actually built
  ReplayReport replay;
  std::string message;      // skip note, error or first difference (one line)
  double seconds = 0;       // wall time, build included
};

// The rules file for `trace_path` by the lookup above, or nullopt.
std::optional<std::string> FindRulesFile(const std::string& trace_path, const std::string& rules_dir);

// Checks one trace file. Traces whose `playouts` is empty are skipped (with their note);
// unreadable traces or rules, and machines that cannot be built, are errors.
ConformResult ConformFile(const std::string& trace_path, const ConformOptions& options);

// One line for a result: "ticTacToe: agree, 412 steps in 20 playouts (0.3 s)",
// "chess: DIFFER at playout 1 step 3: ...", "x: skipped (note)", "y: ERROR ...".
std::string FormatResult(const ConformResult& r);

}  // namespace ggp::agent::tools
