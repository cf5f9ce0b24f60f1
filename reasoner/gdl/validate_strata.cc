// Stratification (protocol §3.4): no cycle through negation. The relation graph decides
// quickly that most games are stratified; a relation-level cycle is then checked again
// between rules, where a body literal leads only to the rules whose head it unifies with.

#include <deque>
#include <map>
#include <set>
#include <utility>

#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl::internal {
namespace {

// Unification of two terms from two rules (sides 0 and 1, renamed apart), with occurs
// check. `f` and `(f)` are treated as equal: this over-approximates, which only makes the
// check stricter.
class Unifier {
 public:
  bool Unify(const kif::Term* a, int sa, const kif::Term* b, int sb) {
    std::tie(a, sa) = Walk(a, sa);
    std::tie(b, sb) = Walk(b, sb);
    if (a->is_variable && b->is_variable && a->symbol == b->symbol && sa == sb) return true;
    if (a->is_variable) return Bind(a->symbol, sa, b, sb);
    if (b->is_variable) return Bind(b->symbol, sb, a, sa);
    if (a->symbol != b->symbol || a->args.size() != b->args.size()) return false;
    for (size_t i = 0; i < a->args.size(); ++i) {
      if (!Unify(&a->args[i], sa, &b->args[i], sb)) return false;
    }
    return true;
  }

 private:
  using Key = std::pair<int, kif::SymbolId>;

  std::pair<const kif::Term*, int> Walk(const kif::Term* t, int side) const {
    while (t->is_variable) {
      auto it = bindings_.find({side, t->symbol});
      if (it == bindings_.end()) break;
      std::tie(t, side) = it->second;
    }
    return {t, side};
  }

  bool Occurs(kif::SymbolId var, int var_side, const kif::Term* t, int side) const {
    std::tie(t, side) = Walk(t, side);
    if (t->is_variable) return t->symbol == var && side == var_side;
    for (const kif::Term& a : t->args) {
      if (Occurs(var, var_side, &a, side)) return true;
    }
    return false;
  }

  bool Bind(kif::SymbolId var, int side, const kif::Term* t, int t_side) {
    if (Occurs(var, side, t, t_side)) return false;
    bindings_[{side, var}] = {t, t_side};
    return true;
  }

  std::map<Key, std::pair<const kif::Term*, int>> bindings_;
};

struct RuleEdge {
  size_t to = 0;  // rule index
  bool negative = false;
  kif::Position where;  // the body literal
};

class StrataChecker {
 public:
  StrataChecker(const Description& d, const DependencyGraph& g, Reporter* r)
      : d_(d), g_(g), r_(r) {}

  void Run() {
    std::set<std::pair<kif::SymbolId, kif::SymbolId>> pairs;  // negative edges on relation cycles
    std::set<int> components;
    for (const DependencyEdge& e : g_.edges()) {
      if (e.negative && g_.Component(e.from) == g_.Component(e.to)) {
        pairs.emplace(e.from, e.to);
        components.insert(g_.Component(e.from));
      }
    }
    for (int c : components) RuleCycles(c);
    for (size_t i = 0; i < g_.edges().size(); ++i) {
      const DependencyEdge& e = g_.edges()[i];
      if (pairs.erase({e.from, e.to}) == 0 || errors_.count({e.from, e.to}) > 0) continue;
      std::vector<size_t> cycle = {i};
      std::vector<size_t> back = g_.Path(e.to, e.from, true);
      cycle.insert(cycle.end(), back.begin(), back.end());
      r_->Warning("stratification", e.where,
                  "relation " + r_->Quote(e.from) + " depends on the negation of " +
                      r_->Quote(e.to) + " on a cycle (" + Chain(g_, *r_, e.from, cycle) +
                      "), but no cycle of rule instances does: stratified by arguments only, not "
                      "by relation");
    }
  }

 private:
  void RuleCycles(int comp) {
    std::vector<size_t> rules;
    for (size_t i = 0; i < d_.rules.size(); ++i) {
      if (g_.Component(d_.rules[i].head.symbol) == comp) rules.push_back(i);
    }
    std::map<size_t, std::vector<RuleEdge>> out;
    for (size_t a : rules) {
      ForEachOccurrence(d_.rules[a], [&](const Occurrence& o) {
        if (o.head || o.distinct || g_.Component(o.term->symbol) != comp) return;
        for (size_t b : rules) {
          if (d_.rules[b].head.symbol != o.term->symbol) continue;
          if (Unifier().Unify(o.term, 0, &d_.rules[b].head, 1))
            out[a].push_back({b, o.negative, o.where});
        }
      });
    }
    for (size_t a : rules) {
      for (const RuleEdge& e : out[a]) {
        if (!e.negative) continue;
        std::vector<const RuleEdge*> back = PathBetween(out, e.to, a);
        if (back.empty() && e.to != a) continue;
        const Rule& from = d_.rules[a];
        errors_.emplace(from.head.symbol, d_.rules[e.to].head.symbol);
        std::string chain = r_->Name(from.head.symbol) + " (rule at " + LineOf(from.where) +
                            ") -not-> " + r_->Name(d_.rules[e.to].head.symbol) + " (rule at " +
                            LineOf(d_.rules[e.to].where) + ")";
        for (const RuleEdge* step : back) {
          chain += (step->negative ? " -not-> " : " -> ") +
                   r_->Name(d_.rules[step->to].head.symbol) + " (rule at " +
                   LineOf(d_.rules[step->to].where) + ")";
        }
        r_->Error("stratification", e.where,
                  "cycle through negation: " + r_->Quote(from.head.symbol) +
                      " depends on its own negation: " + chain);
      }
    }
  }

  // A shortest chain of rule edges from rule `from` to rule `to` (empty if none or equal).
  static std::vector<const RuleEdge*> PathBetween(std::map<size_t, std::vector<RuleEdge>>& out,
                                                  size_t from, size_t to) {
    std::map<size_t, const RuleEdge*> via;
    std::map<size_t, size_t> parent;
    std::deque<size_t> queue = {from};
    std::set<size_t> seen = {from};
    while (!queue.empty() && seen.count(to) == 0) {
      size_t v = queue.front();
      queue.pop_front();
      for (const RuleEdge& e : out[v]) {
        if (!seen.insert(e.to).second) continue;
        via[e.to] = &e;
        parent[e.to] = v;
        queue.push_back(e.to);
      }
    }
    std::vector<const RuleEdge*> path;
    if (from == to || seen.count(to) == 0) return path;
    for (size_t v = to; v != from; v = parent[v]) path.insert(path.begin(), via[v]);
    return path;
  }

  const Description& d_;
  const DependencyGraph& g_;
  Reporter* r_;
  std::set<std::pair<kif::SymbolId, kif::SymbolId>> errors_;  // relation pairs with an error
};

}  // namespace

std::string Chain(const DependencyGraph& g, const Reporter& r, kif::SymbolId start,
                  const std::vector<size_t>& path) {
  std::string s = r.Name(start);
  for (size_t e : path) {
    const DependencyEdge& edge = g.edges()[e];
    s += (edge.negative ? " -not-> " : " -> ") + r.Name(edge.to) + " (" + LineOf(edge.where) + ")";
  }
  return s;
}

void CheckStratification(const Description& d, const DependencyGraph& g, Reporter* r) {
  StrataChecker(d, g, r).Run();
}

}  // namespace ggp::gdl::internal
