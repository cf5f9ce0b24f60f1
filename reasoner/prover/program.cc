#include "reasoner/prover/program.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>

#include "reasoner/prover/evaluator.h"

namespace ggp::reasoner::prover {

// Builds a Program from a normalised description.
class Compiler {
 public:
  explicit Compiler(const gdl::Description& d) : d_(d), p_(new Program()) {
    p_->symbols_ = d.symbols;
  }

  std::unique_ptr<Program> Run(std::string* error) {
    p_->rel_true = Relation(kif::kTrue, 1);
    p_->rel_does = Relation(kif::kDoes, 2);
    for (const gdl::Rule& r : d_.rules) CompileRule(r);
    if (d_.roles.empty()) {
      *error = "the game declares no roles";
      return nullptr;
    }
    for (const kif::Term& role : d_.roles) {
      if (!role.is_ground()) {
        *error = "a role is not a ground term";
        return nullptr;
      }
      p_->role_terms.push_back(p_->terms_.FromTerm(role));
    }
    p_->rel_legal = Find(kif::kLegal, 2);
    p_->rel_next = Find(kif::kNext, 1);
    p_->rel_goal = Find(kif::kGoal, 2);
    p_->rel_terminal = Find(kif::kTerminal, 0);
    p_->rel_init = Find(kif::kInit, 1);
    BuildComponents();
    for (size_t r = 0; r < d_.roles.size(); ++r) {
      p_->moves_.push_back(std::make_unique<DenseNumbering>());
    }
    // Static facts, once.
    Evaluator ev(*p_, /*static_mode=*/true);
    for (size_t c = 0; c < p_->components_.size(); ++c) {
      const Component& comp = p_->components_[c];
      if (comp.is_static && comp.materialised) ev.Facts(comp.relations.front());
    }
    if (ev.overflowed()) {
      *error = "static facts grow without bound (recursion over function terms?)";
      return nullptr;
    }
    p_->static_facts_ = ev.TakeTables();
    for (size_t r = 0; r < p_->static_facts_.size(); ++r) {
      const Component& comp = p_->components_[static_cast<size_t>(p_->component_of_[r])];
      if (!comp.is_static || !comp.materialised) {
        p_->static_facts_[r] = FactTable(p_->arity_[r]);
      } else {
        p_->static_facts_[r].EnableStructIndex(&p_->terms_);  // complete: read-only from now
      }
    }
    return std::move(p_);
  }

 private:
  int Relation(kif::SymbolId name, int arity) {
    auto key = std::make_pair(name, arity);
    auto it = relations_.find(key);
    if (it != relations_.end()) return it->second;
    int id = static_cast<int>(p_->arity_.size());
    p_->arity_.push_back(arity);
    p_->name_.push_back(name);
    relations_.emplace(key, id);
    deps_.emplace_back();
    return id;
  }
  int Find(kif::SymbolId name, int arity) const {
    auto it = relations_.find({name, arity});
    return it == relations_.end() ? -1 : it->second;
  }

  Pattern Compile(const kif::Term& t) {
    Pattern p;
    if (t.is_ground()) {
      p.kind = Pattern::Kind::kGround;
      p.ground = p_->terms_.FromTerm(t);
    } else if (t.is_variable) {
      p.kind = Pattern::Kind::kVariable;
      auto it = vars_.find(t.symbol);
      if (it == vars_.end()) it = vars_.emplace(t.symbol, static_cast<int>(vars_.size())).first;
      p.variable = it->second;
    } else {
      p.kind = Pattern::Kind::kCompound;
      p.functor = t.symbol;
      for (const kif::Term& a : t.args) p.args.push_back(Compile(a));
    }
    return p;
  }

  void CompileRule(const gdl::Rule& r) {
    vars_.clear();
    CompiledRule cr;
    cr.head = Relation(r.head.symbol, static_cast<int>(r.head.args.size()));
    for (const gdl::Literal& l : r.body) {
      BodyLiteral bl;
      const gdl::Literal* inner = &l;
      bool negated = false;
      // not (not x) == x under negation as failure for the ground instances we evaluate.
      while (inner->kind == gdl::Literal::Kind::kNot) {
        negated = !negated;
        inner = &inner->children[0];
      }
      if (inner->kind == gdl::Literal::Kind::kDistinct) {
        bl.kind = negated ? BodyLiteral::Kind::kEqual : BodyLiteral::Kind::kDistinct;
        bl.args.push_back(Compile(inner->term.args[0]));
        bl.args.push_back(Compile(inner->term.args[1]));
      } else if (inner->kind == gdl::Literal::Kind::kSentence) {
        bl.kind = negated ? BodyLiteral::Kind::kNegative : BodyLiteral::Kind::kPositive;
        bl.relation = Relation(inner->term.symbol, static_cast<int>(inner->term.args.size()));
        for (const kif::Term& a : inner->term.args) bl.args.push_back(Compile(a));
        deps_[static_cast<size_t>(cr.head)].push_back({bl.relation, negated});
      } else {
        continue;  // `or` never survives normalisation
      }
      cr.body.push_back(std::move(bl));
    }
    for (const kif::Term& a : r.head.args) cr.head_args.push_back(Compile(a));
    cr.num_variables = static_cast<int>(vars_.size());
    p_->rules_.push_back(std::move(cr));
  }

  // Tarjan's algorithm; components come out dependencies first.
  void BuildComponents() {
    size_t n = p_->arity_.size();
    std::vector<int> index(n, -1), low(n, 0);
    std::vector<char> on_stack(n, 0);
    std::vector<int> stack;
    int counter = 0;
    p_->component_of_.assign(n, -1);
    std::function<void(int)> visit = [&](int v) {
      index[static_cast<size_t>(v)] = low[static_cast<size_t>(v)] = counter++;
      stack.push_back(v);
      on_stack[static_cast<size_t>(v)] = 1;
      for (const auto& [w, neg] : deps_[static_cast<size_t>(v)]) {
        if (index[static_cast<size_t>(w)] < 0) {
          visit(w);
          low[static_cast<size_t>(v)] = std::min(low[static_cast<size_t>(v)], low[static_cast<size_t>(w)]);
        } else if (on_stack[static_cast<size_t>(w)]) {
          low[static_cast<size_t>(v)] = std::min(low[static_cast<size_t>(v)], index[static_cast<size_t>(w)]);
        }
      }
      if (low[static_cast<size_t>(v)] == index[static_cast<size_t>(v)]) {
        Component comp;
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[static_cast<size_t>(w)] = 0;
          p_->component_of_[static_cast<size_t>(w)] = static_cast<int>(p_->components_.size());
          comp.relations.push_back(w);
        } while (w != v);
        p_->components_.push_back(std::move(comp));
      }
    };
    for (size_t v = 0; v < n; ++v) {
      if (index[v] < 0) visit(static_cast<int>(v));
    }
    auto& comps = p_->components_;
    p_->rules_of_.assign(n, {});
    for (size_t r = 0; r < p_->rules_.size(); ++r) {
      CompiledRule& rule = p_->rules_[r];
      p_->rules_of_[static_cast<size_t>(rule.head)].push_back(static_cast<int>(r));
      int c = p_->component_of_[static_cast<size_t>(rule.head)];
      comps[static_cast<size_t>(c)].rules.push_back(static_cast<int>(r));
      for (const BodyLiteral& bl : rule.body) {
        if (bl.relation >= 0 && p_->component_of_[static_cast<size_t>(bl.relation)] == c) {
          comps[static_cast<size_t>(c)].recursive = true;
          if (bl.kind == BodyLiteral::Kind::kNegative) rule.negates_own_component = true;
        }
      }
    }
    // Components are in dependency order, so one forward pass settles the flags.
    for (size_t c = 0; c < comps.size(); ++c) {
      Component& comp = comps[c];
      bool dynamic = false, does = false, only_facts = true;
      for (int rel : comp.relations) {
        if (rel == p_->rel_true) dynamic = true;
        if (rel == p_->rel_does) dynamic = does = true;
        for (const auto& [w, neg] : deps_[static_cast<size_t>(rel)]) {
          size_t wc = static_cast<size_t>(p_->component_of_[static_cast<size_t>(w)]);
          if (wc == c) continue;
          dynamic |= !comps[wc].is_static;
          does |= comps[wc].depends_on_does;
        }
      }
      bool negation_inside = false;
      for (int r : comp.rules) {
        const CompiledRule& rule = p_->rules_[static_cast<size_t>(r)];
        if (!rule.body.empty()) only_facts = false;
        negation_inside |= rule.negates_own_component;
      }
      comp.is_static = !dynamic;
      comp.depends_on_does = does;
      // Recursion through negation is evaluated whole (stratum by stratum); positive
      // recursion is tabled per call (evaluator.h).
      comp.materialised = only_facts || negation_inside;
    }
  }

  const gdl::Description& d_;
  std::unique_ptr<Program> p_;
  std::map<std::pair<kif::SymbolId, int>, int> relations_;
  std::vector<std::vector<std::pair<int, bool>>> deps_;
  std::map<kif::SymbolId, int> vars_;
};

std::unique_ptr<Program> Program::Compile(const gdl::Description& normalised, std::string* error) {
  return Compiler(normalised).Run(error);
}

int Program::GoalValue(TermId id) const {
  if (terms_.IsCompound(id)) return -1;
  std::string_view name = symbols_->Name(terms_.Functor(id));
  if (name.empty() || name.size() > 9) return -1;
  int v = 0;
  for (char c : name) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

uint32_t Program::FluentIndex(TermId fluent) const {
  return static_cast<uint32_t>(fluents_.NumberOf(fluent));
}

TermId Program::FluentTerm(uint32_t index) const { return fluents_.TermOf(static_cast<int32_t>(index)); }

int32_t Program::MoveIndex(int role, TermId move) const {
  return moves_[static_cast<size_t>(role)]->NumberOf(move);
}

TermId Program::MoveTermId(int role, int32_t move) const {
  return moves_[static_cast<size_t>(role)]->TermOf(move);
}

}  // namespace ggp::reasoner::prover
