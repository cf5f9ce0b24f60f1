#pragma once
// Compiled argument patterns of non-ground rule literals, and the two operations the
// grounder needs on them: matching a pattern against a ground term (binding variables)
// and building the ground term a pattern denotes under a binding.
//
// Variables of a rule are numbered 0..n-1; a binding is an array of n TermIds where
// kNoTerm means unbound. Matching records newly bound variables on a trail so the caller
// can undo them.
//
// Thread safety: patterns are plain data; the functions only read the store except
// Build, which interns.

#include <vector>

#include "reasoner/ground/term_store.h"
#include "reasoner/kif/term.h"

namespace ggp::reasoner::ground {

struct Pattern {
  enum class Kind : unsigned char { kConst, kVar, kFunc };
  Kind kind = Kind::kConst;
  TermId constant = kNoTerm;   // kConst: the ground term
  int var = -1;                // kVar: variable number
  kif::SymbolId functor = -1;  // kFunc: function symbol (non-ground function term)
  std::vector<Pattern> args;   // kFunc
};

// Compiles `t`; ground sub-terms become constants. Variables are numbered by their
// position in `*vars` (appended when new).
Pattern CompilePattern(const kif::Term& t, TermStore& store, std::vector<kif::SymbolId>* vars);

// Appends the variables of `p` to `out` (duplicates allowed).
void PatternVariables(const Pattern& p, std::vector<int>* out);

// Matches `p` against ground term `t`. On success returns true with new bindings pushed
// on `trail`; on failure the bindings made so far are also on the trail (undo them).
bool Match(const Pattern& p, TermId t, const TermStore& store, TermId* bindings,
           std::vector<int>* trail);

// The ground term of `p` under `bindings`, interned. kNoTerm if a variable is unbound.
TermId Build(const Pattern& p, const TermId* bindings, TermStore& store);

// Like Build but without inserting: kNoTerm if a variable is unbound, kAbsentTerm if the
// term does not exist in the store (so no fact can contain it).
inline constexpr TermId kAbsentTerm = 0xFFFFFFFEu;
TermId Lookup(const Pattern& p, const TermId* bindings, const TermStore& store);

// Undoes bindings back to trail size `mark`.
inline void Undo(std::vector<int>* trail, size_t mark, TermId* bindings) {
  while (trail->size() > mark) {
    bindings[trail->back()] = kNoTerm;
    trail->pop_back();
  }
}

}  // namespace ggp::reasoner::ground
