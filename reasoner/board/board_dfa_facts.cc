#include "reasoner/board/board_dfa_facts.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <utility>

namespace ggp::reasoner::board {
namespace {

constexpr int kMaxWalkSteps = 200000;  // enumeration budget (edges tried)
constexpr size_t kMaxAccepted = 4096;  // accepted walks kept for the duplicate check

struct Ref {
  int x = 0, y = 0;
  Content on = Content::kEmpty;
};
using Vec = std::pair<int, int>;

// States reachable from `from` over `adj` (BFS), `from` included.
std::vector<bool> Reach(const std::vector<std::vector<int>>& adj, const std::vector<int>& from) {
  std::vector<bool> seen(adj.size(), false);
  std::deque<int> queue;
  for (int s : from) {
    if (!seen[static_cast<size_t>(s)]) queue.push_back(s);
    seen[static_cast<size_t>(s)] = true;
  }
  while (!queue.empty()) {
    const int s = queue.front();
    queue.pop_front();
    for (int t : adj[static_cast<size_t>(s)]) {
      if (!seen[static_cast<size_t>(t)]) queue.push_back(t);
      seen[static_cast<size_t>(t)] = true;
    }
  }
  return seen;
}

bool Acyclic(const DfaFacts& f) {
  const size_t n = f.steps.size();
  std::vector<int> indegree(n, 0);
  size_t useful = 0;
  for (size_t s = 0; s < n; ++s) {
    if (f.useful[s]) ++useful;
    for (const DfaStep& e : f.steps[s]) ++indegree[static_cast<size_t>(e.target)];
  }
  std::vector<int> ready;
  for (size_t s = 0; s < n; ++s) {
    if (f.useful[s] && indegree[s] == 0) ready.push_back(static_cast<int>(s));
  }
  size_t done = 0;
  while (!ready.empty()) {
    const int s = ready.back();
    ready.pop_back();
    ++done;
    for (const DfaStep& e : f.steps[static_cast<size_t>(s)]) {
      if (--indegree[static_cast<size_t>(e.target)] == 0) ready.push_back(e.target);
    }
  }
  return done == useful;
}

// True if some linear form is positive on every vector (candidates: small forms and the
// vectors themselves; sound, not complete).
bool Monotone(const std::vector<Vec>& v) {
  auto positive = [&](int a, int b) {
    return std::all_of(v.begin(), v.end(), [&](Vec d) { return a * d.first + b * d.second > 0; });
  };
  for (int a = -4; a <= 4; ++a) {
    for (int b = -4; b <= 4; ++b) {
      if ((a != 0 || b != 0) && positive(a, b)) return true;
    }
  }
  return std::any_of(v.begin(), v.end(), [&](Vec d) { return positive(d.first, d.second); });
}

// Enumerates the walks of an acyclic DFA from the origin (0, 0).
class Enumerator {
 public:
  Enumerator(const Dfa& dfa, const DfaFacts& f)
      : dfa_(dfa), f_(f), repeats_(f.steps[0].size(), false) {}

  void Run() {
    for (size_t i = 0; i < f_.steps[0].size() && complete_; ++i) Step(f_.steps[0][i], 0, 0, i);
  }
  bool complete() const { return complete_; }
  bool repeats(size_t first) const { return repeats_[first]; }

  // True if two accepted walks may end on one square in some position.
  bool Duplicates() const {
    std::vector<size_t> order(accepted_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto end = [&](size_t i) {
      return std::make_pair(accepted_[i].back().x, accepted_[i].back().y);
    };
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return end(a) < end(b); });
    for (size_t i = 0; i < order.size(); ++i) {
      for (size_t j = i + 1; j < order.size() && end(order[j]) == end(order[i]); ++j) {
        if (Compatible(accepted_[order[i]], accepted_[order[j]])) return true;
      }
    }
    return false;
  }

 private:
  static bool Compatible(const std::vector<Ref>& a, const std::vector<Ref>& b) {
    for (const Ref& p : a) {
      for (const Ref& q : b) {
        if (p.x == q.x && p.y == q.y && p.on != q.on) return false;
      }
    }
    return true;
  }

  void Step(const DfaStep& e, int x, int y, size_t first) {
    if (!complete_) return;
    if (++tried_ > kMaxWalkSteps) {
      complete_ = false;
      return;
    }
    const int nx = x + e.dx, ny = y + e.dy;
    const bool repeated =
        (nx == 0 && ny == 0) || std::any_of(path_.begin(), path_.end(),
                                            [&](const Ref& r) { return r.x == nx && r.y == ny; });
    if (repeated) {
      repeats_[first] = true;
      return;
    }
    path_.push_back({nx, ny, e.on});
    if (dfa_.accepting(e.target)) {
      if (accepted_.size() < kMaxAccepted) {
        accepted_.push_back(path_);
      } else {
        complete_ = false;
      }
    }
    for (const DfaStep& next : f_.steps[static_cast<size_t>(e.target)]) Step(next, nx, ny, first);
    path_.pop_back();
  }

  const Dfa& dfa_;
  const DfaFacts& f_;
  std::vector<bool> repeats_;
  std::vector<Ref> path_;
  std::vector<std::vector<Ref>> accepted_;
  int tried_ = 0;
  bool complete_ = true;
};

}  // namespace

DfaFacts AnalyseDfa(const Dfa& dfa) {
  const int n = dfa.num_states();
  DfaFacts f;
  std::vector<std::vector<DfaStep>> raw(static_cast<size_t>(n));
  std::vector<std::vector<int>> fwd(static_cast<size_t>(n)), back(static_cast<size_t>(n));
  std::vector<int> accepting;
  for (int s = 0; s < n; ++s) {
    if (dfa.accepting(s)) accepting.push_back(s);
    for (const Dfa::Edge& e : dfa.edges(s)) {
      const Step st = Decode(e.label);
      if ((st.dx == 0 && st.dy == 0) || e.target < 0 || e.target >= n) continue;
      raw[static_cast<size_t>(s)].push_back({st.dx, st.dy, st.on, e.target});
      fwd[static_cast<size_t>(s)].push_back(e.target);
      back[static_cast<size_t>(e.target)].push_back(s);
    }
  }
  const std::vector<bool> reachable = Reach(fwd, {0});
  const std::vector<bool> productive = Reach(back, accepting);
  f.useful.assign(static_cast<size_t>(n), false);
  f.accepting.assign(static_cast<size_t>(n), false);
  for (int s : accepting) f.accepting[static_cast<size_t>(s)] = true;
  f.steps.assign(static_cast<size_t>(n), {});
  for (size_t s = 0; s < static_cast<size_t>(n); ++s) f.useful[s] = reachable[s] && productive[s];
  for (size_t s = 0; s < static_cast<size_t>(n); ++s) {
    if (!f.useful[s]) continue;
    for (const DfaStep& e : raw[s]) {
      if (!f.useful[static_cast<size_t>(e.target)]) continue;
      f.steps[s].push_back(e);
      f.max_delta = std::max({f.max_delta, std::abs(e.dx), std::abs(e.dy)});
    }
  }
  f.acyclic = Acyclic(f);

  // Per start edge: the step vectors its walks can use.
  std::vector<std::vector<int>> kept(static_cast<size_t>(n));
  for (size_t s = 0; s < static_cast<size_t>(n); ++s) {
    for (const DfaStep& e : f.steps[s]) kept[s].push_back(e.target);
  }
  const std::vector<DfaStep>& start = f.steps[0];
  std::vector<std::vector<Vec>> vectors(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    std::vector<Vec>& v = vectors[i];
    v.push_back({start[i].dx, start[i].dy});
    const std::vector<bool> sub = Reach(kept, {start[i].target});
    for (size_t s = 0; s < static_cast<size_t>(n); ++s) {
      if (!sub[s]) continue;
      for (const DfaStep& e : f.steps[s]) v.push_back({e.dx, e.dy});
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  f.checked.assign(start.size(), false);
  for (size_t i = 0; i < start.size(); ++i) f.checked[i] = !Monotone(vectors[i]);

  // Rays: every start edge keeps one step vector, no two rays overlap with different steps.
  bool rays =
      std::all_of(vectors.begin(), vectors.end(), [](const auto& v) { return v.size() == 1; });
  for (size_t i = 0; rays && i < start.size(); ++i) {
    for (size_t j = i + 1; rays && j < start.size(); ++j) {
      const Vec a = vectors[i][0], b = vectors[j][0];
      const bool parallel =
          a.first * b.second == a.second * b.first && a.first * b.first + a.second * b.second > 0;
      if (parallel && a != b) rays = false;
    }
  }
  f.dedup = !rays;
  if (f.acyclic) {
    Enumerator walks(dfa, f);
    walks.Run();
    if (walks.complete()) {
      for (size_t i = 0; i < start.size(); ++i) f.checked[i] = f.checked[i] && walks.repeats(i);
      if (f.dedup) f.dedup = walks.Duplicates();
    }
  }
  return f;
}

}  // namespace ggp::reasoner::board
