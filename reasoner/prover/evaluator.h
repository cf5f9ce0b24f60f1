#pragma once
// Evaluation of a compiled Program for one state (and joint move): bottom-up for
// materialised components, top-down with memoisation for the others.
//
//  - Materialised components (program.h) are computed whole the first time a rule or a
//    query reads them, by a fixpoint for recursive ones. A component whose rules negate
//    its own relations (stratified by arguments only, as in (<= (goal ?r 50) (not (goal
//    ?r 0)))) is computed by the alternating fixpoint: with the negated literals of the
//    component read against a fixed set I, Γ(I) is the least fixpoint; from K = {} it
//    repeats K = Γ(Γ(K)) until K stops growing. K is then the well-founded model, which
//    for rules stratified by their arguments is their meaning (each ground atom depends
//    on the negation of atoms of lower strata only). Running the negating rules after
//    the others have settled is not enough: a negated atom may come from a rule that
//    itself waits on a negation.
//  - Other relations are evaluated per call: a call is the relation plus the arguments the
//    caller has bound (unbound positions are free); its answers are computed once by
//    running the relation's rules with the head unified against the call, and memoised.
//    Positive recursion is tabled: a call that reaches a call still being evaluated sees
//    its partial answers. Calls that reach each other form an SCC of calls (found as
//    Tarjan's algorithm finds them, on a stack of pending calls); the SCC is re-run until
//    no answer is added (the least fixpoint over the subgoals actually needed), and its
//    calls are final from then on. A call whose SCC is itself alone and that read no
//    pending call is final after one pass: a chain of calls along a board line, each
//    needing the next, is evaluated once, not re-run.
//  - SetState forgets everything that depends on `true`; SetJoint what depends on `does`.
//    Memoised calls of static relations are kept across states, until there are more
//    than kMaxStaticCalls of them: SetState then forgets them all (sudoku's goal asks
//    `exactlyOne` about each row's marks, a new call for nearly every end state; kept
//    for good they grew by some 200 MB a second under fast playouts).
// Rules are joined in the literal order the normaliser chose (negations and distinct
// after the literals binding their variables). A literal over a table that is complete
// before it is read (the state's fluents, static facts) walks only the argument-index
// chain of a bound argument (fact_table.h) instead of the whole table. Evaluation of data never
// recurses on the C++ stack: nesting depth is bounded by the depth of the rules' relation graph. A
// table that grows past kMaxFacts stops growing (runaway rules) and overflowed() is set.
//
// Not synchronised: one Evaluator per thread.

#include <deque>
#include <span>
#include <vector>

#include "reasoner/prover/program.h"
#include "reasoner/state.h"

namespace ggp::reasoner::prover {

class Evaluator {
 public:
  static constexpr size_t kMaxFacts = size_t{1} << 22;
  // Beyond this nesting of calls, recursive calls are generalised (all arguments free) so
  // that long chains of distinct subgoals cannot exhaust the stack.
  static constexpr size_t kMaxNesting = 400;
  // Memoised calls of static relations kept across states at most (see above). Kept for
  // good, laikLee_hex's (its paths as lists) passed 840 MB in 30 s of playouts; at 2^20
  // it stays near 590 MB at the same speed (2^19: a quarter slower), and sudoku's split
  // machine near 530 MB.
  static constexpr size_t kMaxStaticCalls = size_t{1} << 20;

  // `static_mode`: materialised static components go into this evaluator's own tables
  // (used once, at construction, to compute them); otherwise they are read from the program.
  Evaluator(const Program& program, bool static_mode);

  // Sets the current state (fluent indices of the program's numbering).
  void SetState(const State& s);
  // Sets the current joint move: one move TermId per role.
  void SetJoint(std::span<const TermId> moves);
  // Every fact of `relation` in the current state / joint move.
  const FactTable& Facts(int relation);
  // The memoised calls of static relations now, and their cap (tests lower it).
  size_t static_calls() const;
  void set_max_static_calls(size_t n) { max_static_calls_ = n; }
  // Takes the tables out (static mode).
  std::vector<FactTable> TakeTables() { return std::move(tables_); }

  bool overflowed() const { return overflowed_; }

 private:
  struct Frame {
    std::vector<TermId> bindings;
    std::vector<int> trail;
  };
  // Memoised calls of one on-demand relation.
  struct Memo {
    explicit Memo(int arity) : calls(arity) {}
    FactTable calls;               // call patterns (kNoTerm = free), index = answer slot
    std::deque<FactTable> answers;  // stable addresses while nested calls add more
    // Per call: its index in stack_ while pending; once final, whether it has an answer
    // (kFinalEmpty, kFinalAnswered), so that a call with every argument bound is answered
    // without reading its table (Holds).
    std::vector<int32_t> pending;
    size_t used = 0;
  };

  const FactTable& Table(int relation) const;
  // Forgets the memoised calls of static relations when there are more than
  // kMaxStaticCalls (between states only: nothing is pending then).
  void ForgetStaticCallsPastTheCap();
  void EnsureMaterialised(int relation);
  void EvalComponent(int component);
  // The alternating fixpoint of a component whose rules negate its own relations.
  void EvalNegatingComponent(int component);
  // Γ: the component's least fixpoint with its negated literals read against `against`
  // (one table per relation of the component, in Component::relations order).
  void EvalAgainst(int component, const std::vector<FactTable>& against);
  // Runs `rule`; each derived head tuple is inserted into `out`. With `call`, the head is
  // first unified with the bound positions of the call.
  bool EvalRule(const CompiledRule& rule, std::span<const TermId> call, FactTable* out);
  void Join(const CompiledRule& rule, size_t index, Frame& f, FactTable* out);
  const FactTable& Call(int relation, std::span<const TermId> pattern);
  // Whether the call `pattern`, every argument bound, has an answer (it can have no other
  // than itself); Call where it is not final yet.
  bool Holds(int relation, std::span<const TermId> pattern);
  static constexpr int32_t kFinalEmpty = -1;
  static constexpr int32_t kFinalAnswered = -2;
  // Runs every rule of `relation` for `call`, adding to `answers`; true if one was added.
  bool RunRules(int relation, std::span<const TermId> call, FactTable* answers);
  // After the first pass of the tabled call at stack_[root]: completes its SCC of calls if
  // it roots one (iterating it to its fixpoint when it is cyclic).
  void Complete(size_t root);
  // The call pattern of `args` under `f`: bound positions as ids, free ones kNoTerm.
  void PatternOf(const std::vector<Pattern>& args, Frame& f, std::vector<TermId>* out);
  // The chain (fact_table.h) that a literal with arguments `args` should walk in table `t`
  // under `f`: *kind is the chain kind, or -1 when no component is bound.
  size_t ChainKey(const FactTable& t, const std::vector<Pattern>& args, const Frame& f, int* kind);
  bool Match(const Pattern& p, TermId id, Frame& f);
  bool MatchArgs(const std::vector<Pattern>& args, std::span<const TermId> tuple, Frame& f);
  TermId Build(const Pattern& p, const Frame& f);
  bool IsBound(const Pattern& p, const Frame& f) const;
  void Undo(Frame& f, size_t mark);
  Frame& PushFrame(int num_variables);
  void PopFrame() { --depth_; }
  void Invalidate(bool does_only);

  const Program& program_;
  TermStore& terms_;
  bool static_mode_;
  size_t max_static_calls_ = kMaxStaticCalls;
  bool overflowed_ = false;
  bool changed_ = false;
  std::vector<FactTable> tables_;
  std::vector<char> computed_;       // per component (materialised ones)
  std::vector<Memo> memos_;          // per relation (on-demand ones)
  std::deque<Frame> frames_;         // frames_[depth]; deque: stable while nesting deepens
  size_t depth_ = 0;
  std::deque<std::vector<TermId>> patterns_;  // per-depth scratch for call patterns
  // Tabled calls whose answers are not final yet, in call order, with the lowest stack
  // index each was found to depend on (Tarjan's lowlink): a call whose low is its own
  // index roots an SCC of calls, completed together (Complete).
  struct Pending {
    int relation;
    size_t slot;
    size_t low;
    bool read_pending;  // read the partial answers of a pending call
  };
  std::vector<Pending> stack_;
  int current_ = -1;  // stack_ index of the tabled call whose rules are running, or -1
  std::vector<TermId> free_pattern_;
  // While EvalAgainst runs: negated literals of this component read `negation_view_`.
  int negation_component_ = -1;
  const std::vector<FactTable>* negation_view_ = nullptr;
};

// Inline: the joins (evaluator_join.cc) read these per body literal, and every call runs
// its rules through RunRules.
inline const FactTable& Evaluator::Table(int relation) const {
  if (!static_mode_ && program_.component_of_relation(relation).is_static) {
    return program_.static_facts(relation);
  }
  return tables_[static_cast<size_t>(relation)];
}

inline void Evaluator::EnsureMaterialised(int relation) {
  const int c = program_.component_of(relation);
  if (computed_[static_cast<size_t>(c)]) return;
  if (!static_mode_ && program_.components()[static_cast<size_t>(c)].is_static) return;
  computed_[static_cast<size_t>(c)] = 1;  // set first: rules of the component read it
  EvalComponent(c);
}

inline bool Evaluator::RunRules(int relation, std::span<const TermId> call, FactTable* answers) {
  bool changed = false;
  for (int r : program_.rules_of(relation)) {
    changed |= EvalRule(program_.rules()[static_cast<size_t>(r)], call, answers);
    if (overflowed_) break;
  }
  return changed;
}

}  // namespace ggp::reasoner::prover
