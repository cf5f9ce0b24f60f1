#include "reasoner/gdl/dependency_graph.h"

#include <algorithm>
#include <deque>

namespace ggp::gdl {
namespace {

const std::vector<size_t> kNoEdges;

// Adds an edge for every sentence inside `l`, negative under a `not`.
void AddLiteralEdges(const Literal& l, kif::SymbolId head, size_t rule, bool negative,
                     std::vector<DependencyEdge>* out) {
  switch (l.kind) {
    case Literal::Kind::kSentence:
      out->push_back({head, l.term.symbol, negative, rule, l.where});
      return;
    case Literal::Kind::kDistinct:
      return;
    case Literal::Kind::kNot:
      for (const Literal& c : l.children) AddLiteralEdges(c, head, rule, true, out);
      return;
    case Literal::Kind::kOr:
      for (const Literal& c : l.children) AddLiteralEdges(c, head, rule, negative, out);
      return;
  }
}

}  // namespace

DependencyGraph::DependencyGraph(const Description& d) {
  for (size_t i = 0; i < d.rules.size(); ++i) {
    const Rule& r = d.rules[i];
    AddNode(r.head.symbol);
    for (const Literal& l : r.body) AddLiteralEdges(l, r.head.symbol, i, false, &edges_);
  }
  for (size_t e = 0; e < edges_.size(); ++e) {
    AddNode(edges_[e].to);
    out_[static_cast<size_t>(Node(edges_[e].from))].push_back(e);
  }
  ComputeComponents();
}

int DependencyGraph::Node(kif::SymbolId s) const {
  if (s < 0 || static_cast<size_t>(s) >= node_of_.size()) return -1;
  return node_of_[static_cast<size_t>(s)];
}

int DependencyGraph::AddNode(kif::SymbolId s) {
  if (int n = Node(s); n >= 0) return n;
  if (static_cast<size_t>(s) >= node_of_.size()) node_of_.resize(static_cast<size_t>(s) + 1, -1);
  int n = static_cast<int>(symbol_of_.size());
  node_of_[static_cast<size_t>(s)] = n;
  symbol_of_.push_back(s);
  out_.emplace_back();
  return n;
}

// Tarjan's algorithm, iterative so deep dependency chains cannot overflow the stack.
void DependencyGraph::ComputeComponents() {
  const size_t n = symbol_of_.size();
  component_.assign(n, -1);
  std::vector<int> index(n, -1), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<size_t> stack;
  int next_index = 0;
  int next_component = 0;
  struct Frame {
    size_t node;
    size_t edge;  // position in out_[node]
  };
  for (size_t root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    std::vector<Frame> calls = {{root, 0}};
    index[root] = low[root] = next_index++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!calls.empty()) {
      Frame& f = calls.back();
      if (f.edge < out_[f.node].size()) {
        size_t w = static_cast<size_t>(Node(edges_[out_[f.node][f.edge++]].to));
        if (index[w] < 0) {
          index[w] = low[w] = next_index++;
          stack.push_back(w);
          on_stack[w] = true;
          calls.push_back({w, 0});
        } else if (on_stack[w]) {
          low[f.node] = std::min(low[f.node], index[w]);
        }
        continue;
      }
      size_t v = f.node;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().node] = std::min(low[calls.back().node], low[v]);
      if (low[v] != index[v]) continue;
      size_t members = 0;
      size_t w = 0;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        component_[w] = next_component;
        ++members;
      } while (w != v);
      recursive_.push_back(members > 1);
      ++next_component;
    }
  }
  for (const DependencyEdge& e : edges_) {
    if (e.from == e.to) recursive_[static_cast<size_t>(Component(e.from))] = true;
  }
}

const std::vector<size_t>& DependencyGraph::OutEdges(kif::SymbolId relation) const {
  int n = Node(relation);
  return n < 0 ? kNoEdges : out_[static_cast<size_t>(n)];
}

int DependencyGraph::Component(kif::SymbolId relation) const {
  int n = Node(relation);
  return n < 0 ? -1 : component_[static_cast<size_t>(n)];
}

bool DependencyGraph::IsRecursive(int component) const {
  return component >= 0 && static_cast<size_t>(component) < recursive_.size() &&
         recursive_[static_cast<size_t>(component)];
}

std::vector<size_t> DependencyGraph::Path(kif::SymbolId from, kif::SymbolId to,
                                          bool same_component) const {
  int start = Node(from);
  int goal = Node(to);
  if (start < 0 || goal < 0 || start == goal) return {};
  const int comp = component_[static_cast<size_t>(start)];
  std::vector<long> via(symbol_of_.size(), -1);  // edge that first reached each node
  std::vector<bool> seen(symbol_of_.size(), false);
  std::deque<size_t> queue = {static_cast<size_t>(start)};
  seen[static_cast<size_t>(start)] = true;
  while (!queue.empty() && !seen[static_cast<size_t>(goal)]) {
    size_t v = queue.front();
    queue.pop_front();
    for (size_t e : out_[v]) {
      size_t w = static_cast<size_t>(Node(edges_[e].to));
      if (seen[w] || (same_component && component_[w] != comp)) continue;
      seen[w] = true;
      via[w] = static_cast<long>(e);
      queue.push_back(w);
    }
  }
  std::vector<size_t> path;
  if (!seen[static_cast<size_t>(goal)]) return path;
  for (size_t v = static_cast<size_t>(goal); v != static_cast<size_t>(start);) {
    size_t e = static_cast<size_t>(via[v]);
    path.push_back(e);
    v = static_cast<size_t>(Node(edges_[e].from));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace ggp::gdl
