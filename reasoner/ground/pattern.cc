#include "reasoner/ground/pattern.h"

#include <algorithm>

namespace ggp::reasoner::ground {

Pattern CompilePattern(const kif::Term& t, TermStore& store, std::vector<kif::SymbolId>* vars) {
  Pattern p;
  if (t.is_ground()) {
    p.kind = Pattern::Kind::kConst;
    p.constant = store.FromKif(t);
    return p;
  }
  if (t.is_variable) {
    p.kind = Pattern::Kind::kVar;
    auto it = std::find(vars->begin(), vars->end(), t.symbol);
    p.var = static_cast<int>(it - vars->begin());
    if (it == vars->end()) vars->push_back(t.symbol);
    return p;
  }
  p.kind = Pattern::Kind::kFunc;
  p.functor = t.symbol;
  p.args.reserve(t.args.size());
  for (const kif::Term& a : t.args) p.args.push_back(CompilePattern(a, store, vars));
  return p;
}

void PatternVariables(const Pattern& p, std::vector<int>* out) {
  if (p.kind == Pattern::Kind::kVar) out->push_back(p.var);
  for (const Pattern& a : p.args) PatternVariables(a, out);
}

bool Match(const Pattern& p, TermId t, const TermStore& store, TermId* bindings,
           std::vector<int>* trail) {
  switch (p.kind) {
    case Pattern::Kind::kConst:
      return p.constant == t;
    case Pattern::Kind::kVar:
      if (bindings[p.var] == kNoTerm) {
        bindings[p.var] = t;
        trail->push_back(p.var);
        return true;
      }
      return bindings[p.var] == t;
    case Pattern::Kind::kFunc: {
      if (!store.is_compound(t) || store.functor(t) != p.functor) return false;
      std::span<const TermId> args = store.args(t);
      if (args.size() != p.args.size()) return false;
      for (size_t i = 0; i < args.size(); ++i) {
        if (!Match(p.args[i], args[i], store, bindings, trail)) return false;
      }
      return true;
    }
  }
  return false;
}

namespace {

// Small-buffer argument list so that building a term rarely allocates.
class ArgBuffer {
 public:
  explicit ArgBuffer(size_t n) : size_(n) {
    if (n > kInline) heap_.resize(n);
  }
  TermId* data() { return size_ > kInline ? heap_.data() : inline_; }
  std::span<const TermId> span() { return {data(), size_}; }

 private:
  static constexpr size_t kInline = 12;
  size_t size_;
  TermId inline_[kInline];
  std::vector<TermId> heap_;
};

}  // namespace

TermId Build(const Pattern& p, const TermId* bindings, TermStore& store) {
  switch (p.kind) {
    case Pattern::Kind::kConst:
      return p.constant;
    case Pattern::Kind::kVar:
      return bindings[p.var];
    case Pattern::Kind::kFunc: {
      ArgBuffer buf(p.args.size());
      for (size_t i = 0; i < p.args.size(); ++i) {
        TermId a = Build(p.args[i], bindings, store);
        if (a == kNoTerm) return kNoTerm;
        buf.data()[i] = a;
      }
      return store.Compound(p.functor, buf.span());
    }
  }
  return kNoTerm;
}

TermId Lookup(const Pattern& p, const TermId* bindings, const TermStore& store) {
  switch (p.kind) {
    case Pattern::Kind::kConst:
      return p.constant;
    case Pattern::Kind::kVar:
      return bindings[p.var];
    case Pattern::Kind::kFunc: {
      ArgBuffer buf(p.args.size());
      bool absent = false;
      for (size_t i = 0; i < p.args.size(); ++i) {
        TermId a = Lookup(p.args[i], bindings, store);
        if (a == kNoTerm) return kNoTerm;
        if (a == kAbsentTerm) absent = true;
        buf.data()[i] = a;
      }
      if (absent) return kAbsentTerm;
      auto id = store.FindCompound(p.functor, buf.span());
      return id ? *id : kAbsentTerm;
    }
  }
  return kNoTerm;
}

}  // namespace ggp::reasoner::ground
