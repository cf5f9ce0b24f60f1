#include "reasoner/ground/decomposition.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/projection.h"

namespace ggp::reasoner::ground {
namespace {

using gdl::Literal;
using kif::SymbolId;
using kif::Term;

bool IsPositive(const Literal& l) { return l.kind == Literal::Kind::kSentence; }

bool Contains(const std::vector<SymbolId>& vars, SymbolId v) {
  return std::find(vars.begin(), vars.end(), v) != vars.end();
}

void AddUnique(const std::vector<SymbolId>& from, std::vector<SymbolId>* to) {
  for (SymbolId v : from) {
    if (!Contains(*to, v)) to->push_back(v);
  }
}

// One elimination step: which body literals move, and the variables the new head keeps.
struct Step {
  std::vector<size_t> bucket;  // ascending literal indices
  std::vector<SymbolId> kept;  // first occurrence in the bucket first
};

// The step that eliminates `v` from `r`, or nothing when it would take the whole body or
// cannot be made safe. `vars[i]` are the variables of r.body[i]; `head` of r.head.
std::optional<Step> StepFor(const gdl::Rule& r, const std::vector<std::vector<SymbolId>>& vars,
                            const std::vector<SymbolId>& head, SymbolId v) {
  const size_t n = r.body.size();
  std::vector<bool> in(n, false);
  for (size_t i = 0; i < n; ++i) in[i] = Contains(vars[i], v);
  // Every variable of a `not` or `distinct` in the bucket needs a positive literal there.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < n; ++i) {
      if (!in[i] || IsPositive(r.body[i])) continue;
      for (SymbolId w : vars[i]) {
        bool bound = false;
        for (size_t j = 0; j < n && !bound; ++j) bound = in[j] && IsPositive(r.body[j]) && Contains(vars[j], w);
        if (bound) continue;
        size_t j = 0;
        while (j < n && !(IsPositive(r.body[j]) && Contains(vars[j], w))) ++j;
        if (j == n) return std::nullopt;  // unsafe rule: leave it to the grounder's message
        in[j] = changed = true;
      }
    }
  }
  Step step;
  std::vector<SymbolId> inside, outside = head;
  for (size_t i = 0; i < n; ++i) {
    if (in[i]) {
      step.bucket.push_back(i);
      AddUnique(vars[i], &inside);
    } else {
      AddUnique(vars[i], &outside);
    }
  }
  if (step.bucket.size() == n) return std::nullopt;
  bool positive = false;
  for (size_t i : step.bucket) positive |= IsPositive(r.body[i]);
  if (!positive) return std::nullopt;
  for (SymbolId w : inside) {
    if (Contains(outside, w)) step.kept.push_back(w);
  }
  return step;
}

// The best step for `r` (fewest kept variables, then smallest bucket), if any.
std::optional<Step> BestStep(const gdl::Rule& r) {
  if (r.body.size() < 2) return std::nullopt;
  std::vector<std::vector<SymbolId>> vars(r.body.size());
  std::vector<SymbolId> head, order;
  gdl::CollectVariables(r.head, &head);
  for (size_t i = 0; i < r.body.size(); ++i) {
    gdl::CollectVariables(r.body[i], &vars[i]);
    AddUnique(vars[i], &order);
  }
  std::optional<Step> best;
  for (SymbolId v : order) {
    if (Contains(head, v)) continue;
    std::optional<Step> s = StepFor(r, vars, head, v);
    if (!s) continue;
    if (!best || s->kept.size() < best->kept.size() ||
        (s->kept.size() == best->kept.size() && s->bucket.size() < best->bucket.size())) {
      best = std::move(s);
    }
  }
  return best;
}

// `l` with its variables numbered by first occurrence in `order` (shared across literals).
std::string Canonical(const Literal& l, const kif::SymbolTable& symbols, std::vector<SymbolId>* order) {
  switch (l.kind) {
    case Literal::Kind::kSentence:
      return CanonicalKey(l.term, symbols, order);
    case Literal::Kind::kDistinct:
      return "(distinct " + CanonicalKey(l.term.args[0], symbols, order) + " " +
             CanonicalKey(l.term.args[1], symbols, order) + ")";
    default: {
      std::string s = l.kind == Literal::Kind::kNot ? "(not" : "(or";
      for (const Literal& c : l.children) s += " " + Canonical(c, symbols, order);
      return s + ")";
    }
  }
}

Term Head(SymbolId name, const std::vector<SymbolId>& vars) {
  if (vars.empty()) return Term::Atom(name);
  std::vector<Term> args;
  for (SymbolId v : vars) args.push_back(Term::Variable(v));
  return Term::Compound(name, std::move(args));
}

class Decomposer {
 public:
  Decomposer(const gdl::Description& in, DecompositionStats* stats) : in_(in), stats_(stats) {}

  gdl::Description Run() {
    gdl::Description out;
    out.symbols = in_.symbols;
    out.roles = in_.roles;
    for (const gdl::Rule& r : in_.rules) {
      gdl::Rule rewritten = r;
      if (Decompose(&rewritten) && stats_ != nullptr) ++stats_->rules;
      out.rules.push_back(std::move(rewritten));
    }
    // Auxiliary rules are decomposed in turn (which may add more).
    for (size_t i = 0; i < aux_rules_.size(); ++i) {
      gdl::Rule aux = aux_rules_[i];
      Decompose(&aux);
      aux_rules_[i] = std::move(aux);
    }
    for (gdl::Rule& aux : aux_rules_) out.rules.push_back(std::move(aux));
    return out;
  }

 private:
  // Applies steps to `r` until none is left; true if there was one.
  bool Decompose(gdl::Rule* r) {
    bool any = false;
    while (std::optional<Step> step = BestStep(*r)) {
      any = true;
      std::vector<Literal> moved, rest;
      size_t k = 0;
      for (size_t i = 0; i < r->body.size(); ++i) {
        if (k < step->bucket.size() && step->bucket[k] == i) {
          if (k == 0) rest.emplace_back();  // the auxiliary literal goes here
          moved.push_back(std::move(r->body[i]));
          ++k;
        } else {
          rest.push_back(std::move(r->body[i]));
        }
      }
      Literal aux;
      aux.kind = Literal::Kind::kSentence;
      aux.where = moved.front().where;
      aux.term = AuxSentence(moved, step->kept);
      rest[step->bucket.front()] = std::move(aux);  // the bucket's first place
      r->body = std::move(rest);
    }
    return any;
  }

  // The auxiliary sentence over `kept` for the literals `moved`; defines its relation the
  // first time the step (up to variable names) is seen.
  Term AuxSentence(const std::vector<Literal>& moved, const std::vector<SymbolId>& kept) {
    std::vector<SymbolId> order;
    std::string key;
    for (const Literal& l : moved) key += Canonical(l, *in_.symbols, &order) + " ";
    key += "|";
    for (SymbolId v : kept) {
      key += " " + std::to_string(std::find(order.begin(), order.end(), v) - order.begin());
    }
    auto it = aux_.find(key);
    if (it != aux_.end()) return Head(it->second, kept);
    const SymbolId name = FreshName();
    aux_.emplace(key, name);
    gdl::Rule def;
    def.head = Head(name, kept);
    def.body = moved;
    def.where = moved.front().where;
    aux_rules_.push_back(std::move(def));
    if (stats_ != nullptr) ++stats_->relations;
    return Head(name, kept);
  }

  SymbolId FreshName() { return in_.symbols->InternFresh("ggp_decomposition_", &next_); }

  const gdl::Description& in_;
  DecompositionStats* stats_;
  std::unordered_map<std::string, SymbolId> aux_;
  std::deque<gdl::Rule> aux_rules_;  // stable while Run walks and extends it
  int next_ = 0;
};

}  // namespace

gdl::Description DecomposeBodies(const gdl::Description& normalized, DecompositionStats* stats) {
  return Decomposer(normalized, stats).Run();
}

bool HasDecomposableBody(const gdl::Rule& rule) { return BestStep(rule).has_value(); }

}  // namespace ggp::reasoner::ground
