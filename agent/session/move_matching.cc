#include "agent/session/move_matching.h"

#include <algorithm>

namespace ggp::agent {
namespace {

bool Contains(const std::vector<reasoner::Move>& v, reasoner::Move m) {
  return std::find(v.begin(), v.end(), m) != v.end();
}

}  // namespace

std::optional<kif::Term> FindTerm(const kif::SExpr& e, const kif::SymbolTable& symbols) {
  if (e.is_atom()) {
    auto id = symbols.Find(e.atom);
    if (!id) return std::nullopt;
    bool var = !e.atom.empty() && e.atom[0] == '?';
    return var ? kif::Term::Variable(*id) : kif::Term::Atom(*id);
  }
  if (e.items.empty() || !e.items[0].is_atom()) return std::nullopt;
  auto head = symbols.Find(e.items[0].atom);
  if (!head) return std::nullopt;
  std::vector<kif::Term> args;
  args.reserve(e.items.size() - 1);
  for (size_t i = 1; i < e.items.size(); ++i) {
    auto a = FindTerm(e.items[i], symbols);
    if (!a) return std::nullopt;
    args.push_back(std::move(*a));
  }
  return kif::Term::Compound(*head, std::move(args));
}

bool EqualsIgnoringCase(const kif::Term& t, const kif::SExpr& e, const kif::SymbolTable& symbols) {
  if (!t.is_compound) return e.is_atom() && kif::EqualsIgnoreCase(symbols.Name(t.symbol), e.atom);
  if (!e.is_list() || e.items.size() != t.args.size() + 1 || !e.items[0].is_atom()) return false;
  if (!kif::EqualsIgnoreCase(symbols.Name(t.symbol), e.items[0].atom)) return false;
  for (size_t i = 0; i < t.args.size(); ++i) {
    if (!EqualsIgnoringCase(t.args[i], e.items[i + 1], symbols)) return false;
  }
  return true;
}

MatchedMove MatchMove(const reasoner::StateMachine& machine, int role, const kif::SExpr& e,
                      const std::vector<reasoner::Move>& legal) {
  std::optional<reasoner::Move> named;
  if (auto t = FindTerm(e, machine.symbols()); t && t->is_ground()) {
    named = machine.FindMove(role, *t);
    if (named && Contains(legal, *named)) return {MoveMatch::kExact, *named};
  }
  for (reasoner::Move m : legal) {
    if (EqualsIgnoringCase(machine.MoveTerm(role, m), e, machine.symbols())) {
      return {MoveMatch::kIgnoringCase, m};
    }
  }
  if (named) return {MoveMatch::kKnownButIllegal, *named};
  return {};
}

std::string RenderMove(const reasoner::StateMachine& machine, int role, reasoner::Move m) {
  return kif::ToString(machine.MoveTerm(role, m), machine.symbols());
}

std::string RenderJointMove(const std::vector<kif::SExpr>& moves) {
  if (moves.empty()) return "nil";
  std::string s = "(";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) s.push_back(' ');
    s += kif::ToString(moves[i]);
  }
  s.push_back(')');
  return s;
}

std::string GuessMoveFromRules(const gdl::Description& d, const std::string& role) {
  // Best first: our role spelled exactly (or a variable), our role ignoring case, anyone.
  std::string by_tier[3];
  for (const gdl::Rule& rule : d.rules) {
    const kif::Term& h = rule.head;
    if (h.symbol != kif::kLegal || h.args.size() != 2 || !h.args[1].is_ground()) continue;
    const kif::Term& who = h.args[0];
    int tier = 2;
    if (who.is_variable || d.symbols->Name(who.symbol) == role) {
      tier = 0;
    } else if (!who.is_compound && kif::EqualsIgnoreCase(d.symbols->Name(who.symbol), role)) {
      tier = 1;
    }
    if (by_tier[tier].empty()) by_tier[tier] = kif::ToString(h.args[1], *d.symbols);
    if (tier == 0) break;
  }
  for (const std::string& move : by_tier) {
    if (!move.empty()) return move;
  }
  return "noop";
}

int FindRoleIndex(const std::vector<kif::Term>& roles, const kif::SymbolTable& symbols,
                  const std::string& role) {
  for (size_t i = 0; i < roles.size(); ++i) {
    if (kif::ToString(roles[i], symbols) == role) return static_cast<int>(i);
  }
  for (size_t i = 0; i < roles.size(); ++i) {
    if (kif::EqualsIgnoreCase(kif::ToString(roles[i], symbols), role)) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace ggp::agent
