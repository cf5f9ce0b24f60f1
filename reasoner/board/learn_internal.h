#pragma once
// Shared by learn_game.cc and learn_hybrid.cc (not a public interface).

#include <chrono>
#include <memory>
#include <vector>

#include "reasoner/board/learn_game.h"

namespace ggp::reasoner::board {

using Clock = std::chrono::steady_clock;

inline double MsSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Verifies `candidate` against `reference` on random playouts of at most `max_steps` until
// `deadline`: on agreement (and enough playouts) sets result->machine and a reason and
// returns true; otherwise the reason says where they differed.
bool VerifyLearned(const StateMachine& reference, std::shared_ptr<const StateMachine> candidate,
                   const BoardLearnOptions& options, int max_steps, Clock::time_point deadline,
                   BoardLearnResult* result);

// Gives a moves-only model the all-false ending of board_game.h (moves_only).
void MarkMovesOnly(BoardGame* game);

// The moves-only end of LearnBoardMachine: builds the hybrid machine of `game` over
// options.hybrid_rules, verifies it and keeps it (result->machine) only if its random
// playouts are at least options.hybrid_min_speedup times the reference's.
void FinishHybrid(const std::shared_ptr<const StateMachine>& reference,
                  const BoardLearnOptions& options, const BoardGame& game,
                  const std::vector<SimGame>& games, Clock::time_point deadline,
                  BoardLearnResult* result);

}  // namespace ggp::reasoner::board
