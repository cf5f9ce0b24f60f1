#pragma once
// Constant fluents, a rewrite of normalised rules that keeps the game and tightens its
// grounding. A fluent whose only `next` rule is its own frame,
//
//   (<= (next (wall ?x ?y ?d)) (true (wall ?x ?y ?d)))
//
// holds in every state exactly where `init` put it: the board's walls, cells and exits of
// a maze, written as state. The grounder's relaxed fixpoint ignores negated `true`
// literals, so `(not (true (wall ?x ?y north)))` never stops a move at the edge of the
// board there, and positions spread over every number the game counts with
// (mummymaze1p: its steps to 50 on an 8 x 8 board, 1.24M ground rules for the mummy's
// path alone). Each `(true (f ...))` of a constant fluent f, in every rule, its frame
// included, is replaced by `(ggp_constant_N ...)`, a static relation defined by
//
//   (<= (ggp_constant_0 ?0 ?1 ?2) (init (wall ?0 ?1 ?2)))
//
// so its negations are exact and its joins are static. The fluent stays in the state: its
// frame now derives it from the static relation, as true in every state as before.
//
// A fluent counts as constant only if every `next` rule whose head is that fluent is
// exactly its frame (the same distinct variables in the same order) and no `next` rule has
// a variable for its head. Fluents are told apart by name and arity.
//
// Thread safety: pure function of its input; interns symbols (the table is locked).

#include <cstddef>

#include "reasoner/gdl/description.h"

namespace ggp::reasoner::ground {

// `constants` (may be null): how many fluents were found constant.
gdl::Description PinConstantFluents(const gdl::Description& normalized, size_t* constants);

}  // namespace ggp::reasoner::ground
