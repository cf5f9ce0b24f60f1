// The rules of the naive model (naive_model.h): `or` and double negation expanded away,
// filters scheduled, and the rules grouped by component of the relation graph.

#include <algorithm>
#include <map>
#include <set>

#include "tests/generated/naive_model.h"

namespace ggp::testing {
namespace {

using Kind = gdl::Literal::Kind;
using Conjunctions = std::vector<std::vector<gdl::Literal>>;
using RelationKey = std::pair<kif::SymbolId, size_t>;

RelationKey KeyOf(const kif::Term& sentence) { return {sentence.symbol, sentence.arity()}; }

// The sentence a filter reads: the literal under `not`, or the distinct term.
const kif::Term& FilterTerm(const gdl::Literal& f) {
  return (f.kind == Kind::kNot ? f.children[0] : f).term;
}

void Variables(const kif::Term& t, std::set<kif::SymbolId>* out) {
  if (t.is_variable) out->insert(t.symbol);
  for (const kif::Term& a : t.args) Variables(a, out);
}

// The alternatives of a literal, each a conjunction without `or` or double negation.
Conjunctions Expand(const gdl::Literal& l) {
  if (l.kind == Kind::kOr) {
    Conjunctions all;
    for (const gdl::Literal& c : l.children) {
      for (auto& alt : Expand(c)) all.push_back(std::move(alt));
    }
    return all;
  }
  if (l.kind == Kind::kNot && l.children[0].kind == Kind::kNot)
    return Expand(l.children[0].children[0]);
  if (l.kind == Kind::kNot && l.children[0].kind == Kind::kOr) {
    // Neither alternative holds: the product of their negations' expansions.
    Conjunctions acc = {{}};
    for (const gdl::Literal& c : l.children[0].children) {
      Conjunctions next;
      for (const auto& alt : Expand(gdl::Literal{Kind::kNot, {}, {c}, l.where})) {
        for (const auto& prefix : acc) {
          next.push_back(prefix);
          next.back().insert(next.back().end(), alt.begin(), alt.end());
        }
      }
      acc = std::move(next);
    }
    return acc;
  }
  return {{l}};
}

NaiveRule Flatten(const kif::Term& head, const std::vector<gdl::Literal>& body) {
  NaiveRule rule{head, {}, {}, {}, {}};
  for (const gdl::Literal& l : body) {
    if (l.kind == Kind::kSentence) {
      rule.positives.push_back(l.term);
    } else {
      rule.filters.push_back(l);
    }
  }
  const size_t n = rule.positives.size();
  // bound[i]: the variables bound once i positives are joined.
  std::vector<std::set<kif::SymbolId>> bound(n + 1);
  for (size_t i = 0; i < n; ++i) {
    bound[i + 1] = bound[i];
    Variables(rule.positives[i], &bound[i + 1]);
  }
  rule.filters_after.resize(n + 1);
  for (size_t f = 0; f < rule.filters.size(); ++f) {
    std::set<kif::SymbolId> vars;
    Variables(FilterTerm(rule.filters[f]), &vars);
    size_t i = 0;
    while (i < n && !std::includes(bound[i].begin(), bound[i].end(), vars.begin(), vars.end())) ++i;
    rule.filters_after[i].push_back(f);
  }
  // Going backwards: the variables read after positive i (later positives, later filters,
  // the head). Positive i is existential when it binds none of them.
  rule.existential.assign(n, 0);
  std::set<kif::SymbolId> later;
  Variables(head, &later);
  for (size_t f : rule.filters_after[n]) Variables(FilterTerm(rule.filters[f]), &later);
  for (size_t i = n; i-- > 0;) {
    std::set<kif::SymbolId> vars;
    Variables(rule.positives[i], &vars);
    bool read_later = false;
    for (kif::SymbolId v : vars) read_later |= bound[i].count(v) == 0 && later.count(v) > 0;
    rule.existential[i] = read_later ? 0 : 1;
    later.insert(vars.begin(), vars.end());
    for (size_t f : rule.filters_after[i]) Variables(FilterTerm(rule.filters[f]), &later);
  }
  return rule;
}

}  // namespace

void StratifyRules(const gdl::Description& d, std::vector<NaiveStratum>* static_strata,
                   std::vector<NaiveStratum>* dynamic_strata) {
  std::vector<NaiveRule> rules;
  for (const gdl::Rule& r : d.rules) {
    Conjunctions bodies = {{}};
    for (const gdl::Literal& l : r.body) {
      Conjunctions next;
      for (const auto& alt : Expand(l)) {
        for (const auto& prefix : bodies) {
          next.push_back(prefix);
          next.back().insert(next.back().end(), alt.begin(), alt.end());
        }
      }
      bodies = std::move(next);
    }
    for (const auto& body : bodies) rules.push_back(Flatten(r.head, body));
  }
  // reach[x]: x and every relation x's rules read, directly or not.
  std::map<RelationKey, std::set<RelationKey>> reads;
  for (const NaiveRule& r : rules) {
    auto& out = reads[KeyOf(r.head)];
    for (const kif::Term& p : r.positives) out.insert(KeyOf(p));
    for (const gdl::Literal& f : r.filters) {
      if ((f.kind == Kind::kNot ? f.children[0] : f).kind == Kind::kSentence)
        out.insert(KeyOf(FilterTerm(f)));
    }
  }
  std::map<RelationKey, std::set<RelationKey>> reach;
  for (const auto& [x, direct] : reads) {
    std::set<RelationKey>& seen = reach[x];
    std::vector<RelationKey> todo = {x};
    while (!todo.empty()) {
      const RelationKey y = todo.back();
      todo.pop_back();
      if (!seen.insert(y).second) continue;
      auto it = reads.find(y);
      if (it != reads.end()) todo.insert(todo.end(), it->second.begin(), it->second.end());
    }
  }
  // Components (relations that reach each other), ordered by the size of their reach: a
  // component reached from another reaches strictly less.
  std::map<RelationKey, RelationKey> component;  // relation -> representative
  for (const auto& [x, rx] : reach) {
    component[x] = x;
    for (const RelationKey& y : rx) {
      if (y < x && reach.count(y) && reach[y].count(x)) {
        component[x] = component[y];
        break;
      }
    }
  }
  std::vector<RelationKey> order;
  for (const auto& [x, rep] : component) {
    if (rep == x) order.push_back(x);
  }
  std::stable_sort(order.begin(), order.end(), [&](const RelationKey& a, const RelationKey& b) {
    return reach[a].size() < reach[b].size();
  });
  const RelationKey is_true{kif::kTrue, 1}, is_does{kif::kDoes, 2};
  for (const RelationKey& rep : order) {
    NaiveStratum s;
    for (const NaiveRule& r : rules) {
      if (component[KeyOf(r.head)] != rep) continue;
      s.rules.push_back(r);
      for (const gdl::Literal& f : r.filters) {
        const gdl::Literal& inner = f.kind == Kind::kNot ? f.children[0] : f;
        if (f.kind == Kind::kNot && inner.kind == Kind::kSentence) {
          auto it = component.find(KeyOf(inner.term));
          s.negates_own |= it != component.end() && it->second == rep;
        }
      }
    }
    const bool dynamic = reach[rep].count(is_true) > 0 || reach[rep].count(is_does) > 0;
    (dynamic ? dynamic_strata : static_strata)->push_back(std::move(s));
  }
}

}  // namespace ggp::testing
