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
// A program that grows past GroundOptions::plain_rule_cap ground rules while the rule that
// made the most of them has local variables (projection.h) is grounded again from scratch
// with its local variables projected (stats.projected): that shrinks such cross products
// by orders of magnitude (amazons' frame rule), but changes the circuit, which measured both
// faster and slower on games that ground plainly (atariGo_7x7 2.4x, alexChess 0.43x
// playouts), so those keep today's circuit. The decision depends on counts only, never
// on the clock.
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

inline constexpr size_t kPlainRuleCap = size_t{3} << 20;

struct GroundOptions {
  size_t plain_rule_cap = kPlainRuleCap;  // 0: always project
};

// `normalized` must come from gdl::Normalize. Charges `budget` (shared with later stages).
GroundResult Ground(const gdl::Description& normalized, Budget& budget,
                    const GroundOptions& options = {});

}  // namespace ggp::reasoner::ground
