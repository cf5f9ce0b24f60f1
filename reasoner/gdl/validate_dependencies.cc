// Checks on the relation dependency graph (protocol §3.3-3.4): stratification, the
// recursion restriction, and which relations init/legal/goal/terminal/base/input may
// depend on.

#include <algorithm>
#include <set>
#include <utility>

#include "reasoner/gdl/dependency_graph.h"
#include "reasoner/gdl/normalize.h"
#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl::internal {
namespace {

class DependencyChecker {
 public:
  DependencyChecker(const Description& d, Reporter* r) : d_(d), r_(r), g_(d) {}

  void Run() {
    CheckStratification(d_, g_, r_);
    for (const Rule& rule : d_.rules) RecursionRestriction(rule);
    for (kif::SymbolId t : {kif::kTrue, kif::kDoes, kif::kLegal, kif::kGoal, kif::kTerminal}) {
      Forbid(kif::kInit, t);
    }
    for (kif::SymbolId k : {kif::kLegal, kif::kGoal, kif::kTerminal}) Forbid(k, kif::kDoes);
    for (kif::SymbolId k : {kif::kBase, kif::kInput}) {
      Forbid(k, kif::kTrue);
      Forbid(k, kif::kDoes);
    }
  }

 private:
  // Positive sentences of `l` (inside `or`, not under `not`).
  static void PositiveSentences(const Literal& l, std::vector<const Literal*>* out) {
    if (l.kind == Literal::Kind::kSentence) out->push_back(&l);
    if (l.kind == Literal::Kind::kOr) {
      for (const Literal& c : l.children) PositiveSentences(c, out);
    }
  }

  void RecursionRestriction(const Rule& rule) {
    const int comp = g_.Component(rule.head.symbol);
    if (!g_.IsRecursive(comp)) return;
    std::vector<const Literal*> positives;
    for (const Literal& l : rule.body) PositiveSentences(l, &positives);
    std::vector<kif::SymbolId> outside;  // variables bound outside the recursion
    for (const Literal* l : positives) {
      if (g_.Component(l->term.symbol) != comp) CollectVariables(l->term, &outside);
    }
    for (const Literal* l : positives) {
      if (g_.Component(l->term.symbol) != comp) continue;
      for (size_t j = 0; j < l->term.args.size(); ++j) {
        const kif::Term& a = l->term.args[j];
        if (a.is_ground()) continue;
        bool is_head_arg = false;
        for (const kif::Term& h : rule.head.args) is_head_arg |= (h == a);
        if (is_head_arg) continue;
        if (a.is_variable && std::find(outside.begin(), outside.end(), a.symbol) != outside.end()) {
          continue;
        }
        r_->Warning("recursion", l->where,
                    "recursion restriction: argument " + std::to_string(j + 1) + " (" +
                        r_->Show(a) + ") of " + r_->Show(l->term) + ", recursive with " +
                        r_->Quote(rule.head.symbol) +
                        ", is neither ground, nor a head argument, nor bound by a literal outside "
                        "the recursion (rule at " +
                        LineOf(rule.where) + ")");
      }
    }
  }

  // Reports every rule for `keyword` whose body leads to `target`.
  void Forbid(kif::SymbolId keyword, kif::SymbolId target) {
    std::set<size_t> reported_rules;
    for (size_t e : g_.OutEdges(keyword)) {
      const DependencyEdge& first = g_.edges()[e];
      if (reported_rules.count(first.rule) > 0) continue;
      std::vector<size_t> path = {e};
      if (first.to != target) {
        std::vector<size_t> rest = g_.Path(first.to, target, false);
        if (rest.empty()) continue;
        path.insert(path.end(), rest.begin(), rest.end());
      }
      reported_rules.insert(first.rule);
      r_->Error("dependency", first.where,
                r_->Quote(keyword) + " must not depend on " + r_->Quote(target) + ": " +
                    Chain(g_, *r_, keyword, path) + " (rule at " +
                    LineOf(d_.rules[first.rule].where) + ")");
    }
  }

  const Description& d_;
  Reporter* r_;
  DependencyGraph g_;
};

}  // namespace

void CheckDependencies(const Description& d, Reporter* r) { DependencyChecker(d, r).Run(); }

}  // namespace ggp::gdl::internal
