#include "reasoner/ground/projection.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "reasoner/gdl/normalize.h"

namespace ggp::reasoner::ground {
namespace {

using gdl::Literal;
using kif::SymbolId;
using kif::Term;

// Occurrences of each variable in a term (every occurrence counts).
void CountVariables(const Term& t, std::unordered_map<SymbolId, int>* count) {
  if (t.is_variable) {
    ++(*count)[t.symbol];
    return;
  }
  for (const Term& a : t.args) CountVariables(a, count);
}

void CountVariables(const Literal& l, std::unordered_map<SymbolId, int>* count) {
  if (l.kind == Literal::Kind::kSentence || l.kind == Literal::Kind::kDistinct) {
    CountVariables(l.term, count);
    return;
  }
  for (const Literal& c : l.children) CountVariables(c, count);
}

// Per variable of `r`, how often it occurs in the head and the body.
std::unordered_map<SymbolId, int> Occurrences(const gdl::Rule& r) {
  std::unordered_map<SymbolId, int> total;
  CountVariables(r.head, &total);
  for (const Literal& l : r.body) CountVariables(l, &total);
  return total;
}

// The variables of literal `l` (first occurrence first) into `order`, and how many occur
// nowhere else in the rule (`total`: Occurrences of the rule).
int LocalVariables(const Literal& l, const std::unordered_map<SymbolId, int>& total,
                   std::vector<SymbolId>* order, std::vector<SymbolId>* kept) {
  std::unordered_map<SymbolId, int> own;
  CountVariables(l.term, &own);
  order->clear();
  gdl::CollectVariables(l.term, order);
  int local = 0;
  for (SymbolId v : *order) {
    if (own[v] == total.at(v)) {
      ++local;
    } else if (kept != nullptr) {
      kept->push_back(v);
    }
  }
  return local;
}

bool Projectable(const Literal& l) {
  return l.kind == Literal::Kind::kSentence && l.term.is_compound;
}

class Projector {
 public:
  Projector(const gdl::Description& in, int min_local, ProjectionStats* stats)
      : in_(in), min_local_(min_local), stats_(stats) {}

  gdl::Description Run() {
    gdl::Description out;
    out.symbols = in_.symbols;
    out.roles = in_.roles;
    for (const gdl::Rule& r : in_.rules) out.rules.push_back(Rewrite(r));
    for (gdl::Rule& aux : aux_rules_) out.rules.push_back(std::move(aux));
    return out;
  }

 private:
  gdl::Rule Rewrite(const gdl::Rule& r) {
    if (r.body.size() < 2) return r;  // nothing to share the work with
    const std::unordered_map<SymbolId, int> total = Occurrences(r);
    gdl::Rule out = r;
    for (Literal& l : out.body) {
      if (!Projectable(l)) continue;
      std::vector<SymbolId> order, kept;  // the literal's variables, first occurrence first
      if (LocalVariables(l, total, &order, &kept) < min_local_) continue;
      std::vector<SymbolId> canonical;
      const std::string key = CanonicalKey(l.term, *in_.symbols, &canonical);
      l.term = AuxSentence(key, l, canonical, kept);
      if (stats_ != nullptr) ++stats_->literals;
    }
    return out;
  }

  // The auxiliary sentence over `kept` replacing literal `l` (key: its canonical form);
  // defines the relation the first time the key is seen.
  Term AuxSentence(const std::string& key, const Literal& l, const std::vector<SymbolId>& order,
                   const std::vector<SymbolId>& kept) {
    std::string full = key + " |";
    for (SymbolId v : kept) {
      full += " " + std::to_string(std::find(order.begin(), order.end(), v) - order.begin());
    }
    auto it = aux_.find(full);
    SymbolId name;
    if (it != aux_.end()) {
      name = it->second;
    } else {
      name = FreshName();
      aux_.emplace(full, name);
      gdl::Rule def;
      def.head = Head(name, kept);
      def.body.push_back(l);
      def.where = l.where;
      aux_rules_.push_back(std::move(def));
      if (stats_ != nullptr) ++stats_->relations;
    }
    return Head(name, kept);
  }

  static Term Head(SymbolId name, const std::vector<SymbolId>& vars) {
    if (vars.empty()) return Term::Atom(name);
    std::vector<Term> args;
    for (SymbolId v : vars) args.push_back(Term::Variable(v));
    return Term::Compound(name, std::move(args));
  }

  SymbolId FreshName() { return in_.symbols->InternFresh("ggp_projection_", &next_); }

  const gdl::Description& in_;
  const int min_local_;
  ProjectionStats* stats_;
  std::unordered_map<std::string, SymbolId> aux_;
  std::vector<gdl::Rule> aux_rules_;
  int next_ = 0;
};

}  // namespace

std::string CanonicalKey(const Term& t, const kif::SymbolTable& symbols,
                         std::vector<SymbolId>* order) {
  if (t.is_variable) {
    auto it = std::find(order->begin(), order->end(), t.symbol);
    if (it == order->end()) {
      order->push_back(t.symbol);
      it = order->end() - 1;
    }
    return "?" + std::to_string(it - order->begin());
  }
  std::string s = std::string(symbols.Name(t.symbol));
  if (!t.is_compound) return s;
  s = "(" + s;
  for (const Term& a : t.args) s += " " + CanonicalKey(a, symbols, order);
  return s + ")";
}

gdl::Description ProjectLocalVariables(const gdl::Description& normalized, int min_local,
                                       ProjectionStats* stats) {
  return Projector(normalized, min_local, stats).Run();
}

bool HasLocalVariables(const gdl::Rule& rule, int min_local) {
  if (rule.body.size() < 2) return false;
  const std::unordered_map<SymbolId, int> total = Occurrences(rule);
  std::vector<SymbolId> order;
  for (const Literal& l : rule.body) {
    if (Projectable(l) && LocalVariables(l, total, &order, nullptr) >= min_local) return true;
  }
  return false;
}

}  // namespace ggp::reasoner::ground
