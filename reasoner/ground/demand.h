#pragma once
// Demand restriction ("magic sets"), a rewrite of normalised rules that keeps the game and
// shrinks its grounding where a derived relation has far more instances than its readers
// ever ask about. chess's
//
//   (<= (threatened_with_capture ?owner ?cx ?cy ?x ?y ?ignorex ?ignorey) ...
//       (coordinate ?ignorex) (coordinate ?ignorey))
//
// has 2 x 64^3 x 64 possible heads, but legal only asks whether the king's square is
// attacked after one of the moves it is checking: every argument is bound where it is read.
// For such a relation R the rewrite adds a relation magic_R over the argument positions
// its readers always bind, what each reader asks, and a last literal (magic_R ...) to
// each rule of R. For
//
//   (<= (legal ?p (move ?pc ?u ?v ?x ?y)) (true (control ?p)) ... (true (cell ?kx ?ky ?k))
//       (not (threatened_with_capture ?p ?x ?y ?kx ?ky ?u ?v)))
// the demand is (ggp_demand_0 ?p ?x ?y ?kx ?ky ?u ?v) for every instance of the reader's
// body, and R's rules end with (ggp_demand_0 ?owner ?cx ?cy ?x ?y ?ignorex ?ignorey). A
// positive reader's demand is a rule over the literals before it:
//   (<= (p ?x) (q ?x ?y) (r ?y))  adds  (<= (demand_r ?y) (q ?x ?y))
// and where a reader has more than one restricted literal, the prefix before each is
// carried forward as a supplementary relation over the variables still read after it
// (a chain of jumps, (j ?b ?x) (j ?x ?y) (j ?y ?e): (sup_2 ?y) from (sup_1 ?x) and
// (j ?x ?y)), so no prefix is joined twice. Supplementary relations are filters too.
//
// What a reader asks is read sideways, left to right over its body: the literal at i is
// asked about the bindings of the reader's own demand (when the reader is restricted
// itself) and of the positive literals before it (a negative literal: of all of them). A
// position is bound if it is bound at every reader; a relation none of whose positions is
// bound is not restricted. Over the relaxed model the grounder computes (negation
// ignored) this is the magic-sets transformation of deductive databases, which keeps
// every instance of R that a reader's instance reads, with all of that instance's rules.
//
// The demand relations are filters: the grounder joins them like static relations and
// neither keeps them in the bodies it emits nor emits their rules (Grounder, is_filter),
// so the circuit has the same gates for every instance that remains.
//
// Restricted: relations that depend on true or does, other than the GDL keywords, with
// arity at least 1, never read inside an `or`. Names are fresh symbols of the table.
//
// Thread safety: pure function of its input; interns symbols (the table is locked).

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "reasoner/gdl/description.h"

namespace ggp::reasoner::ground {

// A restricted relation and its demand relation: (demand a_i ...) over the arguments of
// `positions`.
struct DemandOf {
  kif::SymbolId relation = -1;
  uint32_t arity = 0;
  kif::SymbolId demand = -1;
  std::vector<uint32_t> positions;
};

struct DemandRewrite {
  gdl::Description description;
  // The demand relations (symbol, arity), sorted: filters for the grounder.
  std::vector<std::pair<kif::SymbolId, uint32_t>> filters;
  // Per restricted relation. A negated literal asks about the very instance its reader
  // builds once every variable is bound, so it has no demand rule: the grounder adds the
  // demand fact itself whenever a join reaches such a literal (which spares joining the
  // reader's body once more per negated literal, as a rule would).
  std::vector<DemandOf> restricted_relations;
  size_t restricted = 0;    // relations restricted
  size_t demand_rules = 0;  // rules defining the demand relations
};

DemandRewrite RestrictToDemand(const gdl::Description& normalized);

}  // namespace ggp::reasoner::ground
