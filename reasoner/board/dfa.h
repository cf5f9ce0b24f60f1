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
// A Dfa is a plain value: copyable, not synchronised (share it read-only). Clear() keeps
// its storage, so a Dfa rebuilt again and again (the learner's candidates) stops
// allocating once it has been as large.

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
    const size_t n = accepting_.size();
    if (edges_.size() == n) edges_.emplace_back();  // else edges_[n] is spare and empty
    accepting_.push_back(accepting);
    return static_cast<int>(n);
  }
  // Back to Dfa(): the start state alone, non-accepting, no edges (storage kept).
  void Clear() {
    for (size_t s = 0; s < accepting_.size(); ++s) edges_[s].clear();
    accepting_.assign(1, false);
  }
  // Adds or replaces the edge of `from` labelled `label`.
  void SetEdge(int from, Label label, int to);
  // SetEdge, constant time when `label` is larger than every label `from` has.
  void AppendEdge(int from, Label label, int to) {
    auto& e = edges_[static_cast<size_t>(from)];
    if (e.empty() || e.back().label < label) {
      e.push_back(Edge{label, to});
    } else {
      SetEdge(from, label, to);
    }
  }
  void SetAccepting(int s, bool accepting) { accepting_[static_cast<size_t>(s)] = accepting; }

  int num_states() const { return static_cast<int>(accepting_.size()); }
  int num_edges() const;
  bool accepting(int s) const { return accepting_[static_cast<size_t>(s)]; }
  std::span<const Edge> edges(int s) const { return edges_[static_cast<size_t>(s)]; }
  // Target of `s` on `label`, or -1.
  int Next(int s, Label label) const;
  // True if the DFA accepts `p`.
  bool Accepts(const Pattern& p) const;

  friend bool operator==(const Dfa& a, const Dfa& b) {
    if (a.accepting_ != b.accepting_) return false;
    for (size_t s = 0; s < a.accepting_.size(); ++s) {
      if (a.edges_[s] != b.edges_[s]) return false;
    }
    return true;
  }

 private:
  std::vector<std::vector<Edge>> edges_;  // per state; entries past num_states() are spare
  std::vector<bool> accepting_;
};

// The patterns `dfa` generates for the piece on `square` of `pos` (owner: the piece's
// owner), appended to `out` in depth-first order (edges in label order).
void GenerateMoves(const Dfa& dfa, const BoardShape& shape, const Position& pos,
                   const std::vector<PieceType>& pieces, int square, std::vector<Pattern>* out);

}  // namespace ggp::reasoner::board
