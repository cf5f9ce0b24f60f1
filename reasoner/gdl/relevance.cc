#include "reasoner/gdl/relevance.h"

#include <algorithm>

#include "reasoner/gdl/dependency_graph.h"

namespace ggp::gdl {

RelevantPart KeepRelevant(const Description& d, std::span<const kif::SymbolId> roots) {
  DependencyGraph graph(d);
  std::vector<bool> needed;
  auto mark = [&needed](kif::SymbolId s) {
    if (s < 0) return false;
    if (static_cast<size_t>(s) >= needed.size()) needed.resize(static_cast<size_t>(s) + 1, false);
    if (needed[static_cast<size_t>(s)]) return false;
    needed[static_cast<size_t>(s)] = true;
    return true;
  };
  std::vector<kif::SymbolId> todo;
  for (kif::SymbolId r : roots) {
    if (mark(r)) todo.push_back(r);
  }
  while (!todo.empty()) {
    const kif::SymbolId s = todo.back();
    todo.pop_back();
    for (size_t e : graph.OutEdges(s)) {
      const kif::SymbolId to = graph.edges()[e].to;
      if (mark(to)) todo.push_back(to);
    }
  }
  auto is_needed = [&needed](kif::SymbolId s) {
    return s >= 0 && static_cast<size_t>(s) < needed.size() && needed[static_cast<size_t>(s)];
  };
  RelevantPart out;
  out.description.symbols = d.symbols;
  out.description.roles = d.roles;
  for (const Rule& r : d.rules) {
    if (is_needed(r.head.symbol)) {
      out.description.rules.push_back(r);
    } else {
      ++out.dropped_rules;
      out.dropped.push_back(r.head.symbol);
    }
  }
  std::sort(out.dropped.begin(), out.dropped.end());
  out.dropped.erase(std::unique(out.dropped.begin(), out.dropped.end()), out.dropped.end());
  return out;
}

}  // namespace ggp::gdl
