#pragma once
// The typed vocabulary a generated game (gdl_generator.h) is written in: roles, object
// and number constants, the compound terms built from them, the relations of the game
// with their argument types and strata, and the move shapes of each role.
//
// Every argument position has a type with a finite domain and the generator only binds a
// variable at a position of its own type, so whatever rules it writes, every derivable
// sentence stays inside the product of the domains: grounding is finite by construction.
//
//   kRole  the roles                          bound by (role ?r)
//   kObj   2-4 object constants               bound by (obj ?x)
//   kNum   0..K, K the step limit             bound by (num ?n)
//   kVal   b and the roles (a role fits here) bound by (val ?v)
//   kPos   (pos Obj)                          bound by (place ?p)
//   kDeep  (d1 (d2 (d3 Num)))                 bound by (deep ?d)
//   kPair  (pr Obj Num)                       bound by (pairs ?q)
//
// Relations are numbered in stratum order: a rule may read any relation of a lower level,
// and relations of its own recursion group positively (rule_builder.h keeps the recursion
// restriction).
//
// Ownership: plain values owned by the generator. Not synchronised.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/random.h"

namespace ggp::testing::gen {

enum class Type : uint8_t { kRole, kObj, kNum, kVal, kPos, kDeep, kPair };
inline constexpr int kTypeCount = 7;

// What a relation is; also which rules may read it (rule_builder.h).
enum class Kind : uint8_t {
  kStatic,    // depends on neither true nor does
  kFluent,    // a state sentence, read as (true ...), written as (next ...) and (init ...)
  kView,      // derived from the state
  kDoesView,  // derived from the state and the joint move: only next and other does views
};

struct Relation {
  std::string name;
  std::vector<Type> sig;
  Kind kind = Kind::kStatic;
  int level = 0;   // stratum: rules read relations of lower levels (and of their group)
  int group = -1;  // recursion group, -1 for none
};

struct MoveShape {
  std::string name;
  std::vector<Type> sig;
};

// Uniform integers from the project's generator (deterministic for a seed).
class Dice {
 public:
  explicit Dice(uint64_t seed) : rng_(seed) {}
  int Below(int n) { return n <= 1 ? 0 : static_cast<int>(rng_.Below(static_cast<uint32_t>(n))); }
  int Between(int lo, int hi) { return lo + Below(hi - lo + 1); }  // inclusive
  bool Chance(int percent) { return Below(100) < percent; }
  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(Below(static_cast<int>(v.size())))];
  }
  template <typename T>
  void Shuffle(std::vector<T>* v) {
    for (size_t i = v->size(); i > 1; --i) {
      std::swap((*v)[i - 1], (*v)[static_cast<size_t>(Below(static_cast<int>(i)))]);
    }
  }

 private:
  reasoner::Rng rng_;
};

class Vocabulary {
 public:
  std::vector<std::string> roles;
  std::vector<std::string> objects;
  std::vector<std::string> numbers;  // "0".."K"
  std::vector<Relation> relations;
  std::vector<MoveShape> moves;              // every move shape of the game
  std::vector<std::vector<int>> role_moves;  // per role: indices into `moves`
  bool upper_keywords = false;               // print keywords in upper case

  int Add(Relation r) {
    relations.push_back(std::move(r));
    return static_cast<int>(relations.size()) - 1;
  }
  const Relation& rel(int i) const { return relations[static_cast<size_t>(i)]; }
  int Find(std::string_view name) const;  // -1 if absent

  // A keyword as this game spells it.
  std::string Kw(std::string_view keyword) const;
  // Every ground term of type t.
  std::vector<std::string> Domain(Type t) const;
  size_t DomainSize(Type t) const;
  std::string Constant(Type t, Dice& dice) const;

  // The unary relation that enumerates type t ("role", "obj", ...).
  static const char* DomainRelation(Type t);
  // Compound types: the function symbols from the outside in, and the argument types of
  // the innermost one; empty for atomic types.
  static std::vector<const char*> Wrappers(Type t);
  static std::vector<Type> Parts(Type t);
  // A variable of type `var` may fill a slot of type `slot` once bound.
  static bool Fits(Type var, Type slot) {
    return var == slot || (var == Type::kRole && slot == Type::kVal);
  }
};

// Wraps a relation name and its arguments into a sentence ("p" when there are none).
std::string Sentence(std::string_view name, const std::vector<std::string>& args);

}  // namespace ggp::testing::gen
