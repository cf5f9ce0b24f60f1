#pragma once
// Body decomposition, a rewrite of normalised rules that keeps the game and shrinks its
// grounding where a rule joins several literals through variables its head does not
// carry. Variable by variable (bucket elimination), the literals that mention a variable
// of the body alone are moved into a rule of their own whose head keeps only the variables
// the rest of the rule still needs:
//
//   (<= (total ?t) (true (guess a ?x)) (true (guess b ?y)) (sum ?x ?y ?s)
//                  (true (guess c ?z)) (sum ?s ?z ?t))
// becomes, eliminating ?x, then ?y, then ?s,
//   (<= (total ?t) (ggp_decomposition_2 ?z ?t) (true (guess c ?z)))
//   (<= (ggp_decomposition_0 ?y ?s) (true (guess a ?x)) (sum ?x ?y ?s))
//   (<= (ggp_decomposition_1 ?s) (ggp_decomposition_0 ?y ?s) (true (guess b ?y)))
//   (<= (ggp_decomposition_2 ?z ?t) (ggp_decomposition_1 ?s) (sum ?s ?z ?t))
//
// so no rule is instantiated as the k-way cross product of its body: each instance binds
// at most the variables of one step. The variable eliminated next is the one whose step
// keeps the fewest variables (ties: the smaller step, then the first variable met). A
// `not` or `distinct` literal goes with the step of any of its variables, together with a
// positive literal for each of its variables, so every rule stays safe. A step that would
// take the whole body is not made. Auxiliary rules are decomposed the same way; steps
// equal up to variable names share one relation. Names are fresh symbols of the table.
//
// A literal that mentions a body-only variable by itself is the special case of
// projection.h; this rewrite subsumes it.
//
// Thread safety: pure function of its input; interns symbols (the table is locked).

#include <cstddef>

#include "reasoner/gdl/description.h"

namespace ggp::reasoner::ground {

struct DecompositionStats {
  size_t rules = 0;      // game rules rewritten
  size_t relations = 0;  // auxiliary relations (and rules) added
};

gdl::Description DecomposeBodies(const gdl::Description& normalized,
                                 DecompositionStats* stats = nullptr);

// True if DecomposeBodies would rewrite `rule`.
bool HasDecomposableBody(const gdl::Rule& rule);

}  // namespace ggp::reasoner::ground
