#include "reasoner/gdl/normalize.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_set>

namespace ggp::gdl {
namespace {

using Kind = Literal::Kind;

// Expands one literal into its disjunctive alternatives, each a conjunction of or-free
// literals.
std::vector<std::vector<Literal>> Alternatives(const Literal& l) {
  if (l.kind == Kind::kOr) {
    std::vector<std::vector<Literal>> all;
    for (const Literal& c : l.children) {
      for (auto& alt : Alternatives(c)) all.push_back(std::move(alt));
    }
    return all;
  }
  if (l.kind == Kind::kNot) {
    const Literal& inner = l.children[0];
    if (inner.kind == Kind::kOr) {
      // not (a or b) == (not a) and (not b); each (not a) may itself expand.
      std::vector<std::vector<Literal>> acc = {{}};
      for (const Literal& c : inner.children) {
        Literal neg{Kind::kNot, {}, {c}, l.where};
        std::vector<std::vector<Literal>> next;
        for (const auto& alt : Alternatives(neg)) {
          for (const auto& prefix : acc) {
            auto combined = prefix;
            combined.insert(combined.end(), alt.begin(), alt.end());
            next.push_back(std::move(combined));
          }
        }
        acc = std::move(next);
      }
      return acc;
    }
    if (inner.kind == Kind::kNot) {
      // (not (not x)) is x: its variables are bound elsewhere in a safe rule, so the two
      // hold for the same bindings. (Kept, it reached the grounder, which rejects it, and
      // an `or` inside it was never expanded.)
      return Alternatives(inner.children[0]);
    }
  }
  return {{l}};
}

// How many bodies Alternatives(l) gives: an `or` the sum of its alternatives; anything
// else one, (not (or a b)) included (it is the one conjunction (not a) (not b)).
size_t CountAlternatives(const Literal& l) {
  if (l.kind == Kind::kNot && l.children[0].kind == Kind::kNot) {
    return CountAlternatives(l.children[0].children[0]);
  }
  if (l.kind != Kind::kOr) return 1;
  size_t n = 0;
  for (const Literal& c : l.children) n += CountAlternatives(c);
  return n;
}

// Throws when expanding `or` would add more than kMaxExtraRules rules. Counted before
// anything is built: a rule's bodies multiply, so a few hundred bytes of (or a b)
// literals would ask for billions.
void CheckExpansionSize(const Description& in) {
  size_t extra = 0;
  for (const Rule& r : in.rules) {
    size_t bodies = 1;
    for (const Literal& l : r.body) {
      const size_t n = CountAlternatives(l);
      if (n == 0) {
        bodies = 0;  // (or) holds for nothing: the rule is dropped
        break;
      }
      bodies = bodies > kMaxExtraRules / n ? kMaxExtraRules + 2 : bodies * n;
    }
    if (bodies > 1) extra += bodies - 1;
    if (extra > kMaxExtraRules) {
      throw std::length_error("expanding 'or' gives more than " + std::to_string(kMaxExtraRules) +
                              " extra rules (rule at line " + std::to_string(r.where.line) + ")");
    }
  }
}

bool AllBound(const Literal& l, const std::unordered_set<kif::SymbolId>& bound) {
  std::vector<kif::SymbolId> vars;
  CollectVariables(l, &vars);
  return std::all_of(vars.begin(), vars.end(), [&](kif::SymbolId v) { return bound.count(v) > 0; });
}

std::vector<Literal> Reorder(std::vector<Literal> body) {
  std::vector<Literal> out;
  out.reserve(body.size());
  std::unordered_set<kif::SymbolId> bound;
  std::vector<Literal> pending;  // not / distinct waiting for their variables
  auto flush = [&]() {
    for (auto it = pending.begin(); it != pending.end();) {
      if (AllBound(*it, bound)) {
        out.push_back(std::move(*it));
        it = pending.erase(it);
      } else {
        ++it;
      }
    }
  };
  flush();
  for (Literal& l : body) {
    if (l.kind == Kind::kSentence) {
      std::vector<kif::SymbolId> vars;
      CollectVariables(l.term, &vars);
      out.push_back(std::move(l));
      bound.insert(vars.begin(), vars.end());
      flush();
    } else {
      pending.push_back(std::move(l));
      flush();
    }
  }
  for (Literal& l : pending) out.push_back(std::move(l));
  return out;
}

bool HasOldStyleBase(const Description& d) {
  for (const Rule& r : d.rules) {
    if (r.head.symbol == kif::kBase && r.head.args.size() != 1) return true;
  }
  return false;
}

}  // namespace

void CollectVariables(const kif::Term& t, std::vector<kif::SymbolId>* out) {
  if (t.is_variable) {
    if (std::find(out->begin(), out->end(), t.symbol) == out->end()) out->push_back(t.symbol);
    return;
  }
  for (const kif::Term& a : t.args) CollectVariables(a, out);
}

void CollectVariables(const Literal& l, std::vector<kif::SymbolId>* out) {
  if (l.kind == Kind::kSentence || l.kind == Kind::kDistinct) {
    CollectVariables(l.term, out);
    return;
  }
  for (const Literal& c : l.children) CollectVariables(c, out);
}

Description Normalize(const Description& in) {
  CheckExpansionSize(in);
  Description out;
  out.symbols = in.symbols;
  out.roles = in.roles;
  const bool drop_base = HasOldStyleBase(in);
  std::set<std::string> seen;
  for (const Rule& r : in.rules) {
    if (drop_base && r.head.symbol == kif::kBase) continue;
    std::vector<std::vector<Literal>> bodies = {{}};
    for (const Literal& l : r.body) {
      std::vector<std::vector<Literal>> next;
      for (const auto& alt : Alternatives(l)) {
        for (const auto& prefix : bodies) {
          auto combined = prefix;
          combined.insert(combined.end(), alt.begin(), alt.end());
          next.push_back(std::move(combined));
        }
      }
      bodies = std::move(next);
    }
    for (auto& body : bodies) {
      Rule nr{r.head, Reorder(std::move(body)), r.where};
      if (seen.insert(ToString(nr, *in.symbols)).second) out.rules.push_back(std::move(nr));
    }
  }
  return out;
}

}  // namespace ggp::gdl
