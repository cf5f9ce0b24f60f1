#include "reasoner/board/pattern_trie.h"

#include <algorithm>

#include "reasoner/board/automaton.h"

namespace ggp::reasoner::board {

PatternTrie::PatternTrie(const std::vector<Pattern>& words) : PatternTrie(BuildPta(words)) {}

void PatternTrie::AddWord(const Pattern& p, Dfa* tree) {
  int s = 0;
  for (const Step& step : p) {
    const Label l = Encode(step);
    int next = tree->Next(s, l);
    if (next < 0) {
      next = tree->AddState(false);
      tree->SetEdge(s, l, next);
    }
    s = next;
  }
  tree->SetAccepting(s, true);
}

PatternTrie::PatternTrie(const Dfa& tree) {  // state v is node v + 1
  std::vector<Label> labels;
  for (int v = 0; v < tree.num_states(); ++v) {
    for (const Dfa::Edge& e : tree.edges(v)) labels.push_back(e.label);
  }
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  width_ = labels.size() + 1;
  labels_ = labels;
  const uint16_t none = static_cast<uint16_t>(labels.size());
  symbol_of_.assign(kNumLabels, none);
  for (size_t i = 0; i < labels.size(); ++i) symbol_of_[labels[i]] = static_cast<uint16_t>(i);
  const size_t nodes = static_cast<size_t>(tree.num_states()) + 1;
  terminal_.assign(nodes, 0);
  for (int v = 0; v < tree.num_states(); ++v)
    terminal_[static_cast<size_t>(v) + 1] = tree.accepting(v) ? 1 : 0;
  if (nodes * width_ <= (size_t{1} << 24)) {
    dense_.assign(nodes * width_, kDead);
    for (int v = 0; v < tree.num_states(); ++v) {
      for (const Dfa::Edge& e : tree.edges(v)) {
        dense_[(static_cast<size_t>(v) + 1) * width_ + symbol_of_[e.label]] = e.target + 1;
      }
    }
    return;
  }
  sparse_begin_.assign(2, 0);  // the dead node has no children
  for (int v = 0; v < tree.num_states(); ++v) {
    for (const Dfa::Edge& e : tree.edges(v)) {  // labels sorted, so symbols are too
      sparse_symbol_.push_back(symbol_of_[e.label]);
      sparse_node_.push_back(e.target + 1);
    }
    sparse_begin_.push_back(static_cast<uint32_t>(sparse_symbol_.size()));
  }
}

int32_t PatternTrie::NextSparse(int32_t node, uint16_t symbol) const {
  const uint16_t* begin = sparse_symbol_.data() + sparse_begin_[static_cast<size_t>(node)];
  const uint16_t* end = sparse_symbol_.data() + sparse_begin_[static_cast<size_t>(node) + 1];
  const uint16_t* it = std::lower_bound(begin, end, symbol);
  return it != end && *it == symbol ? sparse_node_[static_cast<size_t>(it - sparse_symbol_.data())]
                                    : kDead;
}

int32_t PatternTrie::Find(const Pattern& p) const {
  int32_t v = kRoot;
  for (const Step& s : p) v = Next(v, Symbol(Encode(s)));
  return v;
}

}  // namespace ggp::reasoner::board
