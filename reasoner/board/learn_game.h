#pragma once
// Learning a board machine for a GDL game (seed 001 inside a match): record random play on
// the verified reference machine, recognise the board game, turn the play into training
// data (every legal move known: the GGP case), learn one DFA per piece type, assemble the
// BoardGame, build the board machine and verify it against the reference on random
// playouts (legal sets, next states, terminal, goals; VerifyAgainst). Only a verified
// machine is returned; anything else returns the reason and the stage it stopped at.
// A moves-only game (with options.hybrid_rules) is learned the same way, and its DFAs become
// a hybrid machine (hybrid_machine.h) verified the same way and kept only if faster.
//
// With `known` (a model from the experience store) recognition and learning are skipped:
// the model is only re-verified.
//
// Blocking: runs on the calling thread within about `seconds` (each stage checks the clock
// and `cancel`). The reference machine is only read.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/board/board_game.h"
#include "reasoner/board/hybrid_machine.h"
#include "reasoner/board/learn.h"
#include "reasoner/board/move_patterns.h"
#include "reasoner/board/training.h"
#include "reasoner/board/recognise.h"
#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::board {

struct BoardLearnOptions {
  int games = 50;               // random games recorded (recognition and training)
  int max_plies = 400;          // per recorded game
  double seconds = 10.0;        // whole budget
  uint64_t seed = 1;
  LearnOptions learn;           // K, MaxExpansions
  int verify_playouts = 100;    // random playouts compared with the reference
  const BoardGame* known = nullptr;            // not owned: re-verify this model instead
  // Moves-only games (recognise.h): given the seconds left, the rules to build a hybrid
  // machine over (hybrid_machine.h; normally the propnet without its legal moves), or
  // nullopt. Unset: moves-only games end at recognition. The hybrid is used only when it
  // verifies and its random playouts are at least `hybrid_min_speedup` times the
  // reference's, measured side by side.
  std::function<std::optional<HybridRules>(double seconds)> hybrid_rules;
  double hybrid_min_speedup = 1.1;
  const std::atomic<bool>* cancel = nullptr;   // not owned
};

struct PieceReport {
  std::string name;
  std::string hypothesis;  // how moves were read as patterns ("slide", "jump")
  int states = 0;          // of the learned DFA
  double ms = 0;
  std::string failure;     // empty if learned
};

struct BoardLearnResult {
  Fit fit = Fit::kNo;
  std::string reason;                           // the outcome in one line
  std::optional<BoardGame> game;                // learned (or known) model, verified or not
  std::shared_ptr<const StateMachine> machine;  // the verified board (or hybrid) machine, or null
  std::vector<PieceReport> pieces;
  double simulate_ms = 0, recognise_ms = 0, learn_ms = 0, verify_ms = 0;
  int verified_playouts = 0, verified_states = 0;
  // Moves-only games: random playouts per second of the reference and of the hybrid,
  // measured in turn after verification (0 if not measured).
  double reference_rate = 0, hybrid_rate = 0;
};

BoardLearnResult LearnBoardMachine(const gdl::Description& rules,
                                   const std::shared_ptr<const StateMachine>& reference,
                                   const BoardLearnOptions& options);

// Training data (all legal moves known) from recorded play of a recognised game, reading
// moves as patterns by hypothesis `h`. Records follow the games in order; the played move
// is listed first.
TrainingData TrainingFromGames(const Recognition& recognition, const std::vector<SimGame>& games,
                               PathHypothesis h);

}  // namespace ggp::reasoner::board
