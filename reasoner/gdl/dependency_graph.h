#pragma once
// The relation dependency graph of a description: one node per relation name, an edge
// head -> r for every sentence literal with relation r in the body of a rule for head
// (inside `or` and `not` too; `distinct` adds none). An edge is negative when the literal
// sits under a `not`. Strongly connected components give strata and recursion.
//
// Nodes are relation symbols (kif::SymbolId); a name used with several arities is one node.
// Every edge remembers the rule it comes from and the literal's position, so callers can
// print a dependency chain with lines.
//
// Thread safety: immutable after construction; const methods may be called concurrently.

#include <cstddef>
#include <vector>

#include "reasoner/gdl/description.h"

namespace ggp::gdl {

struct DependencyEdge {
  kif::SymbolId from = -1;  // the head's relation
  kif::SymbolId to = -1;    // the body literal's relation
  bool negative = false;    // under a `not`
  size_t rule = 0;          // index into Description::rules
  kif::Position where;      // the body literal
};

class DependencyGraph {
 public:
  explicit DependencyGraph(const Description& d);

  const std::vector<DependencyEdge>& edges() const { return edges_; }
  // Indices into edges() of the edges leaving `relation` (empty for unknown symbols).
  const std::vector<size_t>& OutEdges(kif::SymbolId relation) const;
  // The strongly connected component of `relation` (-1 if it is not a node). Relations on
  // a common cycle share a component.
  int Component(kif::SymbolId relation) const;
  // True if the component lies on a cycle (more than one relation, or a self edge).
  bool IsRecursive(int component) const;
  // A shortest chain of edges leading from `from` to `to` (indices into edges()); if
  // `same_component`, only edges inside from's component are used. Empty if none (or if
  // from == to: a path has at least one edge only when from != to).
  std::vector<size_t> Path(kif::SymbolId from, kif::SymbolId to, bool same_component) const;

 private:
  int Node(kif::SymbolId s) const;
  int AddNode(kif::SymbolId s);
  void ComputeComponents();

  std::vector<int> node_of_;              // symbol id -> node index, -1 if absent
  std::vector<kif::SymbolId> symbol_of_;  // node index -> symbol id
  std::vector<std::vector<size_t>> out_;  // node index -> edge indices
  std::vector<int> component_;            // node index -> component
  std::vector<bool> recursive_;           // component -> lies on a cycle
  std::vector<DependencyEdge> edges_;
};

}  // namespace ggp::gdl
