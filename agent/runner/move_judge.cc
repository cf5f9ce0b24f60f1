#include "agent/runner/move_judge.h"

#include "agent/runner/kif_style.h"

namespace ggp::agent::runner {
namespace {

bool AtomSpells(const std::string& atom, kif::SymbolId symbol, const kif::SymbolTable& symbols,
                bool ignore_case) {
  if (!atom.empty() && atom[0] == '?') return false;  // a variable is never a move
  std::string_view name = symbols.Name(symbol);
  if (ignore_case || kif::SymbolTable::IsKeyword(symbol)) return kif::EqualsIgnoreCase(atom, name);
  return atom == name;
}

}  // namespace

bool SpellsTerm(const kif::SExpr& e, const kif::Term& t, const kif::SymbolTable& symbols,
                bool ignore_case) {
  if (t.is_variable) return false;
  if (e.is_atom()) return !t.is_compound && AtomSpells(e.atom, t.symbol, symbols, ignore_case);
  if (!t.is_compound || e.items.size() != t.args.size() + 1) return false;
  if (!e.items[0].is_atom() || !AtomSpells(e.items[0].atom, t.symbol, symbols, ignore_case)) {
    return false;
  }
  for (size_t i = 0; i < t.args.size(); ++i) {
    if (!SpellsTerm(e.items[i + 1], t.args[i], symbols, ignore_case)) return false;
  }
  return true;
}

Judgement JudgeReply(const LinkReply& reply, const reasoner::StateMachine& machine, int role,
                     std::span<const reasoner::Move> legal, reasoner::Move fallback,
                     bool ignore_case) {
  Judgement j{fallback, ""};
  if (!reply.error.empty()) {
    j.error = reply.error;
    return j;
  }
  kif::SExpr parsed;
  std::vector<kif::Diagnostic> diagnostics;
  if (reply.body.empty() || !kif::ParseOneSExpr(reply.body, &parsed, &diagnostics) ||
      (parsed.is_list() && (parsed.items.empty() || !parsed.items[0].is_atom()))) {
    j.error = "IL null";
    return j;
  }
  for (reasoner::Move m : legal) {
    if (SpellsTerm(parsed, machine.MoveTerm(role, m), machine.symbols(), ignore_case)) {
      j.move = m;
      return j;
    }
  }
  j.error = "IL " + SpacedKif(parsed);
  return j;
}

}  // namespace ggp::agent::runner
