#pragma once
// A set of patterns (the seed's U) as a prefix tree over a dense alphabet, for the
// consistency check's walk: following a step is one table lookup, and a path that leaves
// every word of the set falls into a dead node that it never leaves (no branches).
//
// Labels occurring in no word share one symbol, which leads to the dead node. The
// transition table is dense (nodes x symbols) when that has at most 2^24 entries, else
// sorted per node (binary search).
//
// Immutable after construction; thread safe. Construction O(total length + table).

#include <cstdint>
#include <vector>

#include "reasoner/board/dfa.h"
#include "reasoner/board/pattern.h"

namespace ggp::reasoner::board {

class PatternTrie {
 public:
  static constexpr int32_t kDead = 0;  // not a prefix of any word
  static constexpr int32_t kRoot = 1;  // the empty prefix

  explicit PatternTrie(const std::vector<Pattern>& words);
  // From a prefix tree of the words (BuildPta's form: state 0 the root, accepting where a
  // word ends; AddWord builds one without copying patterns).
  explicit PatternTrie(const Dfa& prefix_tree);
  static void AddWord(const Pattern& p, Dfa* prefix_tree);

  uint16_t Symbol(Label label) const { return symbol_of_[label]; }
  Label LabelOf(uint16_t symbol) const { return labels_[symbol]; }  // symbol < symbols() - 1
  int32_t Next(int32_t node, uint16_t symbol) const {
    if (!dense_.empty()) return dense_[static_cast<size_t>(node) * width_ + symbol];
    return NextSparse(node, symbol);
  }
  bool Terminal(int32_t node) const { return terminal_[static_cast<size_t>(node)] != 0; }
  // The node of `p` (kDead if it is no prefix of a word).
  int32_t Find(const Pattern& p) const;
  bool Contains(const Pattern& p) const { return Terminal(Find(p)); }
  int32_t nodes() const { return static_cast<int32_t>(terminal_.size()); }
  int symbols() const { return static_cast<int>(width_); }  // the "no word" symbol included

 private:
  int32_t NextSparse(int32_t node, uint16_t symbol) const;

  std::vector<uint16_t> symbol_of_;  // per label
  std::vector<Label> labels_;        // per symbol but the last
  size_t width_ = 1;
  std::vector<uint8_t> terminal_;
  std::vector<int32_t> dense_;          // node * width_ + symbol -> node
  std::vector<uint32_t> sparse_begin_;  // per node: [begin, end) in sparse_symbol_/sparse_node_
  std::vector<uint16_t> sparse_symbol_;
  std::vector<int32_t> sparse_node_;
};

}  // namespace ggp::reasoner::board
