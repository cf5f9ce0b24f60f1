// Evaluation of the naive model (naive_model.h); the rules are prepared in naive_rules.cc.

#include "tests/generated/naive_model.h"

namespace ggp::testing {
namespace {

using Kind = gdl::Literal::Kind;

bool Holds(const gdl::Literal& filter, const NaiveBindings& b, const AtomSet& against) {
  const bool negated = filter.kind == Kind::kNot;
  const gdl::Literal& inner = negated ? filter.children[0] : filter;
  if (inner.kind == Kind::kDistinct) {
    const kif::Term x = Substitute(inner.term.args[0], b);
    const kif::Term y = Substitute(inner.term.args[1], b);
    if (!x.is_ground() || !y.is_ground()) return false;  // unsafe: never holds
    return (x == y) == negated;
  }
  // (not sentence): no instance of it in `against`.
  const kif::Term s = Substitute(inner.term, b);
  if (s.is_ground()) return !against.Contains(s);
  for (const kif::Term& atom : against.Of(s.symbol, s.arity())) {
    NaiveBindings scratch;
    if (Unify(s, atom, &scratch)) return false;
  }
  return true;
}

void Join(const NaiveRule& rule, size_t i, NaiveBindings& b, const AtomSet& model,
          const AtomSet& against, std::vector<kif::Term>* heads) {
  for (size_t f : rule.filters_after[i]) {
    if (!Holds(rule.filters[f], b, against)) return;
  }
  if (i == rule.positives.size()) {
    kif::Term head = Substitute(rule.head, b);
    if (head.is_ground()) heads->push_back(std::move(head));
    return;
  }
  const kif::Term& p = rule.positives[i];
  for (const kif::Term& atom : model.Of(p.symbol, p.arity())) {
    const size_t mark = b.size();
    const bool match = Unify(p, atom, &b);
    if (match) Join(rule, i + 1, b, model, against, heads);
    b.resize(mark);
    if (match && rule.existential[i]) return;
  }
}

// Adds to `model` everything `rules` derive from it, negations read against `against`
// (which may be `model` itself when they read only lower components). A rule runs again
// only when a relation it joins has grown since its last run.
bool Close(const std::vector<NaiveRule>& rules, const AtomSet& against, size_t max_atoms,
           AtomSet* model) {
  std::vector<kif::Term> heads;
  std::vector<std::vector<size_t>> seen(rules.size());
  std::vector<char> ran(rules.size(), 0);
  std::vector<size_t> now;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < rules.size(); ++r) {
      const NaiveRule& rule = rules[r];
      now.clear();
      for (const kif::Term& p : rule.positives)
        now.push_back(model->Of(p.symbol, p.arity()).size());
      if (ran[r] && now == seen[r]) continue;
      ran[r] = 1;
      seen[r] = now;
      heads.clear();
      NaiveBindings b;
      Join(rule, 0, b, *model, against, &heads);
      for (const kif::Term& h : heads) changed |= model->Add(h);
      if (model->size() > max_atoms) return false;
    }
  }
  return true;
}

}  // namespace

bool AtomSet::Add(const kif::Term& atom) {
  if ((base_ != nullptr && base_->Contains(atom)) || !set_.insert(atom).second) return false;
  by_relation_[Key(atom.symbol, atom.arity())].push_back(atom);
  return true;
}

const std::vector<kif::Term>& AtomSet::Of(kif::SymbolId relation, size_t arity) const {
  static const std::vector<kif::Term> kNone;
  auto it = by_relation_.find(Key(relation, arity));
  if (it != by_relation_.end()) return it->second;
  return base_ != nullptr ? base_->Of(relation, arity) : kNone;
}

bool Unify(const kif::Term& pattern, const kif::Term& ground, NaiveBindings* bindings) {
  if (pattern.is_variable) {
    for (const auto& [var, value] : *bindings) {
      if (var == pattern.symbol) return *value == ground;
    }
    bindings->emplace_back(pattern.symbol, &ground);
    return true;
  }
  if (pattern.symbol != ground.symbol || pattern.is_compound != ground.is_compound ||
      pattern.args.size() != ground.args.size()) {
    return false;
  }
  for (size_t i = 0; i < pattern.args.size(); ++i) {
    if (!Unify(pattern.args[i], ground.args[i], bindings)) return false;
  }
  return true;
}

kif::Term Substitute(const kif::Term& t, const NaiveBindings& b) {
  if (t.is_variable) {
    for (const auto& [var, value] : b) {
      if (var == t.symbol) return *value;
    }
    return t;
  }
  if (t.args.empty()) return t;
  kif::Term out = t;
  for (kif::Term& a : out.args) a = Substitute(a, b);
  return out;
}

bool EvaluateStrata(const std::vector<NaiveStratum>& strata, size_t max_atoms, AtomSet* model) {
  for (const NaiveStratum& s : strata) {
    if (!s.negates_own) {
      if (!Close(s.rules, *model, max_atoms, model)) return false;
      continue;
    }
    // The alternating fixpoint; the lower components in `model` are final.
    AtomSet lower = *model;
    while (true) {
      AtomSet upper = *model;
      AtomSet next = *model;
      if (!Close(s.rules, lower, max_atoms, &upper)) return false;
      if (!Close(s.rules, upper, max_atoms, &next)) return false;
      // K only grows and stays within Γ(K): the same size as either is the same set.
      const bool done = next.size() == lower.size() || next.size() == upper.size();
      lower = std::move(next);
      if (done) break;
    }
    *model = std::move(lower);
  }
  return true;
}

NaiveModel::NaiveModel(const gdl::Description& d, size_t max_atoms) {
  StratifyRules(d, &static_strata_, &dynamic_strata_);
  static_overflow_ = !EvaluateStrata(static_strata_, max_atoms, &static_model_);
}

std::optional<AtomSet> NaiveModel::Compute(const std::vector<kif::Term>& inputs,
                                           size_t max_atoms) const {
  if (static_overflow_) return std::nullopt;
  // Static relations stay in static_model_: dynamic rules never derive them.
  AtomSet model(&static_model_);
  for (const kif::Term& t : inputs) model.Add(t);
  if (!EvaluateStrata(dynamic_strata_, max_atoms, &model)) return std::nullopt;
  return model;
}

}  // namespace ggp::testing
