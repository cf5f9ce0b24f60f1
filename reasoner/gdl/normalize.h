#pragma once
// Normalisation of a description into the form every back end consumes:
//  - `or` is expanded: a rule whose body holds (or a b) becomes one rule per alternative
//    (nested `or`s and (not (or a b)) = (not a) (not b) included);
//  - literals are reordered so that every `distinct` and `not` comes right after the
//    positive literals that bind its variables (protocol §3.6 pitfall 6); positive
//    literals keep their relative order; literals whose variables are never bound by a
//    positive literal (unsafe rules) go last;
//  - old-style `base` facts: if any `base` sentence has arity other than 1, every
//    `base` rule is dropped (§3.6 pitfall 9), since back ends read `base` as a catalogue;
//  - duplicate rules are removed.
// The result describes the same game. It may still be unsafe or unstratified: run
// validation (validate.h) to know.
//
// Expanding `or` multiplies a rule's bodies, so a few hundred bytes of hostile rules could
// ask for billions of rules: Normalize throws std::length_error, before building anything,
// when the expansion would add more than kMaxExtraRules rules (real games add a handful).
//
// Thread safety: pure function of its input.

#include <cstddef>

#include "reasoner/gdl/description.h"

namespace ggp::gdl {

inline constexpr size_t kMaxExtraRules = size_t{1} << 16;

Description Normalize(const Description& in);

// Variables of a term, appended to `out` in first-occurrence order without duplicates.
void CollectVariables(const kif::Term& t, std::vector<kif::SymbolId>* out);
// Variables of a literal (for `not` and `or`, of everything inside).
void CollectVariables(const Literal& l, std::vector<kif::SymbolId>* out);

}  // namespace ggp::gdl
