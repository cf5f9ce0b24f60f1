// Arity consistency: a relation name has one arity, a function name has one arity
// (protocol §3.2). A name used both as a relation and as a function may have different
// arities in each role (§3.6 pitfall 13), and a name may be both a constant and a function
// ((move ...) and move): real games do both, neither is reported.

#include <map>

#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl::internal {
namespace {

// How one symbol is used in one role (relation or function).
struct Usage {
  std::map<size_t, kif::Position> first_by_arity;  // arity -> first place seen
  size_t first_arity = 0;
  kif::Position first;
  kif::Position bare_zero;      // 0-ary written `f` (relations) / constant `f` (terms)
  kif::Position compound_zero;  // 0-ary written `(f)`
  bool has_bare_zero = false;
  bool has_compound_zero = false;
};

class ArityCollector {
 public:
  explicit ArityCollector(Reporter* r) : r_(r) {}

  void Sentence(const kif::Term& t, kif::Position where) {
    if (!kif::SymbolTable::IsKeyword(t.symbol)) Use(&relations_[t.symbol], t, where);
    for (const kif::Term& a : t.args) Term(a, where);
  }

  void Term(const kif::Term& t, kif::Position where) {
    if (t.is_variable) return;
    if (!t.is_compound) {
      Usage& u = constants_[t.symbol];
      if (!u.has_bare_zero) {
        u.has_bare_zero = true;
        u.bare_zero = where;
      }
      return;
    }
    Use(&functions_[t.symbol], t, where);
    for (const kif::Term& a : t.args) Term(a, where);
  }

  void Report() {
    ReportArities(relations_, "relation");
    ReportArities(functions_, "function");
    for (const auto& [symbol, u] : relations_) {
      if (u.has_bare_zero && u.has_compound_zero) {
        r_->Warning("style", u.compound_zero,
                    "0-ary relation " + r_->Quote(symbol) + " written as '(" + r_->Name(symbol) +
                        ")' here but as '" + r_->Name(symbol) + "' at " + LineOf(u.bare_zero) +
                        " (some reasoners treat these as different sentences)");
      }
    }
    for (const auto& [symbol, c] : constants_) {
      auto it = functions_.find(symbol);
      if (it == functions_.end()) continue;
      const Usage& f = it->second;
      if (f.has_compound_zero) {
        r_->Warning("style", f.compound_zero,
                    "term '(" + r_->Name(symbol) + ")' here but constant '" + r_->Name(symbol) +
                        "' at " + LineOf(c.bare_zero) + " (they are different terms)");
      }
    }
  }

 private:
  static void Use(Usage* u, const kif::Term& t, kif::Position where) {
    if (u->first_by_arity.empty()) {
      u->first_arity = t.arity();
      u->first = where;
    }
    u->first_by_arity.emplace(t.arity(), where);
    if (t.arity() == 0) {
      bool& seen = t.is_compound ? u->has_compound_zero : u->has_bare_zero;
      if (!seen) (t.is_compound ? u->compound_zero : u->bare_zero) = where;
      seen = true;
    }
  }

  void ReportArities(const std::map<kif::SymbolId, Usage>& uses, const std::string& what) {
    for (const auto& [symbol, u] : uses) {
      for (const auto& [arity, where] : u.first_by_arity) {
        if (arity == u.first_arity) continue;
        r_->Error("arity", where,
                  what + " " + r_->Quote(symbol) + " used with arity " + std::to_string(arity) +
                      " here but with arity " + std::to_string(u.first_arity) + " at " +
                      LineOf(u.first));
      }
    }
  }

  Reporter* r_;
  std::map<kif::SymbolId, Usage> relations_;
  std::map<kif::SymbolId, Usage> functions_;
  std::map<kif::SymbolId, Usage> constants_;
};

}  // namespace

void CheckArities(const Description& d, Reporter* r) {
  ArityCollector c(r);
  for (const Rule& rule : d.rules) {
    ForEachOccurrence(rule, [&](const Occurrence& o) {
      if (o.distinct) {
        for (const kif::Term& a : o.term->args) c.Term(a, o.where);
      } else {
        c.Sentence(*o.term, o.where);
      }
    });
  }
  c.Report();
}

}  // namespace ggp::gdl::internal
