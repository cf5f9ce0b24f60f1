// Safety (protocol §3.4): every variable of the head, of a negated literal and of a
// `distinct` occurs in a positive, non-distinct literal of the same body.
//
// `or` is handled exactly without expanding it: a variable is bound by an `or` when every
// alternative binds it. A variable is then safe in every or-expansion of the rule iff it
// is bound by some top-level literal (if no `or` binds it in all its alternatives, picking
// in each `or` an alternative that does not bind it gives an expansion where it is free).

#include <algorithm>
#include <set>

#include "reasoner/gdl/normalize.h"
#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl::internal {
namespace {

using VarSet = std::set<kif::SymbolId>;

// Variables that `l` binds in every or-expansion.
VarSet Bound(const Literal& l) {
  switch (l.kind) {
    case Literal::Kind::kSentence: {
      std::vector<kif::SymbolId> vars;
      CollectVariables(l.term, &vars);
      return VarSet(vars.begin(), vars.end());
    }
    case Literal::Kind::kNot:
    case Literal::Kind::kDistinct:
      return {};
    case Literal::Kind::kOr: {
      if (l.children.empty()) return {};
      VarSet acc = Bound(l.children[0]);
      for (size_t i = 1; i < l.children.size(); ++i) {
        VarSet next = Bound(l.children[i]);
        VarSet both;
        std::set_intersection(acc.begin(), acc.end(), next.begin(), next.end(),
                              std::inserter(both, both.end()));
        acc = std::move(both);
      }
      return acc;
    }
  }
  return {};
}

class SafetyChecker {
 public:
  SafetyChecker(const Rule& rule, Reporter* r) : rule_(rule), r_(r) {
    for (const Literal& l : rule.body) {
      VarSet b = Bound(l);
      bound_.insert(b.begin(), b.end());
    }
  }

  void Run() {
    std::vector<kif::SymbolId> head_vars;
    CollectVariables(rule_.head, &head_vars);
    std::string free = Free(head_vars);
    if (!free.empty()) {
      r_->Warning("safety", rule_.where,
                  "unsafe rule for " + r_->Quote(rule_.head.symbol) + ": head variable" + free +
                      " not bound by a positive literal of the body: " + RuleText());
    }
    for (const gdl::Literal& l : rule_.body) CheckLiteral(l);
  }

 private:
  std::string RuleText() const { return ToString(rule_, r_->symbols()); }

  // " ?x ?y" for the variables of `vars` that no positive literal binds ("" if none).
  std::string Free(const std::vector<kif::SymbolId>& vars) const {
    std::string out;
    size_t count = 0;
    for (kif::SymbolId v : vars) {
      if (bound_.count(v) == 0) {
        out += " " + r_->Name(v);
        ++count;
      }
    }
    if (count > 1) out = "s" + out;
    return out;
  }

  void CheckLiteral(const gdl::Literal& l) {
    if (l.kind == gdl::Literal::Kind::kOr) {
      // Inside an alternative only the rest of the body can bind a not/distinct's variables.
      for (const gdl::Literal& c : l.children) CheckLiteral(c);
      return;
    }
    if (l.kind == gdl::Literal::Kind::kSentence) return;
    std::vector<kif::SymbolId> vars;
    CollectVariables(l, &vars);
    std::string free = Free(vars);
    if (free.empty()) return;
    const char* what = l.kind == gdl::Literal::Kind::kNot ? "negated literal" : "distinct";
    r_->Warning("safety", l.where,
                "unsafe rule for " + r_->Quote(rule_.head.symbol) + ": variable" + free + " of " +
                    what + " " + r_->Show(l) +
                    " not bound by a positive literal of the body (rule at " + LineOf(rule_.where) +
                    ")");
  }

  const Rule& rule_;
  Reporter* r_;
  VarSet bound_;
};

}  // namespace

void CheckSafety(const Description& d, Reporter* r) {
  for (const Rule& rule : d.rules) SafetyChecker(rule, r).Run();
}

}  // namespace ggp::gdl::internal
