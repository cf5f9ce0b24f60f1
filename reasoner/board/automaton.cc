#include "reasoner/board/automaton.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace ggp::reasoner::board {

Dfa BuildPta(const std::vector<Pattern>& patterns) {
  Dfa d;
  for (const Pattern& p : patterns) {
    int s = 0;
    for (const Step& step : p) {
      const Label l = Encode(step);
      int next = d.Next(s, l);
      if (next < 0) {
        next = d.AddState(false);
        d.SetEdge(s, l, next);
      }
      s = next;
    }
    d.SetAccepting(s, true);
  }
  return d;
}

Dfa Minimize(const Dfa& dfa) {
  const int n = dfa.num_states();
  // Live states: reachable from the start and able to reach an accepting state.
  std::vector<bool> reach(static_cast<size_t>(n), false), alive(static_cast<size_t>(n), false);
  std::vector<int> stack{0};
  reach[0] = true;
  std::vector<std::vector<int>> back(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(s)) back[static_cast<size_t>(e.target)].push_back(s);
  }
  while (!stack.empty()) {
    const int s = stack.back();
    stack.pop_back();
    for (const Dfa::Edge& e : dfa.edges(s)) {
      if (!reach[static_cast<size_t>(e.target)]) reach[static_cast<size_t>(e.target)] = true, stack.push_back(e.target);
    }
  }
  for (int s = 0; s < n; ++s) {
    if (dfa.accepting(s)) alive[static_cast<size_t>(s)] = true, stack.push_back(s);
  }
  while (!stack.empty()) {
    const int s = stack.back();
    stack.pop_back();
    for (int p : back[static_cast<size_t>(s)]) {
      if (!alive[static_cast<size_t>(p)]) alive[static_cast<size_t>(p)] = true, stack.push_back(p);
    }
  }
  auto live = [&](int s) { return reach[static_cast<size_t>(s)] && alive[static_cast<size_t>(s)]; };
  if (!live(0)) return Dfa();
  // Partition refinement (Moore): block ids from (block, sorted (label, target block)).
  std::vector<int> block(static_cast<size_t>(n), -1);
  for (int s = 0; s < n; ++s) {
    if (live(s)) block[static_cast<size_t>(s)] = dfa.accepting(s) ? 1 : 0;
  }
  for (int blocks = -1;;) {
    std::map<std::vector<int>, int> ids;
    std::vector<int> next(static_cast<size_t>(n), -1);
    for (int s = 0; s < n; ++s) {
      if (!live(s)) continue;
      std::vector<int> sig{block[static_cast<size_t>(s)]};
      for (const Dfa::Edge& e : dfa.edges(s)) {
        if (!live(e.target)) continue;
        sig.push_back(e.label);
        sig.push_back(block[static_cast<size_t>(e.target)]);
      }
      next[static_cast<size_t>(s)] = ids.emplace(std::move(sig), static_cast<int>(ids.size())).first->second;
    }
    block = std::move(next);
    if (static_cast<int>(ids.size()) == blocks) break;
    blocks = static_cast<int>(ids.size());
  }
  // Canonical numbering: breadth-first from the start's block, edges in label order.
  std::vector<int> rep(static_cast<size_t>(n), -1);  // block -> a state
  for (int s = 0; s < n; ++s) {
    if (live(s) && rep[static_cast<size_t>(block[static_cast<size_t>(s)])] < 0) rep[static_cast<size_t>(block[static_cast<size_t>(s)])] = s;
  }
  std::map<int, int> number{{block[0], 0}};
  std::deque<int> queue{block[0]};
  Dfa out;
  out.SetAccepting(0, dfa.accepting(0));
  while (!queue.empty()) {
    const int b = queue.front();
    queue.pop_front();
    const int s = rep[static_cast<size_t>(b)];
    for (const Dfa::Edge& e : dfa.edges(s)) {
      if (!live(e.target)) continue;
      const int tb = block[static_cast<size_t>(e.target)];
      auto it = number.find(tb);
      if (it == number.end()) {
        it = number.emplace(tb, out.AddState(dfa.accepting(e.target))).first;
        queue.push_back(tb);
      }
      out.SetEdge(number[b], e.label, it->second);
    }
  }
  return out;
}

Nfa Collapse(const Dfa& dfa, int s, int t) {
  Nfa nfa;
  const int n = dfa.num_states();
  auto map = [&](int q) { return q == t ? s : (q > t ? q - 1 : q); };
  nfa.edges.resize(static_cast<size_t>(n - 1));
  nfa.accepting.assign(static_cast<size_t>(n - 1), false);
  for (int q = 0; q < n; ++q) {
    const int m = map(q);
    if (dfa.accepting(q)) nfa.accepting[static_cast<size_t>(m)] = true;
    for (const Dfa::Edge& e : dfa.edges(q)) nfa.edges[static_cast<size_t>(m)].push_back(Dfa::Edge{e.label, map(e.target)});
  }
  return nfa;
}

std::optional<Dfa> Determinize(const Nfa& nfa, int max_states) {
  std::map<std::vector<int>, int> ids;
  std::vector<std::vector<int>> sets{{0}};
  ids[{0}] = 0;
  Dfa out;
  out.SetAccepting(0, nfa.accepting[0]);
  for (size_t i = 0; i < sets.size(); ++i) {
    std::map<Label, std::set<int>> moves;
    for (int q : sets[i]) {
      for (const Dfa::Edge& e : nfa.edges[static_cast<size_t>(q)]) moves[e.label].insert(e.target);
    }
    for (auto& [label, targets] : moves) {
      std::vector<int> set(targets.begin(), targets.end());
      auto it = ids.find(set);
      if (it == ids.end()) {
        if (static_cast<int>(sets.size()) >= max_states) return std::nullopt;
        bool acc = false;
        for (int q : set) acc = acc || nfa.accepting[static_cast<size_t>(q)];
        it = ids.emplace(set, out.AddState(acc)).first;
        sets.push_back(set);
      }
      out.SetEdge(static_cast<int>(i), label, it->second);
    }
  }
  return out;
}

std::vector<std::pair<int, int>> GeneralizingCandidates(const Dfa& dfa, int k) {
  const int n = dfa.num_states();
  std::vector<std::vector<int>> adj(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(s)) {
      adj[static_cast<size_t>(s)].push_back(e.target);
      adj[static_cast<size_t>(e.target)].push_back(s);
    }
  }
  std::vector<std::pair<int, int>> out;
  std::vector<int> dist(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    std::fill(dist.begin(), dist.end(), -1);
    std::deque<int> queue{s};
    dist[static_cast<size_t>(s)] = 0;
    while (!queue.empty()) {
      const int q = queue.front();
      queue.pop_front();
      if (dist[static_cast<size_t>(q)] >= k) continue;
      for (int r : adj[static_cast<size_t>(q)]) {
        if (dist[static_cast<size_t>(r)] < 0) dist[static_cast<size_t>(r)] = dist[static_cast<size_t>(q)] + 1, queue.push_back(r);
      }
    }
    for (int t = s + 1; t < n; ++t) {
      if (dist[static_cast<size_t>(t)] > 0 && dfa.accepting(s) == dfa.accepting(t)) out.emplace_back(s, t);
    }
  }
  return out;
}

}  // namespace ggp::reasoner::board
