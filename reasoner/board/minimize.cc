// Minimize (automaton.h): trim to the live states, merge equivalent states by partition
// refinement, number the result canonically.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "reasoner/board/automaton.h"

namespace ggp::reasoner::board {
namespace {

// w->live[s]: reachable from the start and able to reach an accepting state.
void LiveStates(const Dfa& dfa, AutomatonScratch* w) {
  const size_t n = static_cast<size_t>(dfa.num_states());
  w->live.assign(n, 0);
  w->alive.assign(n, 0);
  w->stack.assign(1, 0);
  w->live[0] = 1;
  while (!w->stack.empty()) {
    const int s = w->stack.back();
    w->stack.pop_back();
    for (const Dfa::Edge& e : dfa.edges(s)) {
      if (w->live[static_cast<size_t>(e.target)] == 0) {
        w->live[static_cast<size_t>(e.target)] = 1;
        w->stack.push_back(e.target);
      }
    }
  }
  // Backward closure from the accepting states over a reversed adjacency (CSR).
  w->count.assign(n + 1, 0);
  for (size_t s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(static_cast<int>(s)))
      ++w->count[static_cast<size_t>(e.target) + 1];
  }
  for (size_t i = 0; i < n; ++i) w->count[i + 1] += w->count[i];
  w->back.resize(static_cast<size_t>(w->count[n]));
  w->fill.assign(w->count.begin(), w->count.end() - 1);
  for (size_t s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(static_cast<int>(s))) {
      w->back[static_cast<size_t>(w->fill[static_cast<size_t>(e.target)]++)] = static_cast<int>(s);
    }
  }
  for (size_t s = 0; s < n; ++s) {
    if (dfa.accepting(static_cast<int>(s))) {
      w->alive[s] = 1;
      w->stack.push_back(static_cast<int>(s));
    }
  }
  while (!w->stack.empty()) {
    const size_t s = static_cast<size_t>(w->stack.back());
    w->stack.pop_back();
    for (int i = w->count[s]; i < w->count[s + 1]; ++i) {
      const size_t p = static_cast<size_t>(w->back[static_cast<size_t>(i)]);
      if (w->alive[p] == 0) {
        w->alive[p] = 1;
        w->stack.push_back(static_cast<int>(p));
      }
    }
  }
  for (size_t s = 0; s < n; ++s) w->live[s] = w->live[s] & w->alive[s];
}

}  // namespace

Dfa Minimize(const Dfa& dfa) {
  AutomatonScratch w;
  Dfa out;
  Minimize(dfa, &w, &out);
  return out;
}

void Minimize(const Dfa& dfa, AutomatonScratch* w, Dfa* out) {
  out->Clear();
  LiveStates(dfa, w);
  if (w->live[0] == 0) return;  // the empty language
  const size_t n = w->live.size();
  auto live = [&](int s) { return w->live[static_cast<size_t>(s)] != 0; };
  w->states.clear();
  for (size_t s = 0; s < n; ++s) {
    if (w->live[s] != 0) w->states.push_back(static_cast<int>(s));
  }
  // Moore refinement: a state's signature is its block and, per live edge in label order,
  // the label and the target's block; signatures live in one buffer, [sig_begin, sig_end).
  std::vector<int>& block = w->block;
  block.assign(n, -1);
  w->next_block.assign(n, -1);
  bool any_accepting = false, any_rejecting = false;
  for (int s : w->states) {
    block[static_cast<size_t>(s)] = dfa.accepting(s) ? 1 : 0;
    (dfa.accepting(s) ? any_accepting : any_rejecting) = true;
  }
  int blocks = any_accepting && any_rejecting ? 2 : 1;
  w->sig_begin.assign(n, 0);
  w->sig_end.assign(n, 0);
  w->order = w->states;
  for (;;) {
    w->sig.clear();
    for (int s : w->states) {
      w->sig_begin[static_cast<size_t>(s)] = static_cast<int>(w->sig.size());
      w->sig.push_back(block[static_cast<size_t>(s)]);
      for (const Dfa::Edge& e : dfa.edges(s)) {
        if (!live(e.target)) continue;
        w->sig.push_back(e.label);
        w->sig.push_back(block[static_cast<size_t>(e.target)]);
      }
      w->sig_end[static_cast<size_t>(s)] = static_cast<int>(w->sig.size());
    }
    auto less = [&](int a, int b) {
      const auto& sig = w->sig;
      return std::lexicographical_compare(sig.begin() + w->sig_begin[static_cast<size_t>(a)],
                                          sig.begin() + w->sig_end[static_cast<size_t>(a)],
                                          sig.begin() + w->sig_begin[static_cast<size_t>(b)],
                                          sig.begin() + w->sig_end[static_cast<size_t>(b)]);
    };
    std::sort(w->order.begin(), w->order.end(), less);
    int id = -1;
    for (size_t i = 0; i < w->order.size(); ++i) {
      if (i == 0 || less(w->order[i - 1], w->order[i])) ++id;
      w->next_block[static_cast<size_t>(w->order[i])] = id;
    }
    block.swap(w->next_block);
    if (id + 1 == blocks) break;  // refinement only splits: no split means stable
    blocks = id + 1;
  }
  // Canonical numbering: breadth-first from the start's block, edges in label order.
  w->rep.assign(static_cast<size_t>(blocks), -1);
  w->number.assign(static_cast<size_t>(blocks), -1);
  for (int s : w->states) {
    int& r = w->rep[static_cast<size_t>(block[static_cast<size_t>(s)])];
    if (r < 0) r = s;
  }
  out->SetAccepting(0, dfa.accepting(0));
  w->queue.assign(1, block[0]);
  w->number[static_cast<size_t>(block[0])] = 0;
  for (size_t head = 0; head < w->queue.size(); ++head) {
    const int b = w->queue[head];
    for (const Dfa::Edge& e : dfa.edges(w->rep[static_cast<size_t>(b)])) {
      if (!live(e.target)) continue;
      const size_t tb = static_cast<size_t>(block[static_cast<size_t>(e.target)]);
      if (w->number[tb] < 0) {
        w->number[tb] = out->AddState(dfa.accepting(e.target));
        w->queue.push_back(static_cast<int>(tb));
      }
      out->AppendEdge(w->number[static_cast<size_t>(b)], e.label, w->number[tb]);
    }
  }
}

}  // namespace ggp::reasoner::board
