#pragma once
// Random play on a verified state machine, recorded as terms: the raw material of board
// recognition (recognise.h) and of the learner's training data (training_from_games.h).
//
// Each recorded step holds the state's fluents, every role's full legal move list, the
// joint move played (drawn uniformly), the terminal flag and, in terminal states, the goals.
// The last step of a game is its final state (terminal, or where max_plies stopped it;
// `joint` is empty there).
//
// Blocking: runs on the calling thread until `games` games are recorded, `seconds` have
// passed or `cancel` is set (then the games finished so far are returned). The machine is
// only read; it may be in use by other threads.

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/kif/term.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::board {

struct SimStep {
  std::vector<kif::Term> fluents;
  std::vector<std::vector<kif::Term>> legal;  // per role
  std::vector<kif::Term> joint;               // per role; empty in the final state
  bool terminal = false;
  std::vector<int> goals;                     // per role, terminal states only
};

struct SimGame {
  std::vector<SimStep> steps;
  bool stuck = false;  // a role had no legal move in a non-terminal state
};

struct SimulateOptions {
  int games = 50;
  int max_plies = 400;
  double seconds = 10.0;
  uint64_t seed = 1;
  const std::atomic<bool>* cancel = nullptr;  // not owned
};

std::vector<SimGame> Simulate(const StateMachine& machine, const SimulateOptions& options);

// A recorded match (e.g. the "moves" of a ggp-base match JSON: one joint move per turn, move
// terms in role order) replayed on `machine` as a SimGame, so the observation case (only
// the played moves known) learns from other players' matches. nullopt with `why` when a
// move is not legal where it was played.
std::optional<SimGame> Replay(const StateMachine& machine,
                              const std::vector<std::vector<kif::Term>>& joint_moves,
                              std::string* why);

}  // namespace ggp::reasoner::board
