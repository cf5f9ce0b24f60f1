#pragma once
// A deterministic finite automaton over relative square contents (seed 001, section 3.1):
// one per piece type, accepting the piece-movement patterns the piece may make. State 0
// is the start state. Edges of a state are kept sorted by label, one edge per label.
//
// Generating moves (GenerateMoves) walks the DFA depth-first from a piece's square: an
// edge (dx, dy, on) is followed if the referenced square is on the board, holds `on` for
// the piece's owner and has not been referenced before on this path (the origin counts as
// referenced); reaching an accepting state emits the path's pattern.
//
// A Dfa is a plain value: copyable, not synchronised (share it read-only).

#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/board/pattern.h"
#include "reasoner/board/position.h"

namespace ggp::reasoner::board {

class Dfa {
 public:
  struct Edge {
    Label label;
    int32_t target;
    friend bool operator==(const Edge&, const Edge&) = default;
  };

  Dfa() { AddState(false); }  // the start state

  int AddState(bool accepting) {
    edges_.emplace_back();
    accepting_.push_back(accepting);
    return static_cast<int>(accepting_.size()) - 1;
  }
  // Adds or replaces the edge of `from` labelled `label`.
  void SetEdge(int from, Label label, int to);
  void SetAccepting(int s, bool accepting) { accepting_[static_cast<size_t>(s)] = accepting; }

  int num_states() const { return static_cast<int>(accepting_.size()); }
  int num_edges() const;
  bool accepting(int s) const { return accepting_[static_cast<size_t>(s)]; }
  std::span<const Edge> edges(int s) const { return edges_[static_cast<size_t>(s)]; }
  // Target of `s` on `label`, or -1.
  int Next(int s, Label label) const;
  // True if the DFA accepts `p`.
  bool Accepts(const Pattern& p) const;

  friend bool operator==(const Dfa&, const Dfa&) = default;

 private:
  std::vector<std::vector<Edge>> edges_;
  std::vector<bool> accepting_;
};

// The patterns `dfa` generates for the piece on `square` of `pos` (owner: the piece's
// owner), appended to `out` in depth-first order (edges in label order).
void GenerateMoves(const Dfa& dfa, const BoardShape& shape, const Position& pos,
                   const std::vector<PieceType>& pieces, int square, std::vector<Pattern>* out);

}  // namespace ggp::reasoner::board
