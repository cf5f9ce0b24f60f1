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
    out.filters.insert(out.filters.end(), supplementary_.begin(), supplementary_.end());
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

  // The step of `r`'s positive literals (up to `last`) after which each distinct of its
  // body is covered, -1 where the reader's demand covers it; -2 where none does and for the
  // other literals.
  std::vector<int> CoveredAt(const gdl::Rule& r, const std::vector<const Literal*>& positives,
                             int last) const {
    std::vector<int> covered_at(r.body.size(), -2);
    std::unordered_set<SymbolId> vars = HeadBound(r.head);
    for (int i = -1; i <= last; ++i) {
      if (i >= 0) AddVariables(positives[i]->term, &vars);
      for (size_t j = 0; j < r.body.size(); ++j) {
        const Literal& l = r.body[j];
        if (l.kind == Literal::Kind::kDistinct && covered_at[j] == -2 && Covered(l.term, vars)) {
          covered_at[j] = i;
        }
      }
    }
    return covered_at;
  }

  // The prefix of a reader as a rule body: its sentence literals, the reader's own demand
  // where `reader` (last, as in restricted rules), and the distincts they cover.
  struct Prefix {
    std::vector<Literal> literals;
    const Literal* reader = nullptr;  // the reader's demand, while not carried
    std::vector<Literal> distincts;

    std::vector<Literal> Body() const {
      std::vector<Literal> body = literals;
      if (reader != nullptr) body.push_back(*reader);
      body.insert(body.end(), distincts.begin(), distincts.end());
      return body;
    }
  };

  // After positive literal i of `r` (DemandRules), where two restricted literals or more
  // are still to come: the prefix is carried forward as one supplementary relation (sup
  // vars...) over the variables the literals after i still read, if that drops one (a
  // carried prefix as wide as its join holds one fact per instance of it, more to store
  // than the join saves: ruleDepthExponential's 2^20 bit vectors built twice as slowly).
  // Appends its rule to *out and makes it the whole prefix.
  void CarryPrefix(const gdl::Rule& r, const std::vector<const Literal*>& positives, int i,
                   int last, const std::vector<int>& covered_at, Prefix* prefix,
                   std::vector<gdl::Rule>* out) {
    int to_come = 0;
    for (int k = i + 1; k <= last; ++k) to_come += Restricted(KeyOf(positives[k]->term));
    // (One more joins the prefix once however it is written.)
    if (to_come < 2 || prefix->literals.size() + (prefix->reader != nullptr ? 1 : 0) < 2) return;
    std::unordered_set<SymbolId> later;
    for (int k = i + 1; k <= last; ++k) AddVariables(positives[k]->term, &later);
    for (size_t j = 0; j < r.body.size(); ++j) {
      if (covered_at[j] > i) AddVariables(r.body[j].term, &later);
    }
    std::vector<SymbolId> order;
    for (const Literal& p : prefix->literals) gdl::CollectVariables(p.term, &order);
    if (prefix->reader != nullptr) gdl::CollectVariables(prefix->reader->term, &order);
    std::vector<Term> args;
    std::unordered_set<SymbolId> kept;
    for (SymbolId v : order) {
      if (later.count(v) > 0 && kept.insert(v).second) args.push_back(Term::Variable(v));
    }
    if (args.empty() ||
        args.size() == std::unordered_set<SymbolId>(order.begin(), order.end()).size()) {
      return;
    }
    const kif::Position& where = positives[i]->where;
    gdl::Rule sup;
    sup.head = Term::Compound(in_.symbols->InternFresh("ggp_demand_", &next_), args);
    sup.body = prefix->Body();
    sup.where = where;
    supplementary_.push_back(KeyOf(sup.head));
    Literal carried;
    carried.kind = Literal::Kind::kSentence;
    carried.term = sup.head;
    carried.where = where;
    out->push_back(std::move(sup));
    prefix->literals.assign(1, std::move(carried));
    prefix->reader = nullptr;
    prefix->distincts.clear();
  }

  // The rules that collect what `r` asks of the restricted relations it reads positively.
  // The demand of the k-th positive literal is the join of the reader's own demand and the
  // literals before it, projected onto the literal's bound arguments. Joined anew for each
  // literal, a chain of k restricted literals costs k prefix joins (solitaireChineseCheckers'
  // four-jump moves built 1.44 times as slowly): so the prefix is carried forward as a
  // supplementary relation over the variables later literals still read, made from the one
  // before it and the next literal (supplementary magic sets, CarryPrefix). The demand it
  // yields is the same.
  std::vector<gdl::Rule> DemandRules(const gdl::Rule& r) {
    std::vector<gdl::Rule> out;
    const std::vector<const Literal*> positives = Positives(r);
    int last = -1;
    for (size_t i = 0; i < positives.size(); ++i) {
      if (Restricted(KeyOf(positives[i]->term))) last = static_cast<int>(i);
    }
    if (last < 0) return out;  // negated literals: by the grounder (restricted_relations)
    const std::vector<int> covered_at = CoveredAt(r, positives, last);
    Prefix prefix;
    Literal reader;
    if (Restricted(KeyOf(r.head))) {
      reader = MagicLiteral(r.head, r.where);
      prefix.reader = &reader;
    }
    auto take_distincts = [&](int step) {
      for (size_t j = 0; j < r.body.size(); ++j) {
        if (covered_at[j] == step) prefix.distincts.push_back(r.body[j]);
      }
    };
    take_distincts(-1);
    for (int i = 0; i <= last; ++i) {
      const Literal& l = *positives[i];
      if (Restricted(KeyOf(l.term))) {
        gdl::Rule m;
        m.head = MagicLiteral(l.term, l.where).term;
        m.body = prefix.Body();
        m.where = l.where;
        out.push_back(std::move(m));
      }
      if (i == last) break;
      prefix.literals.push_back(l);
      take_distincts(i);
      CarryPrefix(r, positives, i, last, covered_at, &prefix, &out);
    }
    return out;
  }

  const gdl::Description& in_;
  std::map<Key, std::vector<bool>> bound_;  // per candidate: the positions every reader binds
  std::map<Key, SymbolId> magic_;
  std::vector<Key> supplementary_;  // the carried prefixes of DemandRules: filters too
  int next_ = 0;
};

}  // namespace

DemandRewrite RestrictToDemand(const gdl::Description& normalized) {
  return Demand(normalized).Run();
}

}  // namespace ggp::reasoner::ground
