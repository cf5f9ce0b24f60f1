#pragma once
// "montecarlo": flat Monte Carlo move selection. For each legal move of our role, in
// turn (round robin), play random games to the end: the first step joins our move with
// uniformly random moves of the other roles, every later step is uniformly random for
// everyone. The move with the best average goal of our role wins (ties: the earlier
// move). Searches until the deadline; a lone legal move is returned at once.
//
// No allocation per playout: states, move lists and the joint move are members reused
// across playouts. Playouts stop after `params.max_playout_steps` steps (default 5000,
// scored as they stand) so that a game that never ends cannot hang a move. A missing
// goal value counts as 0.
//
// Threading: one search thread (the caller's). Not thread safe (one Player per match and
// role, calls serialised by the session; see player.h).

#include <memory>
#include <random>
#include <vector>

#include "agent/player/player.h"
#include "agent/player/registry.h"

namespace ggp::agent {

class MonteCarloPlayer final : public Player {
 public:
  explicit MonteCarloPlayer(const PlayerOptions& options);

  std::string_view name() const override { return "montecarlo"; }
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& initial, Deadline deadline) override;
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override;
  void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) override;
  // Stateless between moves: simply goes on with `machine`. Always true.
  bool SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                     const reasoner::State& current, nlohmann::json* report) override;
  void Finish() override;

 private:
  // Random moves for every role except those already fixed in joint_; false if some role
  // has no legal move (the playout then ends where it stands).
  bool FillRandomMoves(const reasoner::State& s, int skip_role);
  // One playout from `state` starting with our move `ours`; returns our goal (0..100) and
  // the number of steps played in `*depth`.
  int Playout(const reasoner::State& state, reasoner::Move ours, int* depth);

  std::mt19937_64 rng_;
  int max_playout_steps_ = 5000;

  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> workspace_;
  int role_ = 0;

  // Scratch reused by every playout.
  std::vector<reasoner::Move> legal_;     // our legal moves at the root
  std::vector<reasoner::Move> scratch_;   // legal moves of some role in a playout state
  std::vector<reasoner::Move> joint_;
  reasoner::State current_;
  reasoner::State next_;
  std::vector<long long> visits_;
  std::vector<long long> totals_;
};

}  // namespace ggp::agent
