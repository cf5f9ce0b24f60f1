#pragma once
// Training data of the learner (seed 001, section 3.2 and Figure 4): positions, each with
// the moves known there, one record per position, games listed in order.
//
// Text format (ours, after the seed's Figure 4), after a header naming the board:
//   board WIDTH HEIGHT
//   holes SQUARE...                  optional: squares that are not part of the board
//   piece LETTER OWNER NAME          one line per piece type, in index order
//   then per record:
//   NUMBER
//   HEIGHT lines of WIDTH characters, top rank first ('.' empty, else a piece letter)
//   OUTCOME                          '*' not terminal, -1/0/1 lost/tied/won for the player
//                                    who just moved
//   PLAYER all|some N                the player to move, whether all its moves are listed
//   N lines: SQUARE PATTERN           square of the moving piece (a1 = 0, b1 = 1, ...), the
//                                    pattern as ToString prints it; the played move first
// Lines starting with '#' and empty lines are ignored; a CR before the line end is
// dropped. Boards are at most 64 x 64, piece types at most 127, each with its own letter
// (not '.' or '#') and a one-word name. Terminal records list no moves (their
// listing is ignored by the learner). Reading then writing gives back the same text for
// anything WriteTraining wrote. Plain values; thread safe.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/board/position.h"

namespace ggp::reasoner::board {

struct TrainingMove {
  int square = 0;
  Pattern pattern;
  friend bool operator==(const TrainingMove&, const TrainingMove&) = default;
};

struct TrainingRecord {
  int number = 0;
  Position position;
  std::optional<int> outcome;  // nullopt: not terminal
  bool all_moves = true;       // every legal move of the mover listed ("all") or some
  std::vector<TrainingMove> moves;
};

struct TrainingData {
  BoardShape shape;
  std::vector<PieceType> pieces;
  std::vector<TrainingRecord> records;
};

void WriteTraining(std::ostream& out, const TrainingData& data);
// nullopt with `why` ("line N: ...") on malformed input.
std::optional<TrainingData> ReadTraining(std::istream& in, std::string* why);

}  // namespace ggp::reasoner::board
