#pragma once
// The output of grounding: a propositional program equivalent to the game's rules for
// every state reachable from the initial one.
//
//  - Sentences are ground terms of the program's TermStore: `(true (cell 1 1 b))`,
//    `(legal white noop)`, `terminal` (0-ary relations are atoms).
//  - `facts` lists every sentence of a state-dependent ("dynamic") relation that the
//    relaxed model can produce (negation ignored, `true` ranging over what init/next can
//    produce and `does` over what legal can produce); sentences outside it are false in
//    every reachable state.
//  - Static relations (those not depending on true/does) are evaluated away: they do not
//    appear in rule bodies; `init` facts are listed in `init` by their argument.
//  - Each rule says: head holds if all `positive` sentences hold and none of the
//    `negative` ones. Rules are de-duplicated; bodies are sorted.
//
// Ownership: a GroundProgram owns its terms; it shares the symbol table with the
// description it came from. Plain value; not synchronised.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "reasoner/ground/term_store.h"
#include "reasoner/kif/symbol_table.h"
#include "reasoner/kif/term.h"

namespace ggp::reasoner::ground {

struct GroundRule {
  TermId head = kNoTerm;
  uint32_t begin = 0;     // into GroundProgram::body
  uint32_t num_pos = 0;   // body[begin, begin + num_pos) must hold
  uint32_t num_neg = 0;   // body[begin + num_pos, + num_neg) must not hold
};

struct GroundStats {
  size_t terms = 0;
  size_t static_facts = 0;
  size_t dynamic_facts = 0;
  size_t rules = 0;
  size_t body_literals = 0;
  double seconds = 0;
  // Candidate facts the joins tried while making the ground rules (deterministic).
  uint64_t work = 0;
  // Candidate facts tried while computing the static relations (deterministic).
  uint64_t static_work = 0;
  // The plain grounding passed a cap (grounder.h) and this program was grounded again
  // with local variables projected (projection.h) and then bodies decomposed
  // (decomposition.h: how many rules that rewrote); the rules, body literals and work of
  // the plain one when it was replaced (its work as the caps count it, grounder.h).
  bool projected = false;
  size_t decomposed_rules = 0;
  size_t plain_rules = 0;
  size_t plain_body = 0;
  uint64_t plain_work = 0;
  // A rewrite raced this plain program and lost (it needed more than the plain one).
  bool rewrite_lost = false;
  // Relations restricted to the instances their readers ask about (demand.h).
  size_t demand_restricted = 0;
  // Fluents found constant and read from init (constant_fluents.h).
  size_t constant_fluents = 0;
  // When the budget was exceeded: the head relation of the rule that had made the most
  // ground rules (-1: none had made any), so a caller can tell which part did not fit.
  kif::SymbolId busiest_relation = -1;
};

struct GroundProgram {
  std::shared_ptr<kif::SymbolTable> symbols;
  TermStore terms;
  std::vector<kif::Term> roles;  // role order = joint-move order
  std::vector<TermId> role_terms;
  std::vector<TermId> init;      // X for every (init X)
  std::vector<TermId> facts;     // sentences of dynamic relations in the relaxed model
  std::vector<GroundRule> rules;
  std::vector<TermId> body;
  GroundStats stats;

  std::span<const TermId> Positive(const GroundRule& r) const {
    return {body.data() + r.begin, r.num_pos};
  }
  std::span<const TermId> Negative(const GroundRule& r) const {
    return {body.data() + r.begin + r.num_pos, r.num_neg};
  }
};

}  // namespace ggp::reasoner::ground
