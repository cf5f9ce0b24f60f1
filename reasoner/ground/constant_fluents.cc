#include "reasoner/ground/constant_fluents.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ggp::reasoner::ground {
namespace {

using kif::SymbolId;
using kif::Term;
// A fluent's name, arity and whether it is written as a compound: `(p)` is not `p`.
using Key = std::tuple<SymbolId, size_t, bool>;

Key KeyOf(const Term& fluent) { return {fluent.symbol, fluent.arity(), fluent.is_compound}; }

// True if `rule` is (<= (next (f V1 ... Vn)) (true (f V1 ... Vn))) with distinct Vi.
bool IsFrame(const gdl::Rule& rule) {
  if (rule.body.size() != 1) return false;
  const gdl::Literal& l = rule.body.front();
  if (l.kind != gdl::Literal::Kind::kSentence || l.term.symbol != kif::kTrue ||
      l.term.arity() != 1) {
    return false;
  }
  const Term& head = rule.head.args[0];
  if (!(l.term.args[0] == head)) return false;
  std::set<SymbolId> seen;
  for (const Term& a : head.args) {
    if (!a.is_variable || !seen.insert(a.symbol).second) return false;
  }
  return true;
}

// The constant fluents of `d`: frame-only, by the rules of the header.
std::set<Key> ConstantFluents(const gdl::Description& d) {
  std::map<Key, bool> frame_only;
  for (const gdl::Rule& r : d.rules) {
    if (r.head.symbol != kif::kNext || r.head.arity() != 1) continue;
    const Term& fluent = r.head.args[0];
    if (fluent.is_variable) return {};
    const Key key = KeyOf(fluent);
    const bool frame = IsFrame(r);
    auto [it, added] = frame_only.emplace(key, frame);
    if (!added) it->second = it->second && frame;
  }
  std::set<Key> out;
  for (const auto& [key, only] : frame_only) {
    if (only) out.insert(key);
  }
  return out;
}

class Pinner {
 public:
  Pinner(const gdl::Description& in, const std::set<Key>& constants) : in_(in) {
    int next = 0;
    for (const Key& key : constants) {
      names_.emplace(key, in_.symbols->InternFresh("ggp_constant_", &next));
    }
  }

  gdl::Description Run() {
    gdl::Description out;
    out.symbols = in_.symbols;
    out.roles = in_.roles;
    for (const gdl::Rule& r : in_.rules) {
      gdl::Rule copy = r;
      for (gdl::Literal& l : copy.body) Replace(&l);
      out.rules.push_back(std::move(copy));
    }
    // (<= (ggp_constant_N ?0 ... ?n-1) (init (f ?0 ... ?n-1)))
    for (const auto& [key, name] : names_) {
      const auto& [symbol, arity, compound] = key;
      std::vector<Term> vars;
      for (size_t i = 0; i < arity; ++i) {
        vars.push_back(Term::Variable(in_.symbols->Intern("?ggp_c" + std::to_string(i))));
      }
      const Term fluent = compound ? Term::Compound(symbol, vars) : Term::Atom(symbol);
      gdl::Rule def;
      def.head = arity == 0 ? Term::Atom(name) : Term::Compound(name, vars);
      gdl::Literal init;
      init.term = Term::Compound(kif::kInit, {fluent});
      def.body.push_back(std::move(init));
      out.rules.push_back(std::move(def));
    }
    return out;
  }

 private:
  void Replace(gdl::Literal* l) {
    for (gdl::Literal& c : l->children) Replace(&c);
    if (l->kind != gdl::Literal::Kind::kSentence || l->term.symbol != kif::kTrue ||
        l->term.arity() != 1) {
      return;
    }
    const Term& fluent = l->term.args[0];
    const auto it = names_.find(KeyOf(fluent));
    if (it == names_.end()) return;
    Term pinned =
        fluent.arity() == 0 ? Term::Atom(it->second) : Term::Compound(it->second, fluent.args);
    l->term = std::move(pinned);
  }

  const gdl::Description& in_;
  std::map<Key, SymbolId> names_;
};

}  // namespace

gdl::Description PinConstantFluents(const gdl::Description& normalized, size_t* constants) {
  const std::set<Key> found = ConstantFluents(normalized);
  if (constants != nullptr) *constants = found.size();
  if (found.empty()) return normalized;
  return Pinner(normalized, found).Run();
}

}  // namespace ggp::reasoner::ground
