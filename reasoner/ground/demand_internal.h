#pragma once
// The demand restriction's internals (demand.h), shared by demand.cc (candidates, their
// bound positions, the rewrite) and demand_rules.cc (the rules that fill the demand
// relations). Not an interface: include demand.h.
//
// Not thread safe: one Demand per description, on the calling thread.

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/demand.h"

namespace ggp::reasoner::ground::demand_internal {

using gdl::Literal;
using kif::SymbolId;
using kif::Term;
using Key = std::pair<SymbolId, uint32_t>;

inline Key KeyOf(const Term& sentence) {
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

inline bool IsNegatedSentence(const Literal& l) {
  return l.kind == Literal::Kind::kNot && l.children.size() == 1 &&
         l.children[0].kind == Literal::Kind::kSentence;
}

inline bool Covered(const Term& t, const std::unordered_set<SymbolId>& vars) {
  std::vector<SymbolId> own;
  gdl::CollectVariables(t, &own);
  return std::all_of(own.begin(), own.end(), [&](SymbolId v) { return vars.count(v) > 0; });
}

inline void AddVariables(const Term& t, std::unordered_set<SymbolId>* vars) {
  std::vector<SymbolId> own;
  gdl::CollectVariables(t, &own);
  vars->insert(own.begin(), own.end());
}

class Demand {
 public:
  explicit Demand(const gdl::Description& in) : in_(in) {}

  DemandRewrite Run();

 private:
  // Candidates: relations that depend on true or does, not keywords, never inside `or`.
  void FindCandidates();

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
  bool Narrow();

  // (magic_R args at R's bound positions) for a sentence of a restricted R.
  Literal MagicLiteral(const Term& s, const kif::Position& where) const;

  // The step of `r`'s positive literals (up to `last`) after which each distinct of its
  // body is covered, -1 where the reader's demand covers it; -2 where none does and for the
  // other literals.
  std::vector<int> CoveredAt(const gdl::Rule& r, const std::vector<const Literal*>& positives,
                             int last) const;

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
                   std::vector<gdl::Rule>* out);

  // The rules that collect what `r` asks of the restricted relations it reads positively.
  // The demand of the k-th positive literal is the join of the reader's own demand and the
  // literals before it, projected onto the literal's bound arguments. Joined anew for each
  // literal, a chain of k restricted literals costs k prefix joins (solitaireChineseCheckers'
  // four-jump moves built 1.44 times as slowly): so the prefix is carried forward as a
  // supplementary relation over the variables later literals still read, made from the one
  // before it and the next literal (supplementary magic sets, CarryPrefix). The demand it
  // yields is the same.
  std::vector<gdl::Rule> DemandRules(const gdl::Rule& r);

  const gdl::Description& in_;
  std::map<Key, std::vector<bool>> bound_;  // per candidate: the positions every reader binds
  std::map<Key, SymbolId> magic_;
  std::vector<Key> supplementary_;  // the carried prefixes of DemandRules: filters too
  int next_ = 0;
};

}  // namespace ggp::reasoner::ground::demand_internal
