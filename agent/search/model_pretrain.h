#pragma once
// Start-clock training data for the opponent models: games of the match's game played, on
// a thread of their own, by a stand-in of known kind for every role, recorded as move text
// (model_experience.h) so that the models replay them like the moves of earlier matches.
//
// The stand-in is flat Monte Carlo: a role with two or more legal moves tries each of them
// with `playouts` random playouts (the other roles' moves of the same joint move drawn at
// random) and plays the one with the best mean goal, ties broken at random; a role with one
// legal move plays it. That is a player that looks for good moves without a tree, the kind
// of opponent most GGP players are at small budgets, and cheap enough to play tens of games
// in a start clock.
//
// Thread safety: Take and Stop may be called from any one thread while the runner plays;
// the destructor stops and joins (it blocks for at most one stand-in decision).

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "agent/player/player.h"
#include "agent/search/model_experience.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct PretrainOptions {
  int playouts = 4;         // per legal move and decision
  int max_games = 200;
  int max_plies = 300;      // a game longer than this is recorded up to here
  unsigned long long seed = 1;
};

class PretrainRunner {
 public:
  // Starts playing at once; stops at `deadline`, after max_games, or at Stop().
  PretrainRunner(std::shared_ptr<const reasoner::StateMachine> machine, Deadline deadline,
                 const PretrainOptions& options);
  ~PretrainRunner();
  PretrainRunner(const PretrainRunner&) = delete;
  PretrainRunner& operator=(const PretrainRunner&) = delete;

  // The games finished since the last call, oldest first (source "self-play:montecarlo").
  std::vector<MatchMoves> Take();
  // Asks the thread to stop and waits for it (at most one stand-in decision: the playouts
  // poll the flag).
  void Stop();
  // Asks the thread to stop; returns at once.
  void RequestStop() { stop_.store(true); }
  // Games finished so far (all of them, taken or not).
  int games() const { return games_.load(); }

 private:
  void Run(Deadline deadline);

  std::shared_ptr<const reasoner::StateMachine> machine_;
  PretrainOptions options_;
  std::atomic<bool> stop_{false};
  std::atomic<int> games_{0};
  std::mutex mu_;
  std::vector<MatchMoves> finished_;  // guarded by mu_
  std::thread thread_;                // last: starts after the above exist
};

}  // namespace ggp::agent::search
