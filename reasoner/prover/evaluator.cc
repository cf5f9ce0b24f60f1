#include "reasoner/prover/evaluator.h"

#include <algorithm>

namespace ggp::reasoner::prover {

Evaluator::Evaluator(const Program& program, bool static_mode)
    : program_(program), terms_(program.terms()), static_mode_(static_mode) {
  tables_.reserve(static_cast<size_t>(program.num_relations()));
  memos_.reserve(static_cast<size_t>(program.num_relations()));
  for (int arity : program.relation_arity()) {
    tables_.emplace_back(arity);
    if (static_mode) tables_.back().EnableIndex();
    memos_.emplace_back(arity);
  }
  // The state is complete before any rule reads it: index its fluents by structure.
  if (!static_mode && program.rel_true >= 0) {
    tables_[static_cast<size_t>(program.rel_true)].EnableStructIndex(&terms_);
  }
  computed_.assign(program.components().size(), 0);
}

void Evaluator::Invalidate(bool does_only) {
  const auto& comps = program_.components();
  for (size_t c = 0; c < comps.size(); ++c) {
    const Component& comp = comps[c];
    if (comp.is_static || (does_only && !comp.depends_on_does)) continue;
    if (comp.materialised) {
      if (!computed_[c]) continue;
      computed_[c] = 0;
      for (int r : comp.relations) tables_[static_cast<size_t>(r)].Clear();
    } else {
      for (int r : comp.relations) {
        Memo& m = memos_[static_cast<size_t>(r)];
        m.calls.Clear();
        for (size_t i = 0; i < m.used; ++i) m.answers[i].Clear();
        m.pending.clear();
        m.used = 0;
      }
    }
  }
}

size_t Evaluator::static_calls() const {
  size_t calls = 0;
  for (const Component& comp : program_.components()) {
    if (!comp.is_static || comp.materialised) continue;
    for (int r : comp.relations) calls += memos_[static_cast<size_t>(r)].used;
  }
  return calls;
}

void Evaluator::ForgetStaticCallsPastTheCap() {
  if (static_calls() <= max_static_calls_) return;
  for (const Component& comp : program_.components()) {
    if (!comp.is_static || comp.materialised) continue;
    for (int r : comp.relations) {
      memos_[static_cast<size_t>(r)] = Memo(program_.relation_arity()[static_cast<size_t>(r)]);
    }
  }
}

void Evaluator::SetState(const State& s) {
  Invalidate(/*does_only=*/false);
  ForgetStaticCallsPastTheCap();
  if (program_.rel_true < 0) return;
  FactTable& t = tables_[static_cast<size_t>(program_.rel_true)];
  s.ForEach([&](uint32_t fl) {
    TermId id = program_.FluentTerm(fl);
    t.Insert(std::span<const TermId>(&id, 1));
  });
  computed_[static_cast<size_t>(program_.component_of(program_.rel_true))] = 1;
}

void Evaluator::SetJoint(std::span<const TermId> moves) {
  Invalidate(/*does_only=*/true);
  if (program_.rel_does < 0) return;
  FactTable& t = tables_[static_cast<size_t>(program_.rel_does)];
  for (size_t r = 0; r < moves.size() && r < program_.role_terms.size(); ++r) {
    TermId pair[2] = {program_.role_terms[r], moves[r]};
    t.Insert(pair);
  }
  computed_[static_cast<size_t>(program_.component_of(program_.rel_does))] = 1;
}

const FactTable& Evaluator::Facts(int relation) {
  if (program_.component_of_relation(relation).materialised) {
    EnsureMaterialised(relation);
    return Table(relation);
  }
  std::vector<TermId> free(static_cast<size_t>(program_.relation_arity()[static_cast<size_t>(relation)]),
                           kNoTerm);
  return Call(relation, free);
}

void Evaluator::EvalComponent(int component) {
  const Component& comp = program_.components()[static_cast<size_t>(component)];
  const auto& rules = program_.rules();
  auto run = [&](const CompiledRule& r) {
    return EvalRule(r, {}, &tables_[static_cast<size_t>(r.head)]);
  };
  if (!comp.recursive) {
    for (int r : comp.rules) run(rules[static_cast<size_t>(r)]);
    return;
  }
  for (int r : comp.rules) {
    if (rules[static_cast<size_t>(r)].negates_own_component) {
      EvalNegatingComponent(component);
      return;
    }
  }
  while (!overflowed_) {
    bool changed = false;
    for (int r : comp.rules) changed |= run(rules[static_cast<size_t>(r)]);
    if (!changed) break;
  }
}

void Evaluator::EvalNegatingComponent(int component) {
  const Component& comp = program_.components()[static_cast<size_t>(component)];
  const int saved_component = negation_component_;
  const std::vector<FactTable>* saved_view = negation_view_;
  std::vector<FactTable> lower, upper;  // K and Γ(K)
  for (int r : comp.relations) {
    lower.emplace_back(program_.relation_arity()[static_cast<size_t>(r)]);
  }
  auto total = [](const std::vector<FactTable>& tables) {
    size_t n = 0;
    for (const FactTable& t : tables) n += t.size();
    return n;
  };
  auto snapshot = [&](std::vector<FactTable>* out) {
    out->clear();
    for (int r : comp.relations) out->push_back(tables_[static_cast<size_t>(r)]);
  };
  while (!overflowed_) {
    EvalAgainst(component, lower);
    snapshot(&upper);
    EvalAgainst(component, upper);  // the tables now hold the next K
    const size_t before = total(lower);
    snapshot(&lower);
    // K only grows and stays within Γ(K): the same size as either is the same set.
    if (total(lower) == before || total(lower) == total(upper)) break;
  }
  negation_component_ = saved_component;
  negation_view_ = saved_view;
}

void Evaluator::EvalAgainst(int component, const std::vector<FactTable>& against) {
  const Component& comp = program_.components()[static_cast<size_t>(component)];
  for (int r : comp.relations) tables_[static_cast<size_t>(r)].Clear();
  // Components this one reads are lower: they never read this view (a nested
  // EvalNegatingComponent restores it when done).
  negation_component_ = component;
  negation_view_ = &against;
  while (!overflowed_) {
    bool changed = false;
    for (int r : comp.rules) {
      const CompiledRule& rule = program_.rules()[static_cast<size_t>(r)];
      changed |= EvalRule(rule, {}, &tables_[static_cast<size_t>(rule.head)]);
    }
    if (!changed) break;
  }
}

}  // namespace ggp::reasoner::prover
