#include "agent/runner/kif_style.h"

#include <cctype>

namespace ggp::agent::runner {
namespace {

void AppendSpaced(const kif::Term& t, const kif::SymbolTable& symbols, std::string* out) {
  if (!t.is_compound) {
    out->append(symbols.Name(t.symbol));
    return;
  }
  out->append("( ").append(symbols.Name(t.symbol)).push_back(' ');
  for (const kif::Term& a : t.args) {
    AppendSpaced(a, symbols, out);
    out->push_back(' ');
  }
  out->push_back(')');
}

void AppendSpaced(const kif::SExpr& e, std::string* out) {
  if (e.is_atom()) {
    out->append(e.atom);
    return;
  }
  out->append("( ");
  for (const kif::SExpr& item : e.items) {
    AppendSpaced(item, out);
    out->push_back(' ');
  }
  out->push_back(')');
}

}  // namespace

std::string SpacedKif(const kif::Term& t, const kif::SymbolTable& symbols) {
  std::string out;
  AppendSpaced(t, symbols, &out);
  return out;
}

std::string SpacedKif(const kif::SExpr& e) {
  std::string out;
  AppendSpaced(e, &out);
  return out;
}

std::string SpacedState(const std::vector<kif::Term>& fluents, const kif::SymbolTable& symbols) {
  std::string out = "( ";
  for (const kif::Term& f : fluents) {
    AppendSpaced(f, symbols, &out);
    out.push_back(' ');
  }
  out.push_back(')');
  return out;
}

std::string UpperCase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace ggp::agent::runner
