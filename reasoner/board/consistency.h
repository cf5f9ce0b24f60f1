#pragma once
// The seed's Algorithm 1: is a DFA consistent with the training data for one piece type?
// For every record in which the piece type's owner moves and every square holding a piece
// of that type, the DFA must generate every listed pattern; where all moves are listed it
// must generate nothing else; where only some are, every generated pattern outside U (all
// patterns of the data) must have all its subsequences z(pmp) in U.
//
// Construction indexes the data once (the samples of the piece type, U); the check then
// stops at the first failure. Immutable after construction; Check is thread safe.

#include <string>
#include <unordered_set>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board {

class ConsistencyCheck {
 public:
  ConsistencyCheck(const TrainingData& data, int piece_type);

  bool Check(const Dfa& dfa) const;
  // Every pattern listed for this piece type (the prefix tree's words).
  const std::vector<Pattern>& patterns() const { return patterns_; }
  size_t samples() const { return samples_.size(); }

 private:
  using Word = std::u16string;  // a pattern as its labels
  static Word WordOf(const Pattern& p);
  struct Sample {
    size_t record;
    int square;
    bool all;
    std::vector<Word> listed;  // sorted, unique
  };
  const TrainingData* data_;
  std::vector<Sample> samples_;
  std::unordered_set<Word> universe_;
  std::vector<Pattern> patterns_;
};

}  // namespace ggp::reasoner::board
