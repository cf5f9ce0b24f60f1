// The prefix tree, collapsing two states, the subset construction and the generalising
// candidates (automaton.h). Minimize is in minimize.cc.

#include "reasoner/board/automaton.h"

#include <algorithm>
#include <cstdint>

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

Nfa Collapse(const Dfa& dfa, int s, int t) {
  if (s > t) std::swap(s, t);
  Nfa nfa;
  const int n = dfa.num_states();
  if (s == t) {
    nfa.edges.resize(static_cast<size_t>(n));
    nfa.accepting.resize(static_cast<size_t>(n));
    for (int q = 0; q < n; ++q) {
      nfa.accepting[static_cast<size_t>(q)] = dfa.accepting(q);
      nfa.edges[static_cast<size_t>(q)].assign(dfa.edges(q).begin(), dfa.edges(q).end());
    }
    return nfa;
  }
  auto map = [&](int q) { return q == t ? s : (q > t ? q - 1 : q); };
  nfa.edges.resize(static_cast<size_t>(n - 1));
  nfa.accepting.assign(static_cast<size_t>(n - 1), false);
  for (int q = 0; q < n; ++q) {
    const size_t m = static_cast<size_t>(map(q));
    if (dfa.accepting(q)) nfa.accepting[m] = true;
    for (const Dfa::Edge& e : dfa.edges(q))
      nfa.edges[m].push_back(Dfa::Edge{e.label, map(e.target)});
  }
  return nfa;
}

namespace {

// The subset construction over any NFA given by `edges_of(q, emit)` (emit(label, target)
// for each edge of q) and `accepting(q)`, from state `start`, into `out`. Subsets are sorted
// state lists in the scratch's arena, found by open addressing over their hashes.
template <typename EdgesOf, typename Accepting>
bool SubsetConstruction(int start, EdgesOf edges_of, Accepting accepting, int max_states,
                        AutomatonScratch* w, Dfa* out) {
  w->subset_hash.clear();
  w->slots.assign(16, -1);
  auto hash_of = [&](uint32_t from) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = from; i < w->arena.size(); ++i)
      h = (h ^ static_cast<uint64_t>(w->arena[i])) * 1099511628211ull;
    return h ^ (h >> 29);
  };
  auto place = [&](int id) {
    const size_t mask = w->slots.size() - 1;
    size_t i = w->subset_hash[static_cast<size_t>(id)] & mask;
    while (w->slots[i] >= 0) i = (i + 1) & mask;
    w->slots[i] = id;
  };
  // The id of the pending subset (arena past the last subset), adding it if new.
  auto intern = [&](bool* fresh) {
    const uint32_t from = w->subset_begin.back();
    const uint64_t h = hash_of(from);
    const size_t mask = w->slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const int id = w->slots[i];
      if (id < 0) break;
      const uint32_t b = w->subset_begin[static_cast<size_t>(id)],
                     e = w->subset_begin[static_cast<size_t>(id) + 1];
      if (w->subset_hash[static_cast<size_t>(id)] == h &&
          std::equal(w->arena.begin() + from, w->arena.end(), w->arena.begin() + b,
                     w->arena.begin() + e)) {
        w->arena.resize(from);
        *fresh = false;
        return id;
      }
    }
    const int id = static_cast<int>(w->subset_hash.size());
    w->subset_hash.push_back(h);
    w->subset_begin.push_back(static_cast<uint32_t>(w->arena.size()));
    if (2 * w->subset_hash.size() > w->slots.size()) {
      w->slots.assign(2 * w->slots.size(), -1);
      for (int k = 0; k <= id; ++k) place(k);
    } else {
      place(id);
    }
    *fresh = true;
    return id;
  };
  bool fresh = false;
  w->arena.resize(0);
  w->subset_begin.assign(1, 0);
  w->arena.push_back(start);
  intern(&fresh);
  out->Clear();
  out->SetAccepting(0, accepting(start));
  for (int i = 0; i < static_cast<int>(w->subset_hash.size()); ++i) {
    w->moves.clear();
    for (uint32_t k = w->subset_begin[static_cast<size_t>(i)];
         k < w->subset_begin[static_cast<size_t>(i) + 1]; ++k) {
      edges_of(w->arena[k], [&](Label label, int target) {
        w->moves.push_back(Dfa::Edge{label, target});
      });
    }
    std::sort(w->moves.begin(), w->moves.end(), [](const Dfa::Edge& x, const Dfa::Edge& y) {
      return x.label != y.label ? x.label < y.label : x.target < y.target;
    });
    for (size_t j = 0; j < w->moves.size();) {
      const Label label = w->moves[j].label;
      bool accepts = false;
      int last = -1;
      for (; j < w->moves.size() && w->moves[j].label == label; ++j) {
        if (w->moves[j].target == last) continue;
        last = w->moves[j].target;
        w->arena.push_back(last);
        accepts = accepts || accepting(last);
      }
      const int id = intern(&fresh);
      if (fresh) {
        if (static_cast<int>(w->subset_hash.size()) > max_states) return false;
        out->AddState(accepts);
      }
      out->AppendEdge(i, label, id);
    }
  }
  return true;
}

}  // namespace

std::optional<Dfa> Determinize(const Nfa& nfa, int max_states) {
  AutomatonScratch w;
  Dfa out;
  auto edges_of = [&](int q, auto emit) {
    for (const Dfa::Edge& e : nfa.edges[static_cast<size_t>(q)]) emit(e.label, e.target);
  };
  auto accepting = [&](int q) { return static_cast<bool>(nfa.accepting[static_cast<size_t>(q)]); };
  if (!SubsetConstruction(0, edges_of, accepting, max_states, &w, &out)) return std::nullopt;
  return out;
}

bool CollapseDeterminize(const Dfa& dfa, int s, int t, int max_states, AutomatonScratch* scratch,
                         Dfa* out) {
  if (s > t) std::swap(s, t);
  // NFA states keep the DFA's numbers; t is folded into s.
  auto map = [&](int q) { return q == t ? s : q; };
  auto edges_of = [&](int q, auto emit) {
    for (const Dfa::Edge& e : dfa.edges(q)) emit(e.label, map(e.target));
    if (q == s && s != t) {
      for (const Dfa::Edge& e : dfa.edges(t)) emit(e.label, map(e.target));
    }
  };
  auto accepting = [&](int q) { return dfa.accepting(q) || (q == s && dfa.accepting(t)); };
  return SubsetConstruction(map(0), edges_of, accepting, max_states, scratch, out);
}

std::vector<std::pair<int, int>> GeneralizingCandidates(const Dfa& dfa, int k) {
  const size_t n = static_cast<size_t>(dfa.num_states());
  // Undirected adjacency (CSR, duplicates harmless).
  std::vector<int> count(n + 1, 0), adj;
  for (size_t s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(static_cast<int>(s))) {
      ++count[s + 1];
      ++count[static_cast<size_t>(e.target) + 1];
    }
  }
  for (size_t i = 0; i < n; ++i) count[i + 1] += count[i];
  adj.resize(static_cast<size_t>(count[n]));
  std::vector<int> fill(count.begin(), count.end() - 1);
  for (size_t s = 0; s < n; ++s) {
    for (const Dfa::Edge& e : dfa.edges(static_cast<int>(s))) {
      adj[static_cast<size_t>(fill[s]++)] = e.target;
      adj[static_cast<size_t>(fill[static_cast<size_t>(e.target)]++)] = static_cast<int>(s);
    }
  }
  std::vector<std::pair<int, int>> out;
  std::vector<int> dist(n, -1), queue;
  for (size_t s = 0; s < n; ++s) {
    queue.assign(1, static_cast<int>(s));
    dist[s] = 0;
    for (size_t head = 0; head < queue.size(); ++head) {
      const size_t q = static_cast<size_t>(queue[head]);
      if (dist[q] >= k) continue;
      for (int i = count[q]; i < count[q + 1]; ++i) {
        const size_t r = static_cast<size_t>(adj[static_cast<size_t>(i)]);
        if (dist[r] < 0) {
          dist[r] = dist[q] + 1;
          queue.push_back(static_cast<int>(r));
        }
      }
    }
    std::sort(queue.begin(), queue.end());
    for (int t : queue) {
      if (static_cast<size_t>(t) > s && dfa.accepting(t) == dfa.accepting(static_cast<int>(s))) {
        out.emplace_back(static_cast<int>(s), t);
      }
      dist[static_cast<size_t>(t)] = -1;
    }
  }
  return out;
}

}  // namespace ggp::reasoner::board
