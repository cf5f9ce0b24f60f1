#pragma once
// "minimax": iterative-deepening alpha-beta on our goal value.
//
//   V(s, d) = goal_us(s)                                   if s is terminal
//           = E(s)                                          if d = 0
//           = max_{a in A_us(s)} min_{b in A_others(s)} V(next(s, a, b), d - 1)   otherwise
//
// with alpha-beta pruning on both levels (Knuth & Moore, "An analysis of alpha-beta
// pruning", 1975). In a 2-player turn-taking game this is plain minimax: one of the two
// levels has a single (noop) move. Other games get the "paranoid" reading (Sturtevant &
// Korf, 2000): every other role, and every simultaneous joint reply, is assumed to work
// against us; a single-role game becomes a depth-first search for the best goal.
//
// Evaluation E(s) at the depth limit: our goal in s if the rules define one there, else
// 50 (neutral). Depth grows by one joint move per iteration; the root move found by the
// deepest completed iteration is played, and the previous best move is searched first. An
// iteration that never hit the depth limit is exact: the value is proven and the search
// stops. The clock is polled at every node; an unfinished iteration is discarded.
//
// Threading: the caller's thread only; calls serialised by the session (player.h).

#include <memory>
#include <vector>

#include "agent/player/player.h"
#include "agent/player/registry.h"

namespace ggp::agent::search {

class MinimaxPlayer final : public Player {
 public:
  explicit MinimaxPlayer(const PlayerOptions& options);

  std::string_view name() const override { return "minimax"; }
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& initial, Deadline deadline) override;
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override;
  void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) override;
  void Finish() override;

 private:
  // Scratch of one ply, grown as the depth grows.
  struct Ply {
    std::vector<std::vector<reasoner::Move>> legal;  // per role
    std::vector<reasoner::Move> joint;
    std::vector<uint32_t> counter;                   // mixed-radix counter over the others
    reasoner::State next;
  };

  int Value(const reasoner::State& s, int depth, int alpha, int beta, size_t ply);
  int Evaluate(const reasoner::State& s);
  // One full-width iteration at `depth`; returns false if the clock ran out.
  bool SearchRoot(const reasoner::State& s, int depth, int* best_index, int* best_value);

  int max_depth_limit_ = 64;
  int decision_margin_ms_ = 10;

  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> ws_;
  int role_ = 0;
  std::vector<Ply> plies_;
  std::vector<reasoner::Move> root_moves_;
  Deadline deadline_{};
  long long nodes_ = 0;
  bool aborted_ = false;
  bool depth_cut_ = false;  // the current iteration hit the depth limit somewhere
};

}  // namespace ggp::agent::search
