#include "reasoner/ground/demand.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>

#include "reasoner/ground/demand_internal.h"
#include "reasoner/ground/projection.h"

namespace ggp::reasoner::ground {
namespace demand_internal {

DemandRewrite Demand::Run() {
  FindCandidates();
  while (Narrow()) {
  }
  DemandRewrite out;
  out.description.symbols = in_.symbols;
  out.description.roles = in_.roles;
  for (auto& [key, positions] : bound_) {
    if (!Restricted(key)) continue;
    const SymbolId name = in_.symbols->InternFresh("ggp_demand_", &next_);
    const auto arity = static_cast<uint32_t>(std::count(positions.begin(), positions.end(), true));
    magic_.emplace(key, name);
    out.filters.emplace_back(name, arity);
    DemandOf of{key.first, key.second, name, {}};
    for (uint32_t p = 0; p < key.second; ++p) {
      if (positions[p]) of.positions.push_back(p);
    }
    out.restricted_relations.push_back(std::move(of));
    ++out.restricted;
  }
  std::set<std::string> seen;
  gdl::Description demand;
  demand.symbols = in_.symbols;
  demand.roles = in_.roles;
  for (const gdl::Rule& r : in_.rules) {
    gdl::Rule copy = r;
    // Last in body order: the grounder's joins take the literals connected to what is
    // bound in body order, so the demand is joined once the body has bound what it
    // can (a lookup), or before a generator the body does not connect (chess's
    // (coordinate ?ignorex)). First, it was joined right after any literal sharing one
    // variable with it: blokbox_simple's corner rule read every demanded placement of
    // a colour per cell of that colour, and its build took 3.6 times as long.
    if (Restricted(KeyOf(r.head))) copy.body.push_back(MagicLiteral(r.head, r.where));
    out.description.rules.push_back(std::move(copy));
    for (gdl::Rule& m : DemandRules(r)) {
      if (seen.insert(gdl::ToString(m, *in_.symbols)).second) {
        demand.rules.push_back(std::move(m));
      }
    }
  }
  // A demand rule only says which heads to make: the variables of its body alone are
  // projected away (projection.h), so it is not joined once per binding of them (the
  // squares other than the capture one, in chess). The auxiliary relations are filters
  // too.
  out.filters.insert(out.filters.end(), supplementary_.begin(), supplementary_.end());
  const size_t own = demand.rules.size();
  gdl::Description projected = ProjectLocalVariables(demand);
  out.demand_rules = projected.rules.size();
  for (size_t i = own; i < projected.rules.size(); ++i) {
    out.filters.push_back(KeyOf(projected.rules[i].head));
  }
  std::sort(out.filters.begin(), out.filters.end());
  out.filters.erase(std::unique(out.filters.begin(), out.filters.end()), out.filters.end());
  for (gdl::Rule& m : projected.rules) out.description.rules.push_back(std::move(m));
  return out;
}

void Demand::FindCandidates() {
  std::set<Key> dynamic = {{kif::kTrue, 1}, {kif::kDoes, 2}};
  for (bool grew = true; grew;) {
    grew = false;
    for (const gdl::Rule& r : in_.rules) {
      if (dynamic.count(KeyOf(r.head)) > 0) continue;
      bool reads_dynamic = false;
      for (const Literal& l : r.body) {
        ForEachSentence(l, [&](const Term& s) { reads_dynamic |= dynamic.count(KeyOf(s)) > 0; });
      }
      if (reads_dynamic) grew = dynamic.insert(KeyOf(r.head)).second || grew;
    }
  }
  std::set<Key> excluded;
  for (const gdl::Rule& r : in_.rules) {
    for (const Literal& l : r.body) {
      if (l.kind == Literal::Kind::kSentence || IsNegatedSentence(l)) continue;
      ForEachSentence(l, [&](const Term& s) { excluded.insert(KeyOf(s)); });
    }
  }
  for (const gdl::Rule& r : in_.rules) {
    const Key k = KeyOf(r.head);
    if (k.first < kif::kNumKeywords || k.second == 0 || dynamic.count(k) == 0 ||
        excluded.count(k) > 0) {
      continue;
    }
    bound_.emplace(k, std::vector<bool>(k.second, true));
  }
}

bool Demand::Narrow() {
  bool changed = false;
  for (const gdl::Rule& r : in_.rules) {
    std::unordered_set<SymbolId> vars = HeadBound(r.head);
    for (const Literal* l : Positives(r)) {
      if (Candidate(l->term)) changed |= NarrowAt(l->term, vars);
      AddVariables(l->term, &vars);
    }
    for (const Literal& l : r.body) {
      if (IsNegatedSentence(l) && Candidate(l.children[0].term)) {
        changed |= NarrowAt(l.children[0].term, vars);
      }
    }
  }
  return changed;
}

Literal Demand::MagicLiteral(const Term& s, const kif::Position& where) const {
  const std::vector<bool>& b = bound_.at(KeyOf(s));
  std::vector<Term> args;
  for (size_t p = 0; p < b.size(); ++p) {
    if (b[p]) args.push_back(s.args[p]);
  }
  Literal l;
  l.kind = Literal::Kind::kSentence;
  l.term = Term::Compound(magic_.at(KeyOf(s)), std::move(args));
  l.where = where;
  return l;
}

}  // namespace demand_internal

DemandRewrite RestrictToDemand(const gdl::Description& normalized) {
  return demand_internal::Demand(normalized).Run();
}

}  // namespace ggp::reasoner::ground
