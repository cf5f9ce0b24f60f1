#include <algorithm>

#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;

}  // namespace

bool LayOut(Graph& g, ground::Budget& budget, Propnet* out, std::string* error, bool keep_legal) {
  size_t n = g.kind.size();  // grows during simplification
  std::vector<uint32_t> merged;
  Simplify(g, merged);
  ComplementMoveDisjunctions(g, merged);
  std::vector<uint32_t> root = Simplify(g, merged);
  auto rewrite = [&](uint32_t e) { return root[e & kEdgeTargetMask] | (e & kInvertedEdge); };
  for (auto& in : g.inputs) {
    for (uint32_t& e : in) e = rewrite(e);
  }
  if (!keep_legal) {
    for (auto& role : g.legal) std::fill(role.begin(), role.end(), g.const_false);
  }
  std::vector<uint32_t> guard;
  ExtractLegalGuards(g, root, &guard, &out->legal_guarded);
  n = g.kind.size();
  // Outputs, rewritten; they seed the reachability that prunes everything else.
  std::vector<uint32_t> seeds = {g.const_true, g.const_false};
  auto seed = [&](uint32_t& v) {
    v = root[v];
    seeds.push_back(v);
  };
  for (uint32_t& v : g.fluent_next) seed(v);
  for (auto& role : g.legal) {
    for (uint32_t& v : role) seed(v);
  }
  for (auto& role : g.goals) {
    for (auto& [value, v] : role) seed(v);
  }
  seed(g.terminal);
  for (uint32_t& e : guard) {
    if (e == 0xFFFFFFFFu) continue;
    uint32_t v = e & kEdgeTargetMask;
    seed(v);
    e = v | (e & kInvertedEdge);
  }
  for (auto& role : g.input) {
    for (int32_t v : role) seeds.push_back(static_cast<uint32_t>(v));
  }
  for (uint32_t v : g.no_move) seeds.push_back(v);
  std::vector<uint8_t> keep(n, 0);
  for (uint32_t s : seeds) keep[s] = 1;
  while (!seeds.empty()) {
    uint32_t v = seeds.back();
    seeds.pop_back();
    if (root[v] != v) continue;
    for (uint32_t e : g.inputs[v]) {
      uint32_t s = e & kEdgeTargetMask;
      if (!keep[s]) {
        keep[s] = 1;
        seeds.push_back(s);
      }
    }
  }
  for (uint32_t v = 0; v < n; ++v) {
    if (root[v] != v) keep[v] = 0;
  }

  // Forward adjacency over kept nodes.
  std::vector<uint32_t> fwd_begin(n + 1, 0), fwd;
  for (uint32_t v = 0; v < n; ++v) {
    if (!keep[v]) continue;
    for (uint32_t e : g.inputs[v]) ++fwd_begin[(e & kEdgeTargetMask) + 1];
  }
  for (size_t i = 0; i < n; ++i) fwd_begin[i + 1] += fwd_begin[i];
  fwd.resize(fwd_begin[n]);
  {
    std::vector<uint32_t> fill(fwd_begin.begin(), fwd_begin.end() - 1);
    for (uint32_t v = 0; v < n; ++v) {
      if (!keep[v]) continue;
      for (uint32_t e : g.inputs[v]) fwd[fill[e & kEdgeTargetMask]++] = v;
    }
  }
  if (!budget.Charge(fwd.size() * 8 + n * 16) || budget.TimeUp()) {
    *error = "propnet build " + budget.ExceededReason();
    return false;
  }

  // Iterative Tarjan; components come out sinks first, so reversing gives a
  // topological order in which each SCC is contiguous.
  std::vector<uint32_t> index(n, kNone), low(n, 0), comp(n, kNone);
  std::vector<uint8_t> on_stack(n, 0);
  std::vector<uint32_t> stack, emitted;
  std::vector<std::pair<uint32_t, uint32_t>> call;  // node, next edge position
  std::vector<std::pair<uint32_t, uint32_t>> comps;  // [begin, end) in emitted
  uint32_t counter = 0;
  for (uint32_t start = 0; start < n; ++start) {
    if (!keep[start] || index[start] != kNone) continue;
    call.emplace_back(start, fwd_begin[start]);
    index[start] = low[start] = counter++;
    stack.push_back(start);
    on_stack[start] = 1;
    while (!call.empty()) {
      auto& [v, pos] = call.back();
      if (pos < fwd_begin[v + 1]) {
        uint32_t w = fwd[pos++];
        if (index[w] == kNone) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = 1;
          call.emplace_back(w, fwd_begin[w]);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      uint32_t done = v;
      call.pop_back();
      if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
      if (low[done] == index[done]) {
        uint32_t begin = static_cast<uint32_t>(emitted.size());
        uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          comp[w] = static_cast<uint32_t>(comps.size());
          emitted.push_back(w);
        } while (w != done);
        comps.emplace_back(begin, static_cast<uint32_t>(emitted.size()));
      }
    }
  }

  // New numbering: components in reverse emission order.
  uint32_t m = static_cast<uint32_t>(emitted.size());
  std::vector<uint32_t> order;  // new index -> old node
  order.reserve(m);
  Propnet& net = *out;
  std::vector<bool> cyclic_comp(comps.size(), false);
  for (size_t c = comps.size(); c-- > 0;) {
    auto [b, e] = comps[c];
    bool cyclic = e - b > 1;
    if (!cyclic) {
      uint32_t v = emitted[b];
      for (uint32_t x : g.inputs[v]) cyclic |= (x & kEdgeTargetMask) == v;
    }
    cyclic_comp[c] = cyclic;
    uint32_t first = static_cast<uint32_t>(order.size());
    for (uint32_t i = b; i < e; ++i) order.push_back(emitted[i]);
    if (cyclic) {
      net.scc_range.emplace_back(first, static_cast<uint32_t>(order.size()));
      net.max_scc_size = std::max(net.max_scc_size, e - b);
    }
  }
  std::vector<uint32_t> new_of(n, kNone);
  for (uint32_t i = 0; i < m; ++i) new_of[order[i]] = i;

  net.base_counter.resize(m);
  net.is_leaf.resize(m);
  net.scc_of.assign(m, -1);
  for (size_t s = 0; s < net.scc_range.size(); ++s) {
    for (uint32_t i = net.scc_range[s].first; i < net.scc_range[s].second; ++i) {
      net.scc_of[i] = static_cast<int32_t>(s);
    }
  }
  net.in_begin.assign(m + 1, 0);
  for (uint32_t i = 0; i < m; ++i) {
    uint32_t v = order[i];
    const auto& in = g.inputs[v];
    net.is_leaf[i] = g.kind[v] == Graph::kLeaf;
    if (g.kind[v] == Graph::kLeaf) {
      net.base_counter[i] = v == g.const_true ? kTrueCounter : kFalseCounter;
    } else if (g.kind[v] == Graph::kOr) {
      net.base_counter[i] = kFalseCounter;
    } else {
      net.base_counter[i] = kTrueCounter - static_cast<uint32_t>(in.size());
    }
    for (uint32_t e : in) {
      uint32_t src = new_of[e & kEdgeTargetMask];
      if (net.scc_of[i] >= 0 && net.scc_of[src] == net.scc_of[i] && (e & kInvertedEdge)) {
        *error = "the ground rules recurse through negation";
        return false;
      }
      net.in_edges.push_back(src | (e & kInvertedEdge));
    }
    net.in_begin[i + 1] = static_cast<uint32_t>(net.in_edges.size());
  }
  if (m >= kEdgeTargetMask || g.fluent_next.size() >= kEdgeTargetMask) {
    *error = "propnet too large";
    return false;
  }
  // Which gates legal/terminal/next need ("main"); the rest only feed goals and are
  // brought up to date lazily, when a goal is asked (evaluator.h).
  std::vector<uint8_t> main(m, 0);
  {
    std::vector<uint32_t> todo;
    auto mark = [&](uint32_t c) {
      if (!main[c]) {
        main[c] = 1;
        todo.push_back(c);
      }
    };
    for (uint32_t v : g.fluent_next) mark(new_of[v]);
    for (const auto& role : g.legal) {
      for (uint32_t v : role) mark(new_of[v]);
    }
    mark(new_of[g.terminal]);
    for (uint32_t e : guard) {
      if (e != 0xFFFFFFFFu) mark(new_of[e & kEdgeTargetMask]);
    }
    for (uint32_t c = 0; c < m; ++c) {
      if (net.is_leaf[c]) mark(c);
    }
    while (!todo.empty()) {
      uint32_t c = todo.back();
      todo.pop_back();
      for (uint32_t k = net.in_begin[c]; k < net.in_begin[c + 1]; ++k) mark(net.in_edges[k] & kEdgeTargetMask);
    }
  }
  net.const_true = new_of[g.const_true];
  net.const_false = new_of[g.const_false];
  net.num_fluents = static_cast<uint32_t>(g.fluent_base.size());
  for (int32_t v : g.fluent_base) {
    net.fluent_base.push_back(v >= 0 && keep[static_cast<uint32_t>(v)] ? static_cast<int32_t>(new_of[static_cast<uint32_t>(v)]) : -1);
  }
  for (uint32_t v : g.fluent_next) net.fluent_next.push_back(new_of[v]);
  for (auto& role : g.legal) {
    auto& r = net.legal.emplace_back();
    for (uint32_t v : role) r.push_back(new_of[v]);
  }
  for (uint32_t e : guard) {
    net.legal_guard.push_back(e == 0xFFFFFFFFu ? kNoGuard : new_of[e & kEdgeTargetMask] | (e & kInvertedEdge));
  }
  for (auto& role : g.input) {
    auto& r = net.input.emplace_back();
    for (int32_t v : role) {
      r.push_back(v >= 0 && keep[static_cast<uint32_t>(v)] ? static_cast<int32_t>(new_of[static_cast<uint32_t>(v)]) : -1);
    }
  }
  for (auto& role : g.goals) {
    auto& r = net.goals.emplace_back();
    for (auto& [value, v] : role) r.emplace_back(value, new_of[v]);
    std::sort(r.begin(), r.end(), [](auto& a, auto& b) { return a.first > b.first; });
  }
  net.terminal = new_of[g.terminal];
  for (uint32_t v : g.no_move) net.no_move.push_back(new_of[v]);
  net.initial = std::move(g.initial);
  BuildFanout(main, PlanDemux(main, &net), &net);
  return true;
}

}  // namespace ggp::reasoner::propnet
