#include "reasoner/ground/demand.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_set>

#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/projection.h"

namespace ggp::reasoner::ground {
namespace {

using gdl::Literal;
using kif::SymbolId;
using kif::Term;
using Key = std::pair<SymbolId, uint32_t>;

Key KeyOf(const Term& sentence) {
  return {sentence.symbol, static_cast<uint32_t>(sentence.args.size())};
}

// Every sentence of a literal, `or` and `not` included.
template <typename F>
void ForEachSentence(const Literal& l, F&& f) {
  if (l.kind == Literal::Kind::kSentence) {
    f(l.term);
    return;
  }
  for (const Literal& c : l.children) ForEachSentence(c, f);
}

bool IsNegatedSentence(const Literal& l) {
  return l.kind == Literal::Kind::kNot && l.children.size() == 1 &&
         l.children[0].kind == Literal::Kind::kSentence;
}

bool Covered(const Term& t, const std::unordered_set<SymbolId>& vars) {
  std::vector<SymbolId> own;
  gdl::CollectVariables(t, &own);
  return std::all_of(own.begin(), own.end(), [&](SymbolId v) { return vars.count(v) > 0; });
}

void AddVariables(const Term& t, std::unordered_set<SymbolId>* vars) {
  std::vector<SymbolId> own;
  gdl::CollectVariables(t, &own);
  vars->insert(own.begin(), own.end());
}

class Demand {
 public:
  explicit Demand(const gdl::Description& in) : in_(in) {}

  DemandRewrite Run() {
    FindCandidates();
    while (Narrow()) {
    }
    DemandRewrite out;
    out.description.symbols = in_.symbols;
    out.description.roles = in_.roles;
    for (auto& [key, positions] : bound_) {
      if (!Restricted(key)) continue;
      const SymbolId name = in_.symbols->InternFresh("ggp_demand_", &next_);
      const auto arity =
          static_cast<uint32_t>(std::count(positions.begin(), positions.end(), true));
      magic_.emplace(key, name);
      out.filters.emplace_back(name, arity);
      DemandOf of{key.first, key.second, name, {}};
      for (uint32_t p = 0; p < key.second; ++p) {
        if (positions[p]) of.positions.push_back(p);
      }
      out.restricted_relations.push_back(std::move(of));
      ++out.restricted;
    }
    std::set<std::string> seen;
    gdl::Description demand;
    demand.symbols = in_.symbols;
    demand.roles = in_.roles;
    for (const gdl::Rule& r : in_.rules) {
      gdl::Rule copy = r;
      // Last in body order: the grounder's joins take the literals connected to what is
      // bound in body order, so the demand is joined once the body has bound what it
      // can (a lookup), or before a generator the body does not connect (chess's
      // (coordinate ?ignorex)). First, it was joined right after any literal sharing one
      // variable with it: blokbox_simple's corner rule read every demanded placement of
      // a colour per cell of that colour, and its build took 3.6 times as long.
      if (Restricted(KeyOf(r.head))) copy.body.push_back(MagicLiteral(r.head, r.where));
      out.description.rules.push_back(std::move(copy));
      for (gdl::Rule& m : DemandRules(r)) {
        if (seen.insert(gdl::ToString(m, *in_.symbols)).second) {
          demand.rules.push_back(std::move(m));
        }
      }
    }
    // A demand rule only says which heads to make: the variables of its body alone are
    // projected away (projection.h), so it is not joined once per binding of them (the
    // squares other than the capture one, in chess). The auxiliary relations are filters
    // too.
    const size_t own = demand.rules.size();
    gdl::Description projected = ProjectLocalVariables(demand);
    out.demand_rules = projected.rules.size();
    for (size_t i = own; i < projected.rules.size(); ++i) {
      out.filters.push_back(KeyOf(projected.rules[i].head));
    }
    std::sort(out.filters.begin(), out.filters.end());
    out.filters.erase(std::unique(out.filters.begin(), out.filters.end()), out.filters.end());
    for (gdl::Rule& m : projected.rules) out.description.rules.push_back(std::move(m));
    return out;
  }

 private:
  // Candidates: relations that depend on true or does, not keywords, never inside `or`.
  void FindCandidates() {
    std::set<Key> dynamic = {{kif::kTrue, 1}, {kif::kDoes, 2}};
    for (bool grew = true; grew;) {
      grew = false;
      for (const gdl::Rule& r : in_.rules) {
        if (dynamic.count(KeyOf(r.head)) > 0) continue;
        bool reads_dynamic = false;
        for (const Literal& l : r.body) {
          ForEachSentence(l, [&](const Term& s) { reads_dynamic |= dynamic.count(KeyOf(s)) > 0; });
        }
        if (reads_dynamic) grew = dynamic.insert(KeyOf(r.head)).second || grew;
      }
    }
    std::set<Key> excluded;
    for (const gdl::Rule& r : in_.rules) {
      for (const Literal& l : r.body) {
        if (l.kind == Literal::Kind::kSentence || IsNegatedSentence(l)) continue;
        ForEachSentence(l, [&](const Term& s) { excluded.insert(KeyOf(s)); });
      }
    }
    for (const gdl::Rule& r : in_.rules) {
      const Key k = KeyOf(r.head);
      if (k.first < kif::kNumKeywords || k.second == 0 || dynamic.count(k) == 0 ||
          excluded.count(k) > 0) {
        continue;
      }
      bound_.emplace(k, std::vector<bool>(k.second, true));
    }
  }

  bool Candidate(const Term& sentence) const { return bound_.count(KeyOf(sentence)) > 0; }

  bool Restricted(const Key& k) const {
    auto it = bound_.find(k);
    return it != bound_.end() &&
           std::find(it->second.begin(), it->second.end(), true) != it->second.end();
  }

  // The positive literals of `r` in body order: the order of sideways information.
  // (Putting the literals of unrestricted relations first binds more positions, but a
  // static literal such as chess's (different_cells ?cx ?cy ?u ?v) then multiplies the
  // demand by the squares it ranges over.)
  static std::vector<const Literal*> Positives(const gdl::Rule& r) {
    std::vector<const Literal*> out;
    for (const Literal& l : r.body) {
      if (l.kind == Literal::Kind::kSentence) out.push_back(&l);
    }
    return out;
  }

  // The variables the demand of `head` binds (none when it is not restricted).
  std::unordered_set<SymbolId> HeadBound(const Term& head) const {
    std::unordered_set<SymbolId> vars;
    if (!Restricted(KeyOf(head))) return vars;
    const std::vector<bool>& b = bound_.at(KeyOf(head));
    for (size_t p = 0; p < b.size(); ++p) {
      if (b[p]) AddVariables(head.args[p], &vars);
    }
    return vars;
  }

  // Unbinds the positions of `s` that `vars` does not cover; true if one was.
  bool NarrowAt(const Term& s, const std::unordered_set<SymbolId>& vars) {
    std::vector<bool>& b = bound_.at(KeyOf(s));
    bool changed = false;
    for (size_t p = 0; p < b.size(); ++p) {
      if (b[p] && !Covered(s.args[p], vars)) b[p] = false, changed = true;
    }
    return changed;
  }

  // One pass over every reader; true if a position lost its binding.
  bool Narrow() {
    bool changed = false;
    for (const gdl::Rule& r : in_.rules) {
      std::unordered_set<SymbolId> vars = HeadBound(r.head);
      for (const Literal* l : Positives(r)) {
        if (Candidate(l->term)) changed |= NarrowAt(l->term, vars);
        AddVariables(l->term, &vars);
      }
      for (const Literal& l : r.body) {
        if (IsNegatedSentence(l) && Candidate(l.children[0].term)) {
          changed |= NarrowAt(l.children[0].term, vars);
        }
      }
    }
    return changed;
  }

  // (magic_R args at R's bound positions) for a sentence of a restricted R.
  Literal MagicLiteral(const Term& s, const kif::Position& where) const {
    const std::vector<bool>& b = bound_.at(KeyOf(s));
    std::vector<Term> args;
    for (size_t p = 0; p < b.size(); ++p) {
      if (b[p]) args.push_back(s.args[p]);
    }
    Literal l;
    l.kind = Literal::Kind::kSentence;
    l.term = Term::Compound(magic_.at(KeyOf(s)), std::move(args));
    l.where = where;
    return l;
  }

  // The rules that collect what `r` asks of the restricted relations it reads positively.
  std::vector<gdl::Rule> DemandRules(const gdl::Rule& r) const {
    std::vector<gdl::Rule> out;
    std::vector<Literal> prefix;
    std::unordered_set<SymbolId> vars;
    const bool restricted = Restricted(KeyOf(r.head));
    if (restricted) vars = HeadBound(r.head);
    auto demand = [&](const Term& s, const kif::Position& where) {
      gdl::Rule m;
      m.head = MagicLiteral(s, where).term;
      m.body = prefix;
      if (restricted) m.body.push_back(MagicLiteral(r.head, r.where));  // last, as above
      for (const Literal& l : r.body) {
        if (l.kind == Literal::Kind::kDistinct && Covered(l.term, vars)) m.body.push_back(l);
      }
      m.where = where;
      out.push_back(std::move(m));
    };
    for (const Literal* l : Positives(r)) {
      if (Restricted(KeyOf(l->term))) demand(l->term, l->where);
      prefix.push_back(*l);
      AddVariables(l->term, &vars);
    }
    return out;  // negated literals: by the grounder (DemandRewrite::restricted_relations)
  }

  const gdl::Description& in_;
  std::map<Key, std::vector<bool>> bound_;  // per candidate: the positions every reader binds
  std::map<Key, SymbolId> magic_;
  int next_ = 0;
};

}  // namespace

DemandRewrite RestrictToDemand(const gdl::Description& normalized) {
  return Demand(normalized).Run();
}

}  // namespace ggp::reasoner::ground
