#include "tests/generated/rule_builder.h"

namespace ggp::testing::gen {
namespace {

constexpr size_t kMaxVars = 5;
// Bound on the product of the domains of a rule's variables (its instances): beyond it,
// terms are constants or variables already there, so grounding stays quick.
constexpr double kMaxSpace = 20000;
constexpr const char* kVarNames[] = {"?x", "?y", "?z", "?w", "?u", "?v", "?who", "?n"};

}  // namespace

RuleBuilder::RuleBuilder(const Vocabulary& vocab, Dice& dice, Context context, int level, int group,
                         std::set<std::string>* features)
    : vocab_(vocab),
      dice_(dice),
      context_(context),
      level_(level),
      group_(group),
      features_(features) {}

bool RuleBuilder::CanRead(int rel) const {
  const Relation& r = vocab_.rel(rel);
  const bool lower = r.level < level_ && (group_ < 0 || r.group != group_);
  switch (r.kind) {
    case Kind::kStatic:
      return lower;
    case Kind::kFluent:
      return context_ != Context::kStatic;
    case Kind::kView:
      return context_ != Context::kStatic && lower;
    case Kind::kDoesView:
      return context_ == Context::kMove && lower;
  }
  return false;
}

bool RuleBuilder::CanNegate(int rel) const { return CanRead(rel); }

bool RuleBuilder::Affordable(Type t) const {
  return space_ * static_cast<double>(vocab_.DomainSize(t)) <= kMaxSpace;
}

std::string RuleBuilder::FreshVar(Type t) {
  const size_t pool = std::size(kVarNames);
  const size_t n = static_cast<size_t>(next_var_++);
  std::string name = kVarNames[n % pool];
  if (n >= pool) name += std::to_string(n / pool);
  vars_.push_back({name, t});
  space_ *= static_cast<double>(vocab_.DomainSize(t));
  return name;
}

std::string RuleBuilder::UseVar(Type t, bool binds) {
  std::vector<size_t> fitting;
  for (size_t i = 0; i < vars_.size(); ++i) {
    if (Vocabulary::Fits(vars_[i].type, t)) fitting.push_back(i);
  }
  if (fitting.empty()) return "";
  Var& v = vars_[dice_.Pick(fitting)];
  if (binds && v.type == t) v.bound = true;
  return v.name;
}

std::string RuleBuilder::Structured(Type t, bool binds) {
  const std::vector<const char*> wrappers = Vocabulary::Wrappers(t);
  std::string term = "(" + std::string(wrappers.back());
  for (Type part : Vocabulary::Parts(t)) term += " " + Term(part, binds);
  term += ")";
  for (size_t i = wrappers.size() - 1; i-- > 0;)
    term = "(" + std::string(wrappers[i]) + " " + term + ")";
  return term;
}

std::string RuleBuilder::HeadTerm(Type t) {
  const int roll = dice_.Below(100);
  if (roll < 10) return vocab_.Constant(t, dice_);
  if (roll < 18) {
    for (const Var& v : vars_) {
      if (v.type == t) return v.name;  // a repeated variable, e.g. (p ?x ?x)
    }
  }
  const std::vector<const char*> wrappers = Vocabulary::Wrappers(t);
  if (wrappers.empty() || roll >= 55) {
    return Affordable(t) ? FreshVar(t) : vocab_.Constant(t, dice_);
  }
  std::string text = "(" + std::string(wrappers.back());
  for (Type part : Vocabulary::Parts(t)) text += " " + HeadTerm(part);
  text += ")";
  for (size_t i = wrappers.size() - 1; i-- > 0;)
    text = "(" + std::string(wrappers[i]) + " " + text + ")";
  return text;
}

std::string RuleBuilder::HeadArg(Type t) {
  std::string text = HeadTerm(t);
  head_.push_back({text, t});
  return text;
}

std::string RuleBuilder::Term(Type t, bool binds) {
  const int roll = dice_.Below(100);
  if (!Vocabulary::Wrappers(t).empty() && roll < 30) return Structured(t, binds);
  if (roll < 60) {
    std::string v = UseVar(t, binds);
    if (!v.empty()) return v;
  }
  if (roll < 88 && vars_.size() < kMaxVars && Affordable(t)) {
    std::string v = FreshVar(t);
    vars_.back().bound = binds;
    return v;
  }
  return vocab_.Constant(t, dice_);
}

std::string RuleBuilder::Literal(int rel, bool binds) {
  const Relation& r = vocab_.rel(rel);
  std::vector<std::string> args;
  for (Type t : r.sig) args.push_back(Term(t, binds));
  std::string s = Sentence(r.name, args);
  if (r.kind == Kind::kFluent) s = "(" + vocab_.Kw("true") + " " + s + ")";
  return s;
}

std::string RuleBuilder::PositiveOf(int rel) {
  std::string s = Literal(rel, true);
  literals_.push_back(s);
  return s;
}

std::string RuleBuilder::Does(int role, int move) {
  std::string who;
  std::vector<int> shapes;
  if (role >= 0) {
    who = vocab_.roles[static_cast<size_t>(role)];
    shapes = vocab_.role_moves[static_cast<size_t>(role)];
  } else {
    who = Term(Type::kRole, true);
    for (size_t i = 0; i < vocab_.moves.size(); ++i) shapes.push_back(static_cast<int>(i));
  }
  const MoveShape& shape = vocab_.moves[static_cast<size_t>(move >= 0 ? move : dice_.Pick(shapes))];
  std::vector<std::string> args;
  for (Type t : shape.sig) args.push_back(Term(t, true));
  std::string s = "(" + vocab_.Kw("does") + " " + who + " " + Sentence(shape.name, args) + ")";
  literals_.push_back(s);
  return s;
}

void RuleBuilder::Positive() {
  std::vector<int> readable;
  for (size_t i = 0; i < vocab_.relations.size(); ++i) {
    if (CanRead(static_cast<int>(i))) readable.push_back(static_cast<int>(i));
  }
  if (context_ == Context::kMove && (readable.empty() || dice_.Chance(25))) {
    Does(-1, -1);
    return;
  }
  if (readable.empty()) return;
  PositiveOf(dice_.Pick(readable));
}

void RuleBuilder::PositiveDynamic(bool ground) {
  std::vector<int> dynamic;
  for (size_t i = 0; i < vocab_.relations.size(); ++i) {
    const Relation& r = vocab_.relations[i];
    if ((r.kind == Kind::kFluent || r.kind == Kind::kView) && CanRead(static_cast<int>(i)) &&
        (!ground || (!r.sig.empty() && r.name != "control"))) {
      dynamic.push_back(static_cast<int>(i));
    }
  }
  if (dynamic.empty()) {
    Positive();
    return;
  }
  if (!ground) {
    PositiveOf(dice_.Pick(dynamic));
    return;
  }
  const Relation& r = vocab_.rel(dice_.Pick(dynamic));
  std::vector<std::string> args;
  for (Type t : r.sig) args.push_back(vocab_.Constant(t, dice_));
  std::string s = Sentence(r.name, args);
  literals_.push_back(r.kind == Kind::kFluent ? "(" + vocab_.Kw("true") + " " + s + ")" : s);
}

void RuleBuilder::Recursive(int rel, const std::string& first) {
  const Relation& r = vocab_.rel(rel);
  std::vector<std::string> args;
  for (Type t : r.sig) {
    if (args.empty() && !first.empty()) {
      args.push_back(first);
      continue;
    }
    std::vector<std::string> copies;
    for (const HeadSlot& h : head_) {
      if (h.type == t) copies.push_back(h.text);
    }
    const int roll = dice_.Below(100);
    if (!copies.empty() && roll < 45) {
      args.push_back(dice_.Pick(copies));
    } else if (roll < 55) {
      args.push_back(vocab_.Constant(t, dice_));
    } else {
      // A plain variable: Finish binds it outside the group unless something else does.
      std::vector<size_t> same;
      for (size_t i = 0; i < vars_.size(); ++i) {
        if (vars_[i].type == t) same.push_back(i);
      }
      if (!same.empty() && (dice_.Chance(50) || !Affordable(t))) {
        args.push_back(vars_[dice_.Pick(same)].name);
      } else {
        args.push_back(Affordable(t) ? FreshVar(t) : vocab_.Constant(t, dice_));
      }
    }
  }
  literals_.push_back(Sentence(r.name, args));
}

void RuleBuilder::AddBinding(std::string literal) {
  for (Var& v : vars_) {
    // Whole-word match: "?x" must not match "?x1".
    for (size_t at = literal.find(v.name); at != std::string::npos;
         at = literal.find(v.name, at + 1)) {
      const char next = at + v.name.size() < literal.size() ? literal[at + v.name.size()] : ' ';
      if (next == ' ' || next == ')') v.bound = true;
    }
  }
  literals_.push_back(std::move(literal));
}

std::string RuleBuilder::Finish(const std::string& head, bool shuffle) {
  for (const Var& v : vars_) {
    if (!v.bound)
      literals_.push_back("(" + std::string(Vocabulary::DomainRelation(v.type)) + " " + v.name +
                          ")");
  }
  if (shuffle) dice_.Shuffle(&literals_);
  if (literals_.empty()) return dice_.Chance(10) ? "(<= " + head + ")" : head;
  std::string s = "(<= " + head;
  for (const std::string& l : literals_) s += " " + l;
  return s + ")";
}

}  // namespace ggp::testing::gen
