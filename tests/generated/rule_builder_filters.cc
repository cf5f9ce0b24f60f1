// The literals of a generated rule that bind nothing on their own: negations, distinct,
// `or` (rule_builder.h).

#include "tests/generated/rule_builder.h"

namespace ggp::testing::gen {

void RuleBuilder::NegatedOwn(int rel, const std::string& first) {
  const Relation& r = vocab_.rel(rel);
  std::vector<std::string> args = {first};
  for (size_t i = 1; i < r.sig.size(); ++i) args.push_back(Term(r.sig[i], false));
  literals_.push_back("(" + vocab_.Kw("not") + " " + Sentence(r.name, args) + ")");
}

void RuleBuilder::Negative() {
  std::string inner = InnerLiteral();
  if (dice_.Chance(8)) {
    // (not (not x)): x itself, as a filter.
    inner = "(" + vocab_.Kw("not") + " " + inner + ")";
    if (features_ != nullptr) features_->insert("double-negation");
  }
  literals_.push_back(inner);
}

void RuleBuilder::Distinct() {
  Type t = static_cast<Type>(dice_.Below(dice_.Chance(70) ? 4 : kTypeCount));  // mostly atomic
  if (!vars_.empty() && dice_.Chance(80)) t = dice_.Pick(vars_).type;
  std::string a = Term(t, false);
  std::string b = Term(t, false);
  literals_.push_back("(" + vocab_.Kw("distinct") + " " + a + " " + b + ")");
}

// A literal that binds no variable on its own: negated, distinct, or a positive literal
// (its variables are bound at Finish when nothing else binds them).
std::string RuleBuilder::InnerLiteral() {
  std::vector<int> readable;
  for (size_t i = 0; i < vocab_.relations.size(); ++i) {
    if (CanNegate(static_cast<int>(i))) readable.push_back(static_cast<int>(i));
  }
  const int roll = dice_.Below(100);
  if (roll < 10 || readable.empty()) {
    Type t = static_cast<Type>(dice_.Below(4));
    std::string a = Term(t, false);
    std::string b = Term(t, false);
    return "(" + vocab_.Kw("not") + " (" + vocab_.Kw("distinct") + " " + a + " " + b + "))";
  }
  std::string inner;
  if (roll < 16) {
    // (not (or a b)): neither holds.
    inner = "(" + vocab_.Kw("or") + " " + Literal(dice_.Pick(readable), false) + " " +
            Literal(dice_.Pick(readable), false) + ")";
  } else if (context_ == Context::kMove && dice_.Chance(20)) {
    // Does() binds its variables; under `not` they are only used.
    std::vector<bool> was_bound;
    for (const Var& v : vars_) was_bound.push_back(v.bound);
    Does(-1, -1);
    inner = literals_.back();
    literals_.pop_back();
    for (size_t i = 0; i < vars_.size(); ++i) vars_[i].bound = i < was_bound.size() && was_bound[i];
  } else {
    inner = Literal(dice_.Pick(readable), false);
  }
  return "(" + vocab_.Kw("not") + " " + inner + ")";
}

void RuleBuilder::Or() {
  std::vector<std::string> alternatives;
  const Type zt = static_cast<Type>(dice_.Below(kTypeCount));
  if (dice_.Chance(30) && Affordable(zt)) {
    // Every alternative binds the same fresh variable, so the `or` binds it.
    const std::string z = FreshVar(zt);
    const size_t zi = vars_.size() - 1;
    for (int k = 0; k < 2; ++k) {
      std::vector<std::pair<int, size_t>> slots;  // (relation, argument) of type zt
      for (size_t i = 0; i < vocab_.relations.size(); ++i) {
        const Relation& r = vocab_.relations[i];
        for (size_t j = 0; j < r.sig.size(); ++j) {
          if (r.sig[j] == zt && CanRead(static_cast<int>(i)))
            slots.push_back({static_cast<int>(i), j});
        }
      }
      if (slots.empty() || dice_.Chance(30)) {
        alternatives.push_back("(" + std::string(Vocabulary::DomainRelation(zt)) + " " + z + ")");
        continue;
      }
      const auto [rel, arg] = dice_.Pick(slots);
      const Relation& r = vocab_.rel(rel);
      std::vector<std::string> args;
      for (size_t j = 0; j < r.sig.size(); ++j)
        args.push_back(j == arg ? z : Term(r.sig[j], false));
      std::string s = Sentence(r.name, args);
      if (r.kind == Kind::kFluent) s = "(" + vocab_.Kw("true") + " " + s + ")";
      alternatives.push_back(s);
    }
    vars_[zi].bound = true;
    if (features_ != nullptr) features_->insert("or-binds");
  } else {
    const int n = dice_.Between(2, 3);
    for (int k = 0; k < n; ++k) {
      if (dice_.Chance(40)) {
        const Type t = static_cast<Type>(dice_.Below(4));
        std::string a = Term(t, false);
        alternatives.push_back("(" + vocab_.Kw("distinct") + " " + a + " " + Term(t, false) + ")");
      } else if (dice_.Chance(10)) {
        std::string a = InnerLiteral();
        alternatives.push_back("(" + vocab_.Kw("or") + " " + a + " " + InnerLiteral() + ")");
      } else {
        alternatives.push_back(InnerLiteral());
      }
    }
  }
  std::string s = "(" + vocab_.Kw("or");
  for (const std::string& a : alternatives) s += " " + a;
  literals_.push_back(s + ")");
}

void RuleBuilder::RandomBody(int count) {
  for (int i = 0; i < count; ++i) {
    const int roll = dice_.Below(100);
    if (roll < 50) {
      Positive();
    } else if (roll < 72) {
      Negative();
    } else if (roll < 90) {
      Distinct();
    } else {
      Or();
    }
  }
}

}  // namespace ggp::testing::gen
