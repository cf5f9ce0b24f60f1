#include "reasoner/kif/term.h"

namespace ggp::kif {

bool Term::is_ground() const {
  if (is_variable) return false;
  for (const Term& a : args) {
    if (!a.is_ground()) return false;
  }
  return true;
}

bool operator==(const Term& a, const Term& b) {
  if (a.symbol != b.symbol || a.is_variable != b.is_variable || a.is_compound != b.is_compound ||
      a.args.size() != b.args.size()) {
    return false;
  }
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!(a.args[i] == b.args[i])) return false;
  }
  return true;
}

size_t TermHash::operator()(const Term& t) const {
  size_t h = static_cast<size_t>(t.symbol) * 0x9E3779B97F4A7C15ull;
  h ^= (t.is_variable ? 0x51ull : 0) ^ (t.is_compound ? 0xA3ull : 0);
  for (const Term& a : t.args) {
    h = (h ^ (*this)(a)) * 0x100000001B3ull + 0x7F4A7C15ull;
  }
  return h;
}

bool TermFromSExpr(const SExpr& e, SymbolTable& symbols, Term* out,
                   std::vector<Diagnostic>* errors) {
  if (e.is_atom()) {
    bool var = !e.atom.empty() && e.atom[0] == '?';
    *out = Term{symbols.Intern(e.atom), var, false, {}};
    return true;
  }
  if (e.items.empty()) {
    errors->push_back({e.where, "empty list '()' is not a term"});
    return false;
  }
  const SExpr& head = e.items[0];
  if (!head.is_atom()) {
    errors->push_back({head.where, "the first element of '" + ToString(e) + "' must be a name"});
    return false;
  }
  if (!head.atom.empty() && head.atom[0] == '?') {
    errors->push_back({head.where, "a variable (" + head.atom + ") cannot name a function"});
    return false;
  }
  Term t = Term::Compound(symbols.Intern(head.atom), {});
  t.args.reserve(e.items.size() - 1);
  bool ok = true;
  for (size_t i = 1; i < e.items.size(); ++i) {
    Term a;
    if (TermFromSExpr(e.items[i], symbols, &a, errors)) {
      t.args.push_back(std::move(a));
    } else {
      ok = false;
    }
  }
  *out = std::move(t);
  return ok;
}

bool ParseTerm(std::string_view text, SymbolTable& symbols, Term* out,
               std::vector<Diagnostic>* errors) {
  SExpr e;
  if (!ParseOneSExpr(text, &e, errors)) return false;
  return TermFromSExpr(e, symbols, out, errors);
}

namespace {
void Print(const Term& t, const SymbolTable& symbols, std::string* s) {
  if (!t.is_compound) {
    s->append(symbols.Name(t.symbol));
    return;
  }
  s->push_back('(');
  s->append(symbols.Name(t.symbol));
  for (const Term& a : t.args) {
    s->push_back(' ');
    Print(a, symbols, s);
  }
  s->push_back(')');
}

}  // namespace

std::string ToString(const Term& t, const SymbolTable& symbols) {
  std::string s;
  Print(t, symbols, &s);
  return s;
}

bool EqualsIgnoreCase(const Term& a, const Term& b, const SymbolTable& symbols) {
  if (a.is_variable != b.is_variable || a.is_compound != b.is_compound ||
      a.args.size() != b.args.size()) {
    return false;
  }
  if (a.symbol != b.symbol && !EqualsIgnoreCase(symbols.Name(a.symbol), symbols.Name(b.symbol))) {
    return false;
  }
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!EqualsIgnoreCase(a.args[i], b.args[i], symbols)) return false;
  }
  return true;
}

}  // namespace ggp::kif
