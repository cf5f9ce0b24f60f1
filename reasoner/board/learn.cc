#include "reasoner/board/learn.h"

#include <chrono>
#include <cstdint>
#include <queue>
#include <unordered_set>

#include "reasoner/board/automaton.h"

namespace ggp::reasoner::board {
namespace {

// The canonical form of a minimised DFA (Minimize numbers states canonically), as the key
// of the seen set: per state its acceptance and edge count, then its edges.
struct Key {
  std::vector<uint32_t> words;
  uint64_t hash = 0;
  bool operator==(const Key& o) const { return hash == o.hash && words == o.words; }
};
struct KeyHash {
  size_t operator()(const Key& k) const { return static_cast<size_t>(k.hash); }
};

void KeyOf(const Dfa& d, Key* key) {
  Key& k = *key;
  k.words.clear();
  for (int s = 0; s < d.num_states(); ++s) {
    const auto edges = d.edges(s);
    k.words.push_back(static_cast<uint32_t>(edges.size()) << 1 | (d.accepting(s) ? 1u : 0u));
    for (const Dfa::Edge& e : edges) {
      k.words.push_back(e.label);
      k.words.push_back(static_cast<uint32_t>(e.target));
    }
  }
  uint64_t h = 1469598103934665603ull;
  for (uint32_t w : k.words) h = (h ^ w) * 1099511628211ull;
  k.hash = h ^ (h >> 29);
}

struct Entry {
  Dfa dfa;
  int states;
  int edges;
  uint64_t order;  // insertion order: ties go to the first found
  bool operator>(const Entry& o) const {
    if (states != o.states) return states > o.states;
    if (edges != o.edges) return edges > o.edges;
    return order > o.order;
  }
};

bool Smaller(const Dfa& a, const Dfa& b) {
  return a.num_states() < b.num_states() ||
         (a.num_states() == b.num_states() && a.num_edges() < b.num_edges());
}

}  // namespace

LearnResult LearnDfa(int piece_type, const TrainingData& data, const LearnOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  LearnResult r;
  const ConsistencyCheck check(data, piece_type, options.universe);
  ConsistencyCheck::Scratch scratch;
  r.samples = static_cast<int>(check.samples());
  const Dfa pta = BuildPta(check.patterns());
  r.pta_states = pta.num_states();
  ++r.checks;
  if (!check.Check(pta, &scratch)) {
    r.reason =
        "the prefix tree is inconsistent with the data (moves depend on where the piece stands)";
  } else {
    Dfa best = Minimize(pta);
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    Key key;
    KeyOf(best, &key);
    std::unordered_set<Key, KeyHash> seen{key};
    AutomatonScratch work;
    Dfa merged, minimal;
    uint64_t order = 0;
    queue.push(Entry{best, best.num_states(), best.num_edges(), order++});
    while (!queue.empty() && r.expansions < options.max_expansions) {
      const Dfa dfa = queue.top().dfa;
      queue.pop();
      if (Smaller(dfa, best)) best = dfa;
      // A collapse rarely grows the DFA; one that blows up is not wanted (nor expanded).
      const int cap = 4 * dfa.num_states() + 64;
      for (const auto& [s, t] : GeneralizingCandidates(dfa, options.k)) {
        ++r.candidates;
        // Only a DFA not seen before allocates: its key, and if consistent its queue entry.
        if (!CollapseDeterminize(dfa, s, t, cap, &work, &merged)) continue;
        Minimize(merged, &work, &minimal);
        KeyOf(minimal, &key);
        if (seen.count(key) != 0) continue;
        seen.insert(key);
        ++r.checks;
        if (!check.CheckGeneralisation(minimal, dfa, &scratch)) continue;
        queue.push(Entry{minimal, minimal.num_states(), minimal.num_edges(), order++});
      }
      ++r.expansions;
    }
    // What is left in the queue is consistent too and may hold a smaller one found last.
    while (!queue.empty()) {
      if (Smaller(queue.top().dfa, best)) best = queue.top().dfa;
      queue.pop();
    }
    r.dfa = std::move(best);
  }
  r.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::vector<LearnResult> LearnAll(const TrainingData& data, const LearnOptions& options) {
  std::vector<LearnResult> out;
  for (size_t k = 0; k < data.pieces.size(); ++k) {
    out.push_back(LearnDfa(static_cast<int>(k), data, options));
  }
  return out;
}

}  // namespace ggp::reasoner::board
