#pragma once
// Grounding: instantiates a normalised GDL description (gdl::Normalize) into a
// GroundProgram (ground_program.h), using the game's own domains rather than all
// constants:
//   1. static relations (not depending on true/does) are computed exactly, stratum by
//      stratum (semi-naive, negation against lower strata; a component whose rules
//      negate its own relations, stratified by arguments only, by the alternating
//      fixpoint);
//   2. a relaxed fixpoint over the dynamic rules: `true` ranges over init and every
//      derivable `next`, `does` over every derivable `legal`, dynamic negation is ignored
//      (over-approximating the reachable sentences); static literals are joined and
//      dropped, `distinct` is checked;
//   3. every rule instance found by the fixpoint becomes a ground rule.
// Recursion and function terms are handled by the fixpoint; an exploding program is
// stopped by the budget (time and estimated bytes), with the reason.
//
// Blocking: runs on the calling thread for at most about the budget's time.
// Thread safety: pure function of its inputs (the symbol table is internally locked).

#include <string>

#include "reasoner/gdl/description.h"
#include "reasoner/ground/budget.h"
#include "reasoner/ground/ground_program.h"

namespace ggp::reasoner::ground {

struct GroundResult {
  bool ok = false;
  std::string error;  // when !ok: why ("unsafe rule at line 12 ...", "exceeded ...")
  GroundProgram program;
};

// `normalized` must come from gdl::Normalize. Charges `budget` (shared with later stages).
GroundResult Ground(const gdl::Description& normalized, Budget& budget);

}  // namespace ggp::reasoner::ground
