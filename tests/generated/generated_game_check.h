#pragma once
// Runs one generated game (gdl_generator.h) through both back ends and compares them.
//
// In order: parse the KIF; validate it (no errors allowed); build the prover and check
// the game is well formed on its random playouts (every one ends in a terminal state
// within the step limit, no role without a legal move on the way); build the propnet
// (a build stopped by its budget is a status of its own, not a failure); then
// reasoner::VerifyAgainst: states, legal sets, terminal flags and goals (in every state)
// on random playouts, and the propnet's own RandomPlayout against the generic loop;
// optionally the prover against the naive model (naive_machine.h) the same way.
//
// Blocking: runs on the calling thread (a few milliseconds for most games). Thread
// safety: each call builds its own machines; calls may run concurrently.

#include <cstdint>
#include <string>

#include "tests/generated/gdl_generator.h"

namespace ggp::testing {

enum class GameStatus {
  kAgree,          // every check passed
  kInvalid,        // the text did not parse or failed validation (a generator bug)
  kIllFormed,      // a playout got stuck or did not end in time (a generator bug)
  kProverFailed,   // the prover could not be built
  kPropnetBudget,  // the propnet build exceeded its time or memory budget
  kPropnetFailed,  // the propnet build failed for another reason
  kDisagree,       // the back ends differ
  kNaiveDisagree,  // the prover differs from the naive model (naive_model.h)
};
inline constexpr size_t kGameStatusCount = 8;

const char* GameStatusName(GameStatus status);

struct GameCheckOptions {
  int playouts = 3;             // compared playouts (VerifyOptions::playouts)
  int machine_playouts = 2;     // propnet RandomPlayout against the generic loop
  int wellformed_playouts = 3;  // prover playouts checked for termination
  double build_seconds = 20.0;  // propnet budget
  size_t build_bytes = size_t{1} << 30;
  uint64_t seed = 1;       // randomness of the playouts
  int naive_playouts = 0;  // playouts compared with the naive model (0: none)
};

struct GameCheck {
  GameStatus status = GameStatus::kAgree;
  std::string detail;   // what went wrong (empty when they agree)
  int steps = 0;        // states compared
  size_t warnings = 0;  // validation warnings
};

GameCheck CheckGame(const GeneratedGame& game, const GameCheckOptions& options);

// A failure report: the seed, what differs, how to reproduce it, and the rules.
std::string DescribeFailure(const GeneratedGame& game, const GameCheck& check);

}  // namespace ggp::testing
