#pragma once
// How the local match runner prints KIF: ggp-base's spaced style for match records and
// ggp-base-style messages, Dresden's packed upper-case style for `--uppercase` matches.
//
//   spaced:  ( take 2 )   ( ( pile 3 ) ( control first ) )   ( f )   noop
//   packed:  (take 2)     ((pile 3) (control first))          (f)     noop
//
// ggp-base prints a function term as "( " name " " arg " " ... ")", so a compound with no
// arguments prints "( f )"; a state is "( " followed by each fluent and a space, then ")",
// so the empty state is "( )". Thread safety: pure functions.

#include <string>
#include <string_view>
#include <vector>

#include "reasoner/kif/sexpr.h"
#include "reasoner/kif/symbol_table.h"
#include "reasoner/kif/term.h"

namespace ggp::agent::runner {

// A term in ggp-base's spaced style.
std::string SpacedKif(const kif::Term& t, const kif::SymbolTable& symbols);
// An S-expression in ggp-base's spaced style.
std::string SpacedKif(const kif::SExpr& e);
// A state (its fluents, without `true`) as ggp-base's Match.toJSON renders it.
std::string SpacedState(const std::vector<kif::Term>& fluents, const kif::SymbolTable& symbols);

// `text` with every ASCII letter upper-cased (Dresden sends rules and moves this way;
// variables stay variables, keywords fold case anyway).
std::string UpperCase(std::string_view text);

}  // namespace ggp::agent::runner
