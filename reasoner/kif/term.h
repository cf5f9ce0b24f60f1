#pragma once
// Terms over interned symbols: constants, variables and function terms. This is the
// front-end representation (a tree); back ends compile it into their own flat forms.
//
// GDL distinguishes `f` (a constant) from `(f)` (a function term with no arguments):
// `is_compound` keeps that difference so moves are echoed exactly as the server wrote them.

#include <cstddef>
#include <string>
#include <vector>

#include "reasoner/kif/sexpr.h"
#include "reasoner/kif/symbol_table.h"

namespace ggp::kif {

struct Term {
  SymbolId symbol = -1;      // constant, variable ("?x", spelling includes '?') or functor
  bool is_variable = false;  // atoms whose spelling starts with '?'
  bool is_compound = false;  // "(f ...)", even with zero arguments
  std::vector<Term> args;

  static Term Atom(SymbolId s) { return Term{s, false, false, {}}; }
  static Term Variable(SymbolId s) { return Term{s, true, false, {}}; }
  static Term Compound(SymbolId f, std::vector<Term> a) { return Term{f, false, true, std::move(a)}; }

  bool is_ground() const;
  size_t arity() const { return args.size(); }
  friend bool operator==(const Term& a, const Term& b);
};

// Hash consistent with operator==.
struct TermHash {
  size_t operator()(const Term& t) const;
};

// Converts an S-expression into a term, interning its atoms. Returns false and appends a
// diagnostic for the empty list "()" or a list whose head is not an atom.
bool TermFromSExpr(const SExpr& e, SymbolTable& symbols, Term* out, std::vector<Diagnostic>* errors);

// Parses one term from text (used at the protocol boundary for moves).
bool ParseTerm(std::string_view text, SymbolTable& symbols, Term* out, std::vector<Diagnostic>* errors);

// Canonical print: "(name a b)" with single spaces, atoms with their interned spelling.
std::string ToString(const Term& t, const SymbolTable& symbols);

// Case-insensitive structural equality (Dresden folds case; used as a fallback when
// matching a server's move against our legal moves).
bool EqualsIgnoreCase(const Term& a, const Term& b, const SymbolTable& symbols);

}  // namespace ggp::kif
