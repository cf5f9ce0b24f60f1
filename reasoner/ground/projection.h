#pragma once
// Projection of local variables, a rewrite of normalised rules that keeps the game and
// shrinks its grounding. A positive literal whose variables include some that occur
// nowhere else in its rule (not in the head, not in any other literal) is replaced by an
// auxiliary relation over its remaining variables, defined by one rule of its own:
//
//   (<= (next (check ?p ?x ?y)) (does ?o (move ?piece ?u ?v ?x1 ?y1)) (threat ?o ?x ?y ?u ?v))
// becomes
//   (<= (next (check ?p ?x ?y)) (ggp_projection_0 ?o ?u ?v) (threat ?o ?x ?y ?u ?v))
//   (<= (ggp_projection_0 ?o ?u ?v) (does ?o (move ?piece ?u ?v ?x1 ?y1)))
//
// so the rule is instantiated once per binding of the variables it shares instead of once
// per binding of all of them (chess: the destination of the move that uncovers a check).
// Literals equal up to variable names share one auxiliary relation. Auxiliary relation
// names are fresh symbols of the description's table that no game rule uses.
//
// Only plain positive literals are projected (never `not`, `distinct` or `or`, which
// Normalize has expanded), and only where at least `min_local` variables are local.
//
// Thread safety: pure function of its input; interns symbols (the table is locked).

#include <cstddef>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"

namespace ggp::reasoner::ground {

struct ProjectionStats {
  size_t literals = 0;   // literals replaced
  size_t relations = 0;  // auxiliary relations (and rules) added
};

gdl::Description ProjectLocalVariables(const gdl::Description& normalized, int min_local = 1,
                                       ProjectionStats* stats = nullptr);

// `t` printed with its variables renamed ?0, ?1, ... in order of first occurrence, the
// numbering continuing `order` (variables met so far, extended): equal for terms equal
// up to variable names. Shared by the rewrites to recognise equal auxiliary relations.
std::string CanonicalKey(const kif::Term& t, const kif::SymbolTable& symbols,
                         std::vector<kif::SymbolId>* order);

// True if ProjectLocalVariables would replace a literal of `rule`.
bool HasLocalVariables(const gdl::Rule& rule, int min_local = 1);

}  // namespace ggp::reasoner::ground
