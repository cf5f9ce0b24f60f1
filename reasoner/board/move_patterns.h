#pragma once
// From a GDL move, which names only a from and a to square, to the piece-movement
// pattern the learner needs (seed 001 assumes patterns are observed; in GGP they are not).
// Each hypothesis reads a move one way:
//   kSlide: an aligned move (same file, rank or diagonal) of n > 1 squares is n unit steps
//           through the squares between, each with what it holds; other moves one step.
//   kJump:  every move is one step (dx, dy, content of the destination).
//   kLegs:  a move is a chain of legs, the slide readings of the piece type's short moves
//           (at most two squares, e.g. a checker's step and its jump over a piece);
//           every chain with the fewest legs that matches the board is a reading
//           (PatternsOf), so chained jumps whose route the move term does not name are
//           all listed.
// The learner tries the hypotheses in this order per piece type and keeps the first whose
// prefix tree is consistent with the data (a slider read as jumps is not, a leaper read as
// a slider is not where a square between is occupied).
//
// Pure functions; thread safe.

#include <optional>

#include "reasoner/board/board_codec.h"
#include "reasoner/board/position.h"

namespace ggp::reasoner::board {

enum class PathHypothesis : uint8_t { kSlide, kJump, kLegs };
inline constexpr PathHypothesis kHypotheses[] = {PathHypothesis::kSlide, PathHypothesis::kJump,
                                                 PathHypothesis::kLegs};
const char* HypothesisName(PathHypothesis h);

// The pattern of `move` on `pos` for the piece on move.from (its owner's point of view).
// nullopt if from is empty, from == to, or the delta exceeds kMaxDelta.
std::optional<Pattern> PatternOf(const BoardShape& shape, const std::vector<PieceType>& pieces,
                                 const Position& pos, BoardMove move, PathHypothesis h);

// kLegs: every chain of `legs` with the fewest legs from move.from to move.to whose steps
// match `pos` (no square referenced twice), at most `limit` of them, in leg order. Empty
// if none within `max_legs`.
std::vector<Pattern> ChainsOf(const BoardShape& shape, const std::vector<PieceType>& pieces,
                              const Position& pos, BoardMove move, const std::vector<Pattern>& legs,
                              int max_legs = 8, size_t limit = 8);

}  // namespace ggp::reasoner::board
