#pragma once
// Relevance: the part of a description that some relations need. A rule is kept when its
// head's relation is one of `roots` or is reached from one through the dependency graph
// (dependency_graph.h: body literals, under `not` and `or` too). Everything else is
// dropped, with the relations it defined.
//
// The machine factory uses it to ground a game without its goals (and, if need be, its
// terminal): keeping role, init, legal, next, base and input keeps every fluent and move,
// so the smaller program numbers the same state as the whole one.
//
// Thread safety: pure function of its input (shares the symbol table, which is locked).

#include <span>
#include <vector>

#include "reasoner/gdl/description.h"

namespace ggp::gdl {

struct RelevantPart {
  Description description;             // the kept rules, in their original order
  std::vector<kif::SymbolId> dropped;  // relations whose rules were all dropped, sorted
  size_t dropped_rules = 0;
};

RelevantPart KeepRelevant(const Description& d, std::span<const kif::SymbolId> roots);

}  // namespace ggp::gdl
