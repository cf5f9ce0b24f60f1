#pragma once
// Reference rules of the seed's three games (seed 001, section 4), written by hand on the
// learner's board model, for tests and benchmarks of the DFA learner:
//   Breakthrough: 8x8, pawns on each player's two back ranks; a pawn steps one square
//     forward, straight or diagonally onto an empty square, or diagonally onto an
//     opponent's piece.
//   Checkers-Breakthrough: the checkers start (12 pieces each on the dark squares, a1 dark,
//     of the three nearest ranks); a checker steps diagonally forward onto an empty square
//     or jumps over a diagonally-forward adjacent opponent piece onto the empty square
//     beyond, possibly again and again (each jump forward, directions may change). Jumps
//     are not mandatory and jumped pieces stay.
//   Chess-Breakthrough: the chess start and piece moves without castling, en passant,
//     two-step pawn moves, promotion or check (kings can be captured).
// A game ends when an eligible piece (Breakthrough: pawn; checkers: checker; chess: pawn or
// knight) reaches the opponent's back rank (a win for its player), when the player to move
// has no legal move (a loss for that player), or after 80 moves per player (a tie).
//
// Moves are (square, pattern) as in training data; a slide is unit steps over empty
// squares with the last step's content, a checker jump (±1,f,p)(±1,f,e) per jump (f the
// owner's forward direction: +1 for player 0, -1 for player 1), a knight one step.
//
// Plain values, no shared state: thread safe. Random play is deterministic for a seed.

#include <cstdint>
#include <string_view>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board::testing {

enum class SeedGame : uint8_t { kBreakthrough, kCheckersBreakthrough, kChessBreakthrough };
inline constexpr SeedGame kSeedGames[] = {SeedGame::kBreakthrough, SeedGame::kCheckersBreakthrough,
                                          SeedGame::kChessBreakthrough};
std::string_view SeedGameName(SeedGame g);  // "breakthrough", "checkers-breakthrough", ...

enum class PieceKind : uint8_t { kPawn, kKnight, kBishop, kRook, kQueen, kKing, kChecker };

class SeedRules {
 public:
  explicit SeedRules(SeedGame game);

  SeedGame game() const { return game_; }
  const BoardShape& shape() const { return shape_; }
  // Piece types: player 0's first, then player 1's in the same order (chess: P N B R Q K).
  const std::vector<PieceType>& pieces() const { return pieces_; }
  PieceKind kind(int piece_type) const { return kinds_[static_cast<size_t>(piece_type)]; }
  Position Initial() const;
  static constexpr int kMaxPlies = 160;

  // The true patterns of the piece on `square` (for its owner, whoever is to move).
  void PieceMoves(const Position& pos, int square, std::vector<Pattern>* out) const;
  // Every legal move of pos.mover (squares in increasing order); `out` is replaced.
  void LegalMoves(const Position& pos, std::vector<TrainingMove>* out) const;
  // The position after `move`: the piece lands where its pattern ends, capturing what is
  // there; the other player moves next.
  Position Play(const Position& pos, const TrainingMove& move) const;
  // True if a piece of `piece_type` arriving on `square` wins the game.
  bool Wins(int piece_type, int square) const;

 private:
  SeedGame game_;
  BoardShape shape_{8, 8};
  std::vector<PieceType> pieces_;
  std::vector<PieceKind> kinds_;
};

// `games` random games (every move uniform among the legal ones) as training data: one
// record per position, numbered from 1, the played move first; with `all_moves` every
// legal move is listed, otherwise only the played one ('some'). The final position of
// each game is a terminal record (its outcome, no moves).
TrainingData RandomTrainingData(const SeedRules& rules, int games, uint64_t seed, bool all_moves);
// Appends one random game's records to `data` (shape and pieces already set).
void AppendRandomGame(const SeedRules& rules, uint64_t seed, bool all_moves, TrainingData* data);

// `count` positions for testing generation: half from random play (non-terminal positions
// at random plies), half random scatters of pieces (any piece anywhere, either to move).
std::vector<Position> RandomPositions(const SeedRules& rules, int count, uint64_t seed);

// The intended (optimal) DFA of a piece type, written out by hand and minimised (so it
// compares == with a learned one).
Dfa IntendedDfa(const SeedRules& rules, int piece_type);

}  // namespace ggp::reasoner::board::testing
