#pragma once
// The seed's Algorithm 1: is a DFA consistent with the training data for one piece type?
// For every non-terminal record in which the piece type's owner moves and every square
// holding a piece of that type, the DFA's generated patterns (GenerateMoves) must include
// every listed pattern of that square; where all moves are listed it must generate nothing
// else (the seed's line 8 read as "return false if the DFA generates an unlisted move");
// where only some are, every generated pattern outside U must have all its subsequences
// z(pmp) in U. U is the union of the patterns of the whole training data (the seed's
// reading), or of this piece type's only (UniverseScope::kPieceType). Terminal records
// (outcome set) are skipped: nothing moves there whatever the rules say.
//
// Construction indexes the data once: one sample per distinct (board as seen by the owner,
// square, listing, listed set); each distinct board stored once as e/w/p bytes; listed sets
// as nodes of a trie over U (pattern_trie.h). The object owns its copy; the data may go
// away. Check walks the DFA over each sample's board, judging every generated pattern as it
// is reached, and stops at the first failure; samples that failed lately (kept in the
// Scratch) are tried first. CheckGeneralisation walks only where a generalisation can
// generate something its parent did not. With a reused Scratch neither allocates once the
// Scratch has seen a DFA as large. Cost: O(samples x the walk of one sample).
//
// Immutable after construction (an index built on first use is guarded): Check and
// CheckGeneralisation are thread safe given one Scratch per thread. Not copyable.

#include <cstdint>
#include <mutex>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/pattern_trie.h"
#include "reasoner/board/training.h"

namespace ggp::reasoner::board {

enum class UniverseScope : uint8_t { kAllPieces, kPieceType };

class ConsistencyCheck {
 public:
  // Working memory of Check for one thread.
  class Scratch {
   private:
    friend class ConsistencyCheck;
    struct Edge {
      int8_t dx, dy;
      uint8_t on;
      uint16_t symbol;  // the label's symbol in U's trie
      int32_t target;
    };
    // The automaton walked: edges of state q in [state_begin[q], state_begin[q+1]); judge[q]
    // set where a pattern ends that must be judged.
    std::vector<uint32_t> state_begin;
    std::vector<uint8_t> judge;
    std::vector<Edge> edges;
    bool count_listed = true;  // also require every listed pattern to be generated
    // The product of a generalisation check (CompileNew).
    std::vector<int32_t> pair_id;  // c * (|parent| + 1) + p + 1 -> pair, or -1
    std::vector<int32_t> pairs;    // pair -> that index
    std::vector<int32_t> pair_edge_begin, pair_edge_target, reverse_begin, reverse_from, number;
    std::vector<Label> pair_edge_label;
    std::vector<uint8_t> fresh;    // a new pattern is accepted from this pair
    std::vector<uint8_t> used;     // squares referenced on the current path
    std::vector<uint16_t> path;    // symbols of the current path
    std::vector<int32_t> trie;     // trie node of each prefix of the path
    std::vector<uint32_t> recent;  // samples that failed lately, most recent first
    std::vector<uint64_t> walked;  // samples whose first step a generalisation can take
  };

  ConsistencyCheck(const TrainingData& data, int piece_type,
                   UniverseScope scope = UniverseScope::kAllPieces);

  bool Check(const Dfa& dfa) const;
  bool Check(const Dfa& dfa, Scratch* scratch) const;
  // Check(candidate), given that `parent` is consistent (Check was true) and `candidate`
  // accepts every pattern `parent` accepts (as generalising does): then only the patterns
  // new in `candidate` can fail, so the walk follows the product of the two automata only
  // where a new pattern can still be reached, and judges only new patterns.
  bool CheckGeneralisation(const Dfa& candidate, const Dfa& parent, Scratch* scratch) const;

  // This piece type's listed patterns, each once, in order of first appearance (the
  // prefix tree's words).
  const std::vector<Pattern>& patterns() const { return patterns_; }
  size_t samples() const { return samples_.size(); }   // distinct samples
  size_t raw_samples() const { return raw_samples_; }  // before removing duplicates
  bool InUniverse(const Pattern& p) const { return universe_.Contains(p); }

 private:
  struct Sample {
    int32_t board;  // in boards_
    int32_t square;
    bool all;
    uint32_t listed_begin, listed_end;  // in listed_
  };
  struct Walk;

  void Compile(const Dfa& dfa, Scratch* s) const;
  // The product automaton of CheckGeneralisation; false if nothing new is accepted.
  bool CompileNew(const Dfa& candidate, const Dfa& parent, Scratch* s) const;
  void AddEdge(Label label, int32_t target, Scratch* s) const;
  void PrepareWalk(Scratch* s) const;
  bool RunSamples(Scratch* s) const;
  void BuildFirstSteps() const;
  bool CheckSample(uint32_t i, Scratch* s) const;

  BoardShape shape_;
  PatternTrie universe_;
  std::vector<Sample> samples_;
  std::vector<uint8_t> boards_;  // distinct boards as the owner sees them (Content values)
  std::vector<int32_t> listed_;  // trie nodes, sorted per sample
  std::vector<Pattern> patterns_;
  size_t raw_samples_ = 0;
  // Built by the first CheckGeneralisation: per symbol of U, a bitset of the samples where
  // that step can be taken from the piece's square (symbol * words + sample / 64).
  mutable std::once_flag first_steps_once_;
  mutable std::vector<uint64_t> first_steps_;
};

}  // namespace ggp::reasoner::board
