#pragma once
// Writes one random rule of a generated game (gdl_generator.h) that is valid by
// construction:
//  - safe: every variable ends up bound by a positive literal at a position of its own
//    type; variables that nothing else binds get their domain literal ((obj ?x), ...)
//    when the rule is finished, so negations, distinct and heads may use any variable;
//  - stratified: literals read relations of a lower level only (gdl_vocabulary.h), and
//    the rule's own recursion group only positively, through Recursive();
//  - within the recursion restriction: every argument of a recursive literal is ground,
//    a copy of a head argument, or a variable that a literal outside the group binds;
//  - within the dependency rules: `true` and views only where the context allows them,
//    `does` and does views only in next and does-view rules;
//  - cheap to ground: new variables stop (terms become constants or variables already
//    there) once the product of their domains would pass a bound.
//
// Literals come out in random order when asked (back ends must reorder them).
//
// Ownership: borrows the vocabulary and the dice for its lifetime. Not synchronised.

#include <set>
#include <string>
#include <vector>

#include "tests/generated/gdl_vocabulary.h"

namespace ggp::testing::gen {

enum class Context : uint8_t {
  kStatic,  // static relations, init, base, input: static relations only
  kState,   // views, legal, goal, terminal: also true and views
  kMove,    // next and does views: also does and does views
};

class RuleBuilder {
 public:
  // `level`: the head's stratum (literals read lower levels); `group`: its recursion
  // group or -1. `features` (optional) collects the names of the odd forms written
  // (gdl_generator.h), e.g. "or-binds".
  RuleBuilder(const Vocabulary& vocab, Dice& dice, Context context, int level, int group = -1,
              std::set<std::string>* features = nullptr);

  // A head argument of type t: a fresh variable, a constant, or a nested pattern.
  std::string HeadArg(Type t);
  // A term of type t for a body literal; `binds`: the literal is positive (a fresh or
  // unbound variable placed at a slot of its own type becomes bound).
  std::string Term(Type t, bool binds);
  // A variable of type t that no literal binds yet (its domain literal comes at Finish
  // unless a later positive literal binds it).
  std::string FreshVar(Type t);
  // Whether one more variable of type t keeps the rule's instances within bounds.
  bool Affordable(Type t) const;

  // Adds a literal as written (the caller keeps it valid).
  void Add(std::string literal) { literals_.push_back(std::move(literal)); }
  // Adds a positive literal whose variables all sit at slots of their own type (e.g. the
  // head's sentence under `true`): they become bound.
  void AddBinding(std::string literal);
  // Adds a positive literal of relation `rel` (a fluent as (true ...)) and returns it.
  std::string PositiveOf(int rel);
  // A positive literal of a random readable relation (or does, where allowed).
  void Positive();
  // A positive literal over the state: a fluent or a view (Positive() if there is none).
  // `ground`: a ground literal of a relation with arguments, other than `control`.
  void PositiveDynamic(bool ground = false);
  // (does R M): `role` -1 for any role term, `move` -1 for any of that role's shapes.
  std::string Does(int role, int move);
  // A positive literal of relation `rel` of the head's own recursion group; `first`, if
  // given, is its first argument (a level constant, see NegatedOwn).
  void Recursive(int rel, const std::string& first = "");
  // (not (rel first ...)) for `rel` of the head's own group: negation within a relation,
  // stratified by the ground `first` argument (the caller keeps the levels decreasing).
  void NegatedOwn(int rel, const std::string& first);
  void Negative();
  void Distinct();
  void Or();
  // `count` random literals (positive, negative, distinct, or).
  void RandomBody(int count);

  // The rule "(<= head body...)", or a fact when nothing is needed. Binds the unbound
  // variables first; shuffles the body if `shuffle`.
  std::string Finish(const std::string& head, bool shuffle);

  bool CanRead(int rel) const;  // positively, outside the group
  bool CanNegate(int rel) const;

 private:
  struct Var {
    std::string name;
    Type type;
    bool bound = false;  // by a positive literal outside the recursion group
  };
  struct HeadSlot {
    std::string text;
    Type type;
  };

  std::string HeadTerm(Type t);
  std::string UseVar(Type t, bool binds);  // an existing fitting variable, "" if none
  std::string Structured(Type t, bool binds);
  std::string Literal(int rel, bool binds);  // sentence (with `true` for fluents)
  std::string InnerLiteral();                // a literal inside `or`: binds nothing new

  const Vocabulary& vocab_;
  Dice& dice_;
  Context context_;
  int level_;
  int group_;
  std::vector<Var> vars_;
  std::vector<HeadSlot> head_;
  std::vector<std::string> literals_;
  std::set<std::string>* features_;
  double space_ = 1;  // product of the domain sizes of vars_
  int next_var_ = 0;
};

}  // namespace ggp::testing::gen
