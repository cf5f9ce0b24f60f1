#include "reasoner/prover/evaluator.h"

#include <algorithm>

namespace ggp::reasoner::prover {

using PKind = Pattern::Kind;
using LKind = BodyLiteral::Kind;

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

const FactTable& Evaluator::Table(int relation) const {
  if (!static_mode_ && program_.component_of_relation(relation).is_static) {
    return program_.static_facts(relation);
  }
  return tables_[static_cast<size_t>(relation)];
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

void Evaluator::EnsureMaterialised(int relation) {
  int c = program_.component_of(relation);
  if (computed_[static_cast<size_t>(c)]) return;
  if (!static_mode_ && program_.components()[static_cast<size_t>(c)].is_static) return;
  computed_[static_cast<size_t>(c)] = 1;  // set first: rules of the component read it
  EvalComponent(c);
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

Evaluator::Frame& Evaluator::PushFrame(int num_variables) {
  if (depth_ == frames_.size()) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.bindings.assign(static_cast<size_t>(num_variables), kNoTerm);
  f.trail.clear();
  return f;
}

bool Evaluator::EvalRule(const CompiledRule& rule, std::span<const TermId> call, FactTable* out) {
  Frame& f = PushFrame(rule.num_variables);
  bool saved = changed_;
  changed_ = false;
  bool unifies = true;
  for (size_t k = 0; k < call.size() && unifies; ++k) {
    if (call[k] != kNoTerm) unifies = Match(rule.head_args[k], call[k], f);
  }
  if (unifies) Join(rule, 0, f, out);
  bool changed = changed_;
  changed_ = saved || changed;
  PopFrame();
  return changed;
}

const FactTable& Evaluator::Call(int relation, std::span<const TermId> pattern) {
  const int c = program_.component_of(relation);
  const bool tabled = program_.components()[static_cast<size_t>(c)].recursive;
  if (tabled && depth_ > kMaxNesting) {
    free_pattern_.assign(pattern.size(), kNoTerm);
    pattern = free_pattern_;
  }
  Memo& m = memos_[static_cast<size_t>(relation)];
  // Slots follow the insertion order of the calls table.
  long known = m.calls.IndexOf(pattern);
  if (known >= 0) {
    const int32_t pending = m.pending[static_cast<size_t>(known)];
    if (pending >= 0 && current_ >= 0) {
      // A call still being evaluated: a cycle. Its partial answers are what we have; the
      // reader joins its SCC (only calls of the same component can be pending here).
      Pending& reader = stack_[static_cast<size_t>(current_)];
      reader.low = std::min(reader.low, static_cast<size_t>(pending));
      reader.read_pending = true;
    }
    return m.answers[static_cast<size_t>(known)];
  }
  m.calls.Insert(pattern);
  const size_t slot = m.calls.size() - 1;
  if (m.answers.size() <= slot) {
    m.answers.emplace_back(program_.relation_arity()[static_cast<size_t>(relation)]);
  }
  m.pending.push_back(-1);
  m.used = slot + 1;
  FactTable* out = &m.answers[slot];
  // The pattern may live in scratch that nested calls reuse: copy it (on the stack when
  // short, as nearly every call is).
  TermId small[16];
  std::vector<TermId> big;
  TermId* copy = small;
  if (pattern.size() > 16) {
    big.resize(pattern.size());
    copy = big.data();
  }
  std::copy(pattern.begin(), pattern.end(), copy);
  const std::span<const TermId> call(copy, pattern.size());
  if (!tabled) {
    RunRules(relation, call, out);
    m.pending[slot] = out->empty() ? kFinalEmpty : kFinalAnswered;
    return *out;
  }
  const size_t index = stack_.size();
  stack_.push_back({relation, slot, index, false});
  m.pending[slot] = static_cast<int32_t>(index);
  const int caller = current_;
  current_ = static_cast<int>(index);
  RunRules(relation, call, out);
  Complete(index);
  current_ = caller;
  if (stack_.size() > index && caller >= 0) {
    // Still pending: part of an older call's SCC, which the caller now belongs to.
    Pending& up = stack_[static_cast<size_t>(caller)];
    up.low = std::min(up.low, stack_[index].low);
  }
  return *out;
}

bool Evaluator::Holds(int relation, std::span<const TermId> pattern) {
  Memo& m = memos_[static_cast<size_t>(relation)];
  if (const long known = m.calls.IndexOf(pattern); known >= 0) {
    const int32_t status = m.pending[static_cast<size_t>(known)];
    if (status == kFinalEmpty) return false;
    if (status == kFinalAnswered) return true;
  }
  return !Call(relation, pattern).empty();
}

bool Evaluator::RunRules(int relation, std::span<const TermId> call, FactTable* answers) {
  bool changed = false;
  for (int r : program_.rules_of(relation)) {
    changed |= EvalRule(program_.rules()[static_cast<size_t>(r)], call, answers);
    if (overflowed_) break;
  }
  return changed;
}

void Evaluator::Complete(size_t root) {
  if (stack_[root].low < root) return;
  // stack_[root..] is an SCC of calls (no call in it read a pending call below root). If
  // none read a pending call, their answers are final after this one pass; otherwise the
  // SCC is run again until no answer is added (re-runs may make new calls: they join it
  // when they stay pending, and if one reaches a pending call below root, the SCC merges
  // into that older one, whose root finishes the work).
  bool cyclic = false;
  for (size_t k = root; k < stack_.size(); ++k) cyclic |= stack_[k].read_pending;
  std::vector<TermId> again;
  bool changed = cyclic;
  while (changed && !overflowed_) {
    changed = false;
    for (size_t k = root; k < stack_.size(); ++k) {
      const Pending p = stack_[k];
      Memo& mm = memos_[static_cast<size_t>(p.relation)];
      auto t = mm.calls.Tuple(p.slot);
      again.assign(t.begin(), t.end());
      current_ = static_cast<int>(k);
      changed |= RunRules(p.relation, again, &mm.answers[p.slot]);
    }
    size_t low = root;
    for (size_t k = root; k < stack_.size(); ++k) low = std::min(low, stack_[k].low);
    if (low < root) {
      stack_[root].low = low;
      return;
    }
  }
  for (size_t k = root; k < stack_.size(); ++k) {
    Memo& mk = memos_[static_cast<size_t>(stack_[k].relation)];
    mk.pending[stack_[k].slot] = mk.answers[stack_[k].slot].empty() ? kFinalEmpty : kFinalAnswered;
  }
  stack_.resize(root);
}

void Evaluator::Undo(Frame& f, size_t mark) {
  while (f.trail.size() > mark) {
    f.bindings[static_cast<size_t>(f.trail.back())] = kNoTerm;
    f.trail.pop_back();
  }
}

void Evaluator::PatternOf(const std::vector<Pattern>& args, Frame& f, std::vector<TermId>* out) {
  out->clear();
  for (const Pattern& p : args) out->push_back(IsBound(p, f) ? Build(p, f) : kNoTerm);
}

void Evaluator::Join(const CompiledRule& rule, size_t index, Frame& f, FactTable* out) {
  if (overflowed_) return;
  if (index == rule.body.size()) {
    TermId small[16];
    std::vector<TermId> big;
    TermId* tuple = small;
    if (rule.head_args.size() > 16) {
      big.resize(rule.head_args.size());
      tuple = big.data();
    }
    for (size_t k = 0; k < rule.head_args.size(); ++k) {
      tuple[k] = Build(rule.head_args[k], f);
      if (tuple[k] == kNoTerm) return;  // unsafe rule: a head variable was never bound
    }
    if (out->Insert(std::span<const TermId>(tuple, rule.head_args.size()))) {
      changed_ = true;
      if (out->size() > kMaxFacts) overflowed_ = true;
    }
    return;
  }
  const BodyLiteral& lit = rule.body[index];
  size_t mark = f.trail.size();
  switch (lit.kind) {
    case LKind::kPositive:
    case LKind::kNegative: {
      const FactTable* t;
      const Component& component = program_.component_of_relation(lit.relation);
      const bool materialised = component.materialised;
      if (lit.kind == LKind::kNegative && negation_view_ != nullptr &&
          program_.component_of(lit.relation) == negation_component_) {
        // Inside the alternating fixpoint: negation reads the fixed set (EvalAgainst).
        const auto& members =
            program_.components()[static_cast<size_t>(negation_component_)].relations;
        const size_t i = static_cast<size_t>(
            std::find(members.begin(), members.end(), lit.relation) - members.begin());
        t = &(*negation_view_)[i];
      } else if (materialised) {
        EnsureMaterialised(lit.relation);
        t = &Table(lit.relation);
      } else {
        if (patterns_.size() <= depth_) patterns_.resize(depth_ + 1);
        std::vector<TermId>& pattern = patterns_[depth_];
        PatternOf(lit.args, f, &pattern);
        // A call with every argument bound (and not generalised, see Call) has the call
        // itself as its only possible answer: whether it holds is whether it has one, which
        // spares a lookup in a table that is seldom in the cache.
        const bool whole_call = !(component.recursive && depth_ > kMaxNesting) &&
                                std::find(pattern.begin(), pattern.end(), kNoTerm) == pattern.end();
        if (whole_call) {
          if (Holds(lit.relation, pattern) == (lit.kind == LKind::kPositive))
            Join(rule, index + 1, f, out);
          return;
        }
        t = &Call(lit.relation, pattern);
      }
      if (lit.args.size() <= 16) {
        // Every argument a constant or a bound variable (no term to build): one lookup.
        // A ground compound compiles to a constant, so (true (control white)) is one too.
        TermId tuple[16];
        size_t k = 0;
        for (; k < lit.args.size(); ++k) {
          const Pattern& p = lit.args[k];
          if (p.kind == PKind::kGround) {
            tuple[k] = p.ground;
          } else if (p.kind == PKind::kVariable &&
                     f.bindings[static_cast<size_t>(p.variable)] != kNoTerm) {
            tuple[k] = f.bindings[static_cast<size_t>(p.variable)];
          } else {
            break;
          }
        }
        if (k == lit.args.size()) {
          const bool holds = t->Contains(std::span<const TermId>(tuple, k));
          if (holds == (lit.kind == LKind::kPositive)) Join(rule, index + 1, f, out);
          return;
        }
      }
      if (lit.kind == LKind::kNegative && !t->struct_indexed() && lit.args.size() <= 16) {
        // Normalised safe rules bind a negated literal's variables first: one lookup
        // instead of a scan (struct-indexed tables have their chains below).
        TermId tuple[16];
        bool ground = true;
        for (size_t k = 0; k < lit.args.size() && ground; ++k) {
          tuple[k] = IsBound(lit.args[k], f) ? Build(lit.args[k], f) : kNoTerm;
          ground = tuple[k] != kNoTerm;
        }
        if (ground) {
          if (!t->Contains(std::span<const TermId>(tuple, lit.args.size()))) {
            Join(rule, index + 1, f, out);
          }
          return;
        }
      }
      if (t->struct_indexed()) {
        // Some components bound: walk the chain of that key only (fact_table.h).
        int kind = -1;
        size_t key = ChainKey(*t, lit.args, f, &kind);
        if (kind >= 0) {
          for (uint32_t j = t->ChainHead(kind, key); j != FactTable::kEndOfChain;
               j = t->ChainNext(kind, j)) {
            bool hit = MatchArgs(lit.args, t->Tuple(j), f);
            if (hit && lit.kind == LKind::kNegative) {
              Undo(f, mark);
              return;
            }
            if (hit) Join(rule, index + 1, f, out);
            Undo(f, mark);
          }
          if (lit.kind == LKind::kNegative) Join(rule, index + 1, f, out);
          return;
        }
      }
      if (lit.kind == LKind::kNegative) {
        for (size_t j = 0; j < t->size(); ++j) {
          bool hit = MatchArgs(lit.args, t->Tuple(j), f);
          Undo(f, mark);
          if (hit) return;
        }
        Join(rule, index + 1, f, out);
        return;
      }
      if (t->indexed() && !lit.args.empty() && IsBound(lit.args[0], f)) {
        TermId first = Build(lit.args[0], f);
        // By index: a recursive rule may append to this very list while we iterate.
        size_t n = t->WithFirst(first).size();
        for (size_t j = 0; j < n; ++j) {
          if (MatchArgs(lit.args, t->Tuple(t->WithFirst(first)[j]), f)) Join(rule, index + 1, f, out);
          Undo(f, mark);
        }
        return;
      }
      size_t n = t->size();
      for (size_t j = 0; j < n; ++j) {
        if (MatchArgs(lit.args, t->Tuple(j), f)) Join(rule, index + 1, f, out);
        Undo(f, mark);
      }
      return;
    }
    case LKind::kDistinct:
    case LKind::kEqual: {
      bool bound_a = IsBound(lit.args[0], f), bound_b = IsBound(lit.args[1], f);
      if (lit.kind == LKind::kDistinct) {
        // distinct with an unbound variable never holds (unsafe rule).
        if (bound_a && bound_b && Build(lit.args[0], f) != Build(lit.args[1], f)) {
          Join(rule, index + 1, f, out);
        }
        return;
      }
      if (bound_a && bound_b) {
        if (Build(lit.args[0], f) == Build(lit.args[1], f)) Join(rule, index + 1, f, out);
      } else if (bound_a && Match(lit.args[1], Build(lit.args[0], f), f)) {
        Join(rule, index + 1, f, out);
      } else if (bound_b && Match(lit.args[0], Build(lit.args[1], f), f)) {
        Join(rule, index + 1, f, out);
      }
      Undo(f, mark);
      return;
    }
  }
}

size_t Evaluator::ChainKey(const FactTable& t, const std::vector<Pattern>& args, const Frame& f,
                           int* kind) {
  *kind = -1;
  kif::SymbolId functor = FactTable::kTupleFunctor;
  const std::vector<Pattern>* parts = &args;
  if (t.arity() == 1) {
    if (args.size() != 1 || args[0].kind != PKind::kCompound) return 0;
    functor = args[0].functor;
    parts = &args[0].args;
  }
  const std::vector<Pattern>& ps = *parts;
  if (ps.size() >= 2 && IsBound(ps[0], f) && IsBound(ps[1], f)) {
    TermId a = Build(ps[0], f), b = Build(ps[1], f);
    if (a == kNoTerm || b == kNoTerm) return 0;
    *kind = FactTable::kPairKind;
    return FactTable::PairKeyOf(functor, a, b);
  }
  for (size_t k = 0; k < ps.size() && k < static_cast<size_t>(FactTable::kKeyPositions); ++k) {
    if (!IsBound(ps[k], f)) continue;
    TermId v = Build(ps[k], f);
    if (v == kNoTerm) return 0;
    *kind = static_cast<int>(k);
    return FactTable::KeyOf(functor, static_cast<int>(k), v);
  }
  if (t.arity() == 1) {
    *kind = FactTable::kFunctorKind;
    return FactTable::FunctorKeyOf(functor);
  }
  return 0;
}

bool Evaluator::MatchArgs(const std::vector<Pattern>& args, std::span<const TermId> tuple, Frame& f) {
  for (size_t k = 0; k < args.size(); ++k) {
    if (!Match(args[k], tuple[k], f)) return false;
  }
  return true;
}

bool Evaluator::Match(const Pattern& p, TermId id, Frame& f) {
  switch (p.kind) {
    case PKind::kGround:
      return p.ground == id;
    case PKind::kVariable: {
      TermId& slot = f.bindings[static_cast<size_t>(p.variable)];
      if (slot != kNoTerm) return slot == id;
      slot = id;
      f.trail.push_back(p.variable);
      return true;
    }
    case PKind::kCompound: {
      if (!terms_.IsCompound(id) || terms_.Functor(id) != p.functor ||
          terms_.Arity(id) != static_cast<int>(p.args.size())) {
        return false;
      }
      for (size_t k = 0; k < p.args.size(); ++k) {
        if (!Match(p.args[k], terms_.Arg(id, static_cast<int>(k)), f)) return false;
      }
      return true;
    }
  }
  return false;
}

bool Evaluator::IsBound(const Pattern& p, const Frame& f) const {
  switch (p.kind) {
    case PKind::kGround:
      return true;
    case PKind::kVariable:
      return f.bindings[static_cast<size_t>(p.variable)] != kNoTerm;
    case PKind::kCompound:
      for (const Pattern& a : p.args) {
        if (!IsBound(a, f)) return false;
      }
      return true;
  }
  return false;
}

TermId Evaluator::Build(const Pattern& p, const Frame& f) {
  switch (p.kind) {
    case PKind::kGround:
      return p.ground;
    case PKind::kVariable:
      return f.bindings[static_cast<size_t>(p.variable)];
    case PKind::kCompound: {
      TermId small[8];
      std::vector<TermId> big;
      TermId* args = small;
      if (p.args.size() > 8) {
        big.resize(p.args.size());
        args = big.data();
      }
      for (size_t k = 0; k < p.args.size(); ++k) {
        args[k] = Build(p.args[k], f);
        if (args[k] == kNoTerm) return kNoTerm;
      }
      return terms_.Intern(p.functor, true, std::span<const TermId>(args, p.args.size()));
    }
  }
  return kNoTerm;
}

}  // namespace ggp::reasoner::prover
