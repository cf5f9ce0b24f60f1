#pragma once
// The rules of a game compiled for bottom-up evaluation.
//
// Relations are identified by (name, arity). Rules become patterns over TermIds with
// numbered variables. Relations are grouped into strongly connected components (SCCs) of
// the dependency graph, in an order where every component comes after the components it
// depends on. Components that depend on neither `true` nor `does` are static: their facts
// are computed once, at construction, and shared read-only by every workspace.
//
// Thread safety: immutable after Compile() except the TermStore and the fluent and move
// numbering, which are internally synchronised.

#include <memory>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/prover/dense_map.h"
#include "reasoner/prover/fact_table.h"
#include "reasoner/prover/term_store.h"

namespace ggp::reasoner::prover {

struct Pattern {
  enum class Kind : unsigned char { kVariable, kGround, kCompound };
  Kind kind = Kind::kGround;
  int variable = -1;                  // kVariable
  TermId ground = kNoTerm;            // kGround
  kif::SymbolId functor = -1;         // kCompound
  std::vector<Pattern> args;          // kCompound
};

struct BodyLiteral {
  enum class Kind : unsigned char { kPositive, kNegative, kDistinct, kEqual };
  Kind kind = Kind::kPositive;
  int relation = -1;          // kPositive / kNegative
  std::vector<Pattern> args;  // relation arguments, or the two terms of distinct / equal
};

struct CompiledRule {
  int head = -1;
  std::vector<Pattern> head_args;
  std::vector<BodyLiteral> body;
  int num_variables = 0;
  bool negates_own_component = false;  // has a `not` on a relation of its own SCC
};

struct Component {
  std::vector<int> relations;
  std::vector<int> rules;
  bool recursive = false;          // a rule reads a relation of this component
  bool is_static = false;          // depends on neither true nor does
  bool depends_on_does = false;
  // Materialised components are computed whole, bottom-up (the base relations true/does,
  // relations made only of facts, recursion through negation). The others are evaluated
  // on demand, top-down, for the argument bindings a caller asks for, and memoised
  // (tabled, for positive recursion): a
  // relation such as (threatened ?owner ?x ?y ?ignorex ?ignorey) would be far too large
  // to compute for every binding.
  bool materialised = false;
};

class Program {
 public:
  // Compiles a normalised description. Returns null and sets `error` on failure.
  static std::unique_ptr<Program> Compile(const gdl::Description& normalised, std::string* error);

  TermStore& terms() const { return terms_; }
  const std::vector<int>& relation_arity() const { return arity_; }
  int num_relations() const { return static_cast<int>(arity_.size()); }
  const std::vector<CompiledRule>& rules() const { return rules_; }
  const std::vector<Component>& components() const { return components_; }
  const Component& component_of_relation(int relation) const {
    return components_[static_cast<size_t>(component_of_[static_cast<size_t>(relation)])];
  }
  // Rules whose head is `relation`.
  const std::vector<int>& rules_of(int relation) const { return rules_of_[static_cast<size_t>(relation)]; }
  int component_of(int relation) const { return component_of_[static_cast<size_t>(relation)]; }
  // Facts of a static relation (empty table for others).
  const FactTable& static_facts(int relation) const { return static_facts_[static_cast<size_t>(relation)]; }

  // Relation ids of the keywords (-1 when the game never mentions them).
  int rel_true = -1, rel_does = -1, rel_legal = -1, rel_next = -1, rel_goal = -1,
      rel_terminal = -1, rel_init = -1;
  std::vector<TermId> role_terms;  // role order
  // The integer value of goal term `id` (0..100 expected), or -1 if not an integer.
  int GoalValue(TermId id) const;

  // Dense numbering of fluents and of each role's moves, assigned on first sight.
  uint32_t FluentIndex(TermId fluent) const;
  TermId FluentTerm(uint32_t index) const;
  int32_t MoveIndex(int role, TermId move) const;
  TermId MoveTermId(int role, int32_t move) const;

 private:
  friend class Compiler;
  Program() = default;


  mutable TermStore terms_;
  std::vector<int> arity_;
  std::vector<kif::SymbolId> name_;
  std::vector<CompiledRule> rules_;
  std::vector<Component> components_;
  std::vector<int> component_of_;
  std::vector<std::vector<int>> rules_of_;
  std::vector<FactTable> static_facts_;
  std::shared_ptr<kif::SymbolTable> symbols_;

  // Lock-free for numbers already assigned (dense_map.h).
  mutable DenseNumbering fluents_;
  mutable std::vector<std::unique_ptr<DenseNumbering>> moves_;  // per role
};

}  // namespace ggp::reasoner::prover
