#pragma once
// Grounding: instantiates a normalised GDL description (gdl::Normalize) into a
// GroundProgram (ground_program.h), using the game's own domains rather than all
// constants:
//   0. fluents that only their frame keeps are read from init (constant_fluents.h), so
//      they are static relations below;
//   1. static relations (not depending on true/does) are computed exactly, stratum by
//      stratum (semi-naive, negation against lower strata; a component whose rules
//      negate its own relations, stratified by arguments only, by the alternating
//      fixpoint), each round's joins ordered by the sizes the facts have reached;
//   2. a relaxed fixpoint over the dynamic rules: `true` ranges over init and every
//      derivable `next`, `does` over every derivable `legal`, dynamic negation is ignored
//      (over-approximating the reachable sentences); static literals are joined and
//      dropped, `distinct` is checked;
//   3. every rule instance found by the fixpoint becomes a ground rule.
// Before all this, derived relations are restricted to the instances their readers ask
// about (demand.h; GroundOptions::demand): the demand relations are joined like static
// ones and appear neither in the emitted bodies nor as rules of their own, so what is
// emitted is the same circuit less the instances nothing reads. Each grounding below
// (the plain one and the rewrite) is restricted this way.
// Recursion and function terms are handled by the fixpoint; an exploding program is
// stopped by the budget (time and estimated bytes), with the reason.
//
// A program that grows past GroundOptions::plain_rule_cap ground rules, or whose joins meet
// more than plain_work_cap candidate facts (counted as the argument indexes alone would
// meet them: the component indexes of fact_store.h make the joins faster, not the
// decisions below different), while the rule that made the most of them can
// be rewritten (local variables, projection.h; variables of the body alone joining several
// literals, decomposition.h), races a rewrite: the whole description with its local
// variables projected and its bodies decomposed is grounded on the side, limited to the
// size the plain grounding has reached (ground rules plus body literals: the gates and
// edges of its circuit before simplification), and to the work it has done or its work
// cap allowed, whichever is more. If the rewrite finishes within that, it replaces the
// plain grounding (stats.projected); if not, the plain one goes on, and races once more
// at twice the count that started the first race, with twice the allowance. A rewrite
// that finishes that second race bigger than the plain run is kept aside and replaces the
// plain run once the plain run is as big (racer4: its rewrite makes 1.17M rules and 2.06M
// literals, its plain run 3.9M rules in 60 s), and is dropped if the plain run finishes
// first. The rewrite shrinks cross products by orders of magnitude (amazons' frame rule,
// racer's speed rule, the sums of guesses in gt_two_thirds_4p and _6p) but can also grow
// a circuit (checkers: 3.5x the edges, half the playouts; checkers-mustjump-torus: 10x
// the components), and the race keeps the plain one there. The decisions depend on counts
// only, never on the clock.
//
// Blocking: runs on the calling thread for at most about the budget's time.
// Thread safety: pure function of its inputs (the symbol table is internally locked).

#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/ground/budget.h"
#include "reasoner/ground/ground_program.h"

namespace ggp::reasoner::ground {

struct GroundResult {
  bool ok = false;
  std::string error;  // when !ok: why ("unsafe rule at line 12 ...", "exceeded ...")
  GroundProgram program;
};

// Past 1M rules a plain grounding is several seconds old, and a 10 s start clock leaves the
// whole build about 5 s. Racing at 3M, brawl, knightazons, the skirmish variants,
// gt_attrition, gt_two_thirds_4p/6p and blockerParallel took 4-13 s (the prover played
// most of them at such clocks); at 1M they take 0.3-0.6x that. Where the rewrite wins earlier it
// can play slower than the plain circuit would have (skirmish variants 0.86-0.94x, brawl
// 1.18x), which at long clocks costs far less than the prover costs at short ones.
inline constexpr size_t kPlainRuleCap = size_t{1} << 20;

// About 10-20 s of joins on today's machines. Lower caps made the rewrite win the race
// on games that ground plainly in a few seconds (hex, golden_rectangle) with slower
// playouts (0.8x, 0.6x), so the work cap is for games the plain grounding cannot finish.
inline constexpr uint64_t kPlainWorkCap = uint64_t{256} << 20;

struct GroundOptions {
  size_t plain_rule_cap = kPlainRuleCap;  // 0: always rewrite
  uint64_t plain_work_cap = kPlainWorkCap;  // candidate facts tried; 0: no cap
  // Relations the caller can do without (sorted; e.g. those legal and next do not need,
  // which the split machine leaves to the prover). A static one of them that passes
  // `deferrable_fact_cap` facts stops the grounding at once, as over budget, with
  // GroundStats::busiest_relation naming it: sudoku's 10-ary exactlyFirst table would
  // otherwise fill the whole budget before failing.
  std::vector<kif::SymbolId> deferrable;
  size_t deferrable_fact_cap = size_t{1} << 22;
  // Restrict derived relations to the instances their readers ask about (demand.h).
  bool demand = true;
};

// `normalized` must come from gdl::Normalize. Charges `budget` (shared with later stages).
GroundResult Ground(const gdl::Description& normalized, Budget& budget,
                    const GroundOptions& options = {});

}  // namespace ggp::reasoner::ground
