#pragma once
// Internal to validate*.cc: the finding collector and the individual checks. Each check
// reads the description and appends findings; none stops at the first problem.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/gdl/dependency_graph.h"
#include "reasoner/gdl/description.h"
#include "reasoner/gdl/validate.h"

namespace ggp::gdl::internal {

class Reporter {
 public:
  explicit Reporter(const kif::SymbolTable& symbols) : symbols_(symbols) {}

  void Error(std::string_view check, kif::Position where, std::string message) {
    Add(Severity::kError, check, where, std::move(message));
  }
  void Warning(std::string_view check, kif::Position where, std::string message) {
    Add(Severity::kWarning, check, where, std::move(message));
  }
  void Add(Severity s, std::string_view check, kif::Position where, std::string message) {
    report_.findings.push_back({s, std::string(check), {where, std::move(message)}});
  }

  // Quoted spelling of a symbol: 'legal'.
  std::string Quote(kif::SymbolId s) const { return "'" + std::string(symbols_.Name(s)) + "'"; }
  std::string Name(kif::SymbolId s) const { return std::string(symbols_.Name(s)); }
  std::string Show(const kif::Term& t) const { return kif::ToString(t, symbols_); }
  std::string Show(const Literal& l) const { return ToString(l, symbols_); }
  const kif::SymbolTable& symbols() const { return symbols_; }

  ValidationReport& report() { return report_; }

 private:
  const kif::SymbolTable& symbols_;
  ValidationReport report_;
};

// One sentence or `distinct` of a rule, with where it sits.
struct Occurrence {
  const kif::Term* term = nullptr;
  kif::Position where;    // the literal (the rule's position for the head)
  bool head = false;      // the rule's head
  bool negative = false;  // under a `not`
  bool distinct = false;  // a (distinct a b) literal: term's args are terms, not a sentence
};

// Calls `f` for the head of `r` and then for every sentence and distinct of its body,
// inside `not` and `or` too, in textual order.
void ForEachOccurrence(const Rule& r, const std::function<void(const Occurrence&)>& f);

// "line 7" (or "an unknown line").
std::string LineOf(kif::Position p);

// "p -> q (line 3) -not-> r (line 5)": the chain of graph edges `path` from `start`.
std::string Chain(const DependencyGraph& g, const Reporter& r, kif::SymbolId start,
                  const std::vector<size_t>& path);

// Relation and function arities; 0-ary `f` vs `(f)`; constants that are also functions.
void CheckArities(const Description& d, Reporter* r);
// Keyword arities and placement, roles, goal values.
void CheckKeywords(const Description& d, Reporter* r);
// Safety of every rule (with `or` handled exactly, without expanding it).
void CheckSafety(const Description& d, Reporter* r);
// Cycles through negation. A cycle between relations is an error only if it also exists
// between rules, following only body literals that unify with a rule's head; otherwise
// the ground instances are stratified (e.g. (goal r 100) <= (not (goal r 0))) and it is a
// warning.
void CheckStratification(const Description& d, const DependencyGraph& g, Reporter* r);
// Stratification, the recursion restriction, and what init/legal/goal/terminal/base/input
// may depend on.
void CheckDependencies(const Description& d, Reporter* r);

}  // namespace ggp::gdl::internal
