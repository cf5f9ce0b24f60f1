// The automata ConsistencyCheck walks (consistency.h): a DFA as it is (Check), or the part
// of a generalisation's product with its parent from which new patterns can be reached
// (CheckGeneralisation).

#include "reasoner/board/consistency.h"

namespace ggp::reasoner::board {

void ConsistencyCheck::AddEdge(Label label, int32_t target, Scratch* s) const {
  const Step st = Decode(label);
  s->edges.push_back(
      Scratch::Edge{st.dx, st.dy, static_cast<uint8_t>(st.on), universe_.Symbol(label), target});
}

void ConsistencyCheck::PrepareWalk(Scratch* s) const {
  const size_t squares = static_cast<size_t>(shape_.squares());
  s->used.assign(squares, 0);
  s->path.resize(squares + 1);
  s->trie.resize(squares + 2);
}

void ConsistencyCheck::Compile(const Dfa& dfa, Scratch* s) const {
  const size_t n = static_cast<size_t>(dfa.num_states());
  s->state_begin.resize(n + 1);
  s->judge.resize(n);
  s->edges.clear();
  for (size_t q = 0; q < n; ++q) {
    s->state_begin[q] = static_cast<uint32_t>(s->edges.size());
    s->judge[q] = dfa.accepting(static_cast<int>(q)) ? 1 : 0;
    for (const Dfa::Edge& e : dfa.edges(static_cast<int>(q))) AddEdge(e.label, e.target, s);
  }
  s->state_begin[n] = static_cast<uint32_t>(s->edges.size());
  s->count_listed = true;
  PrepareWalk(s);
}

bool ConsistencyCheck::CompileNew(const Dfa& candidate, const Dfa& parent, Scratch* s) const {
  // Pairs (c, p) of a candidate state and a parent state (p = -1: the parent has already
  // rejected), reachable from (0, 0) in breadth-first order, with their edges.
  const int width = parent.num_states() + 1;
  s->pair_id.assign(static_cast<size_t>(candidate.num_states()) * static_cast<size_t>(width), -1);
  s->pairs.clear();
  s->pair_edge_begin.clear();
  s->pair_edge_target.clear();
  s->pair_edge_label.clear();
  auto intern = [&](int c, int p) {
    const size_t key =
        static_cast<size_t>(c) * static_cast<size_t>(width) + static_cast<size_t>(p + 1);
    if (s->pair_id[key] < 0) {
      s->pair_id[key] = static_cast<int32_t>(s->pairs.size());
      s->pairs.push_back(static_cast<int32_t>(key));
    }
    return s->pair_id[key];
  };
  auto bad = [&](size_t i) {  // a new pattern ends here
    const int c = s->pairs[i] / width, p = s->pairs[i] % width - 1;
    return candidate.accepting(c) && (p < 0 || !parent.accepting(p));
  };
  intern(0, 0);
  for (size_t i = 0; i < s->pairs.size(); ++i) {
    const int c = s->pairs[i] / width, p = s->pairs[i] % width - 1;
    s->pair_edge_begin.push_back(static_cast<int32_t>(s->pair_edge_target.size()));
    for (const Dfa::Edge& e : candidate.edges(c)) {
      const int next_p = p >= 0 ? parent.Next(p, e.label) : -1;
      s->pair_edge_target.push_back(intern(e.target, next_p));
      s->pair_edge_label.push_back(e.label);
    }
  }
  const size_t n = s->pairs.size();
  s->pair_edge_begin.push_back(static_cast<int32_t>(s->pair_edge_target.size()));
  // fresh: a bad pair can be reached (backwards closure over reversed edges).
  s->reverse_begin.assign(n + 1, 0);
  for (int32_t t : s->pair_edge_target) ++s->reverse_begin[static_cast<size_t>(t) + 1];
  for (size_t i = 0; i < n; ++i) s->reverse_begin[i + 1] += s->reverse_begin[i];
  s->reverse_from.resize(s->pair_edge_target.size());
  s->number.assign(s->reverse_begin.begin(), s->reverse_begin.end() - 1);  // fill positions
  for (size_t i = 0; i < n; ++i) {
    for (int32_t k = s->pair_edge_begin[i]; k < s->pair_edge_begin[i + 1]; ++k) {
      const size_t t = static_cast<size_t>(s->pair_edge_target[static_cast<size_t>(k)]);
      s->reverse_from[static_cast<size_t>(s->number[t]++)] = static_cast<int32_t>(i);
    }
  }
  s->fresh.assign(n, 0);
  s->number.clear();  // now the stack
  for (size_t i = 0; i < n; ++i) {
    if (bad(i)) {
      s->fresh[i] = 1;
      s->number.push_back(static_cast<int32_t>(i));
    }
  }
  while (!s->number.empty()) {
    const size_t t = static_cast<size_t>(s->number.back());
    s->number.pop_back();
    for (int32_t k = s->reverse_begin[t]; k < s->reverse_begin[t + 1]; ++k) {
      const size_t from = static_cast<size_t>(s->reverse_from[static_cast<size_t>(k)]);
      if (s->fresh[from] == 0) {
        s->fresh[from] = 1;
        s->number.push_back(static_cast<int32_t>(from));
      }
    }
  }
  if (s->fresh[0] == 0) return false;
  // The walked automaton: the fresh pairs, numbered in order (the start stays 0).
  s->number.assign(n, -1);
  int32_t states = 0;
  for (size_t i = 0; i < n; ++i) {
    if (s->fresh[i] != 0) s->number[i] = states++;
  }
  s->state_begin.resize(static_cast<size_t>(states) + 1);
  s->judge.resize(static_cast<size_t>(states));
  s->edges.clear();
  for (size_t i = 0; i < n; ++i) {
    if (s->fresh[i] == 0) continue;
    const size_t q = static_cast<size_t>(s->number[i]);
    s->state_begin[q] = static_cast<uint32_t>(s->edges.size());
    s->judge[q] = bad(i) ? 1 : 0;
    for (int32_t k = s->pair_edge_begin[i]; k < s->pair_edge_begin[i + 1]; ++k) {
      const size_t t = static_cast<size_t>(s->pair_edge_target[static_cast<size_t>(k)]);
      if (s->fresh[t] != 0) AddEdge(s->pair_edge_label[static_cast<size_t>(k)], s->number[t], s);
    }
  }
  s->state_begin[static_cast<size_t>(states)] = static_cast<uint32_t>(s->edges.size());
  s->count_listed = false;  // the parent generates every listed pattern already
  PrepareWalk(s);
  return true;
}

}  // namespace ggp::reasoner::board
