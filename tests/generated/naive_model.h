#pragma once
// A third opinion for the generated-game suite: the model of a description computed the
// plainest way, so that it can be trusted where the prover and the propnet agree with each
// other but not with GDL (both compute static relations, for one).
//
// It works on the rules as parsed (no normalisation, no grounding, no compiled patterns):
// `or` and double negation are expanded here; each body joins its positive literals in
// the order written, over kif::Terms, and checks each `not`/`distinct` once the variables
// it reads are bound (a literal whose new variables nothing later reads is only checked
// for one match). Relations are taken one strongly connected component of the relation
// graph at a time, lower components first, each closed under its rules by naive
// iteration. A component whose rules negate its own relations (stratified by arguments
// only) gets the alternating fixpoint: Γ(I) is its closure with those negations read
// against I; from K = {} it repeats K = Γ(Γ(K)) until K stops growing (the well-founded
// model, which for rules stratified by their arguments is their meaning). Relations that
// depend on neither `true` nor `does` are computed once, at construction; the rest for
// every query.
//
// Thread safety: immutable after construction; Compute may run concurrently.

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "reasoner/gdl/description.h"

namespace ggp::testing {

// A set of ground sentences, listed per relation (name and arity), on top of an optional
// `base` set (not owned, must outlive it) whose relations it does not add to.
class AtomSet {
 public:
  explicit AtomSet(const AtomSet* base = nullptr) : base_(base) {}
  bool Add(const kif::Term& atom);  // false if present
  bool Contains(const kif::Term& atom) const {
    return set_.count(atom) > 0 || (base_ != nullptr && base_->Contains(atom));
  }
  const std::vector<kif::Term>& Of(kif::SymbolId relation, size_t arity) const;
  size_t size() const { return set_.size() + (base_ != nullptr ? base_->size() : 0); }

 private:
  static uint64_t Key(kif::SymbolId relation, size_t arity) {
    return static_cast<uint64_t>(static_cast<uint32_t>(relation)) << 32 | arity;
  }
  const AtomSet* base_;
  std::unordered_set<kif::Term, kif::TermHash> set_;
  std::unordered_map<uint64_t, std::vector<kif::Term>> by_relation_;
};

// One rule with an or-free body: sentences to join and filters (negations, distinct).
struct NaiveRule {
  kif::Term head;
  std::vector<kif::Term> positives;
  std::vector<gdl::Literal> filters;
  std::vector<std::vector<size_t>> filters_after;  // [i]: checked once i positives are joined
  std::vector<char> existential;                   // [i]: nothing later reads what positive i binds
};

// The rules of one component of the relation graph.
struct NaiveStratum {
  std::vector<NaiveRule> rules;
  bool negates_own = false;  // some rule negates a relation of the component
};

class NaiveModel {
 public:
  // Computes the static relations (at most `max_atoms` sentences).
  NaiveModel(const gdl::Description& d, size_t max_atoms);

  // Every sentence that holds given `inputs` (ground (true f) and (does r m) sentences),
  // the inputs included; nullopt if the model grows past `max_atoms`.
  std::optional<AtomSet> Compute(const std::vector<kif::Term>& inputs, size_t max_atoms) const;

 private:
  std::vector<NaiveStratum> static_strata_, dynamic_strata_;  // lower components first
  AtomSet static_model_;
  bool static_overflow_ = false;
};

// naive_model.cc: closes `model` under the strata, in order.
bool EvaluateStrata(const std::vector<NaiveStratum>& strata, size_t max_atoms, AtomSet* model);
// naive_rules.cc: the description's rules, or-free, as components in dependency order,
// split into those that depend on neither true nor does and the others.
void StratifyRules(const gdl::Description& d, std::vector<NaiveStratum>* static_strata,
                   std::vector<NaiveStratum>* dynamic_strata);

// Matching a pattern against a ground term; bindings point into the ground terms, which
// must outlive them.
using NaiveBindings = std::vector<std::pair<kif::SymbolId, const kif::Term*>>;
bool Unify(const kif::Term& pattern, const kif::Term& ground, NaiveBindings* bindings);
kif::Term Substitute(const kif::Term& t, const NaiveBindings& b);

}  // namespace ggp::testing
