// The rules that fill the demand relations (demand_internal.h): for each reader, the
// join of its own demand and the literals before each restricted literal, the prefix
// carried forward where that drops a variable.

#include <unordered_set>
#include <vector>

#include "reasoner/ground/demand_internal.h"

namespace ggp::reasoner::ground::demand_internal {

std::vector<int> Demand::CoveredAt(const gdl::Rule& r, const std::vector<const Literal*>& positives,
                                   int last) const {
  std::vector<int> covered_at(r.body.size(), -2);
  std::unordered_set<SymbolId> vars = HeadBound(r.head);
  for (int i = -1; i <= last; ++i) {
    if (i >= 0) AddVariables(positives[i]->term, &vars);
    for (size_t j = 0; j < r.body.size(); ++j) {
      const Literal& l = r.body[j];
      if (l.kind == Literal::Kind::kDistinct && covered_at[j] == -2 && Covered(l.term, vars)) {
        covered_at[j] = i;
      }
    }
  }
  return covered_at;
}

void Demand::CarryPrefix(const gdl::Rule& r, const std::vector<const Literal*>& positives, int i,
                         int last, const std::vector<int>& covered_at, Prefix* prefix,
                         std::vector<gdl::Rule>* out) {
  int to_come = 0;
  for (int k = i + 1; k <= last; ++k) to_come += Restricted(KeyOf(positives[k]->term));
  // (One more joins the prefix once however it is written.)
  if (to_come < 2 || prefix->literals.size() + (prefix->reader != nullptr ? 1 : 0) < 2) return;
  std::unordered_set<SymbolId> later;
  for (int k = i + 1; k <= last; ++k) AddVariables(positives[k]->term, &later);
  for (size_t j = 0; j < r.body.size(); ++j) {
    if (covered_at[j] > i) AddVariables(r.body[j].term, &later);
  }
  std::vector<SymbolId> order;
  for (const Literal& p : prefix->literals) gdl::CollectVariables(p.term, &order);
  if (prefix->reader != nullptr) gdl::CollectVariables(prefix->reader->term, &order);
  std::vector<Term> args;
  std::unordered_set<SymbolId> kept;
  for (SymbolId v : order) {
    if (later.count(v) > 0 && kept.insert(v).second) args.push_back(Term::Variable(v));
  }
  if (args.empty() ||
      args.size() == std::unordered_set<SymbolId>(order.begin(), order.end()).size()) {
    return;
  }
  const kif::Position& where = positives[i]->where;
  gdl::Rule sup;
  sup.head = Term::Compound(in_.symbols->InternFresh("ggp_demand_", &next_), args);
  sup.body = prefix->Body();
  sup.where = where;
  supplementary_.push_back(KeyOf(sup.head));
  Literal carried;
  carried.kind = Literal::Kind::kSentence;
  carried.term = sup.head;
  carried.where = where;
  out->push_back(std::move(sup));
  prefix->literals.assign(1, std::move(carried));
  prefix->reader = nullptr;
  prefix->distincts.clear();
}

std::vector<gdl::Rule> Demand::DemandRules(const gdl::Rule& r) {
  std::vector<gdl::Rule> out;
  const std::vector<const Literal*> positives = Positives(r);
  int last = -1;
  for (size_t i = 0; i < positives.size(); ++i) {
    if (Restricted(KeyOf(positives[i]->term))) last = static_cast<int>(i);
  }
  if (last < 0) return out;  // negated literals: by the grounder (restricted_relations)
  const std::vector<int> covered_at = CoveredAt(r, positives, last);
  Prefix prefix;
  Literal reader;
  if (Restricted(KeyOf(r.head))) {
    reader = MagicLiteral(r.head, r.where);
    prefix.reader = &reader;
  }
  auto take_distincts = [&](int step) {
    for (size_t j = 0; j < r.body.size(); ++j) {
      if (covered_at[j] == step) prefix.distincts.push_back(r.body[j]);
    }
  };
  take_distincts(-1);
  for (int i = 0; i <= last; ++i) {
    const Literal& l = *positives[i];
    if (Restricted(KeyOf(l.term))) {
      gdl::Rule m;
      m.head = MagicLiteral(l.term, l.where).term;
      m.body = prefix.Body();
      m.where = l.where;
      out.push_back(std::move(m));
    }
    if (i == last) break;
    prefix.literals.push_back(l);
    take_distincts(i);
    CarryPrefix(r, positives, i, last, covered_at, &prefix, &out);
  }
  return out;
}

}  // namespace ggp::reasoner::ground::demand_internal
