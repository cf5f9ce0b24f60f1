#include "reasoner/board/learn.h"

#include <chrono>
#include <queue>
#include <set>

#include "reasoner/board/automaton.h"
#include "reasoner/board/consistency.h"

namespace ggp::reasoner::board {
namespace {

// The canonical form of a minimised DFA as a key of the seen set.
std::vector<int> Key(const Dfa& d) {
  std::vector<int> k;
  for (int s = 0; s < d.num_states(); ++s) {
    k.push_back(d.accepting(s) ? -1 : -2);
    for (const Dfa::Edge& e : d.edges(s)) {
      k.push_back(e.label);
      k.push_back(e.target);
    }
  }
  return k;
}

struct Entry {
  Dfa dfa;
  bool operator>(const Entry& o) const {
    if (dfa.num_states() != o.dfa.num_states()) return dfa.num_states() > o.dfa.num_states();
    return dfa.num_edges() > o.dfa.num_edges();
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
  ConsistencyCheck check(data, piece_type);
  Dfa pta = BuildPta(check.patterns());
  ++r.checks;
  if (!check.Check(pta)) {
    r.reason = "the prefix tree is inconsistent with the data (moves depend on where the piece stands)";
  } else {
    Dfa best = Minimize(pta);
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    std::set<std::vector<int>> seen{Key(best)};
    queue.push(Entry{best});
    while (!queue.empty() && r.expansions < options.max_expansions) {
      Dfa dfa = queue.top().dfa;
      queue.pop();
      if (Smaller(dfa, best)) best = dfa;
      for (const auto& [s, t] : GeneralizingCandidates(dfa, options.k)) {
        ++r.candidates;
        std::optional<Dfa> merged = Determinize(Collapse(dfa, s, t), 4 * dfa.num_states() + 64);
        if (!merged) continue;
        Dfa minimal = Minimize(*merged);
        if (!seen.insert(Key(minimal)).second) continue;
        ++r.checks;
        if (check.Check(minimal)) queue.push(Entry{std::move(minimal)});
      }
      ++r.expansions;
    }
    while (!queue.empty()) {  // what is left may hold a smaller one found last
      if (Smaller(queue.top().dfa, best)) best = queue.top().dfa;
      queue.pop();
    }
    r.dfa = std::move(best);
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::vector<LearnResult> LearnAll(const TrainingData& data, const LearnOptions& options) {
  std::vector<LearnResult> out;
  for (size_t k = 0; k < data.pieces.size(); ++k) out.push_back(LearnDfa(static_cast<int>(k), data, options));
  return out;
}

}  // namespace ggp::reasoner::board
