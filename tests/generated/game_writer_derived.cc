// The relations a generated game derives by random rules (static relations, views, does
// views; some recursive, alone or in pairs) and its base/input catalogues.

#include <algorithm>

#include "tests/generated/game_writer.h"

namespace ggp::testing::gen {

void GameWriter::WriteDerived(Kind kind, int count) {
  std::vector<std::string> names;
  switch (kind) {
    case Kind::kStatic:
      names = {"link", "near", "big", "small", "okay", "pal", "lt", "twin"};
      break;
    case Kind::kView:
      names = {"owned", "open", "hot", "line", "seen", "lead", "quiet", "ready", "chain", "mine"};
      break;
    default:
      names = {"moved", "clash", "chose", "busy"};
      break;
  }
  // Now and then a relation takes the name of a function: a fluent, a compound type.
  std::vector<std::string> clashes;
  if (kind == Kind::kView) {
    for (const Relation& r : vocab_.relations) {
      if (r.kind == Kind::kFluent) clashes.push_back(r.name);
    }
  } else if (kind == Kind::kStatic) {
    clashes = {"pos", "pr", "d3", "mark", "go"};
  }
  auto name = [&]() {
    if (clashes.empty() || !dice_.Chance(12)) return dice_.Pick(names);
    Feature("name-clash");
    return dice_.Pick(clashes);
  };
  for (int i = 0; i < count; ++i) {
    const int roll = dice_.Below(100);
    const int members = roll < 60 ? 0 : roll < 82 ? 1 : roll < 94 ? 2 : 3;
    if (members == 0) {
      WriteDerivedRules(NewRelation(name(), RandomSignature(3), kind), -1);
      continue;
    }
    Feature(kind == Kind::kStatic ? "static-recursion" : "view-recursion");
    if (members >= 2) Feature("mutual-recursion");
    const int group = next_group_++;
    std::vector<int> rels;
    for (int m = 0; m < members; ++m) {
      rels.push_back(NewRelation(name(), RandomSignature(3), kind, group));
    }
    for (int rel : rels) WriteDerivedRules(rel, group);
  }
}

void GameWriter::WriteDerivedRules(int rel, int group) {
  const Relation r = vocab_.rel(rel);
  const Context context = r.kind == Kind::kStatic ? Context::kStatic
                          : r.kind == Kind::kView ? Context::kState
                                                  : Context::kMove;
  std::vector<int> members;
  for (size_t i = 0; i < vocab_.relations.size(); ++i) {
    if (group >= 0 && vocab_.relations[i].group == group) members.push_back(static_cast<int>(i));
  }
  const int base_rules = dice_.Between(1, 2);
  const int recursive_rules = group >= 0 ? dice_.Between(1, 3) : 0;
  for (int k = 0; k < base_rules + recursive_rules; ++k) {
    RuleBuilder b = Builder(context, r.level, group);
    std::vector<std::string> args;
    for (Type t : r.sig) args.push_back(b.HeadArg(t));
    if (k >= base_rules) b.Recursive(dice_.Pick(members));
    if (r.kind == Kind::kDoesView && (k == 0 || dice_.Chance(50))) b.Does(-1, -1);
    const int min_body = r.kind == Kind::kStatic || k >= base_rules ? 0 : 1;
    b.RandomBody(dice_.Between(min_body, 3));
    Emit(b.Finish(Sentence(r.name, args), dice_.Chance(35)));
  }
  if (dice_.Chance(12)) {
    Feature("facts-and-rules");
    if (r.sig.empty()) Feature("zero-arity");
    std::vector<std::string> args;
    for (Type t : r.sig) args.push_back(vocab_.Constant(t, dice_));
    Emit(Sentence(r.name, args));
  }
  if (r.sig.empty()) Feature("zero-arity");
}

// A relation whose first argument is a level 0..L: level i negates levels below i and
// reads levels up to i positively, so it is stratified by that argument, not by relation
// (the validator warns; back ends must evaluate it level by level).
void GameWriter::WriteTiered(Kind kind) {
  Feature("local-stratification");
  // Atomic arguments only: every level is computed again for every state.
  std::vector<Type> sig = {Type::kNum};
  for (size_t i = 0, n = RandomSignature(2).size(); i < n; ++i) {
    sig.push_back(static_cast<Type>(dice_.Below(4)));
  }
  const int rel = NewRelation("tier", sig, kind, next_group_++);
  const Relation r = vocab_.rel(rel);
  const int levels = std::min(dice_.Between(1, 3), step_limit_);
  for (int level = 0; level <= levels; ++level) {
    const int rules = dice_.Between(1, 2);
    for (int k = 0; k < rules; ++k) {
      RuleBuilder b =
          Builder(kind == Kind::kStatic ? Context::kStatic : Context::kState, r.level, r.group);
      std::vector<std::string> args = {std::to_string(level)};
      for (size_t i = 1; i < sig.size(); ++i) args.push_back(b.HeadArg(sig[i]));
      if (level > 0 && dice_.Chance(85)) {
        const int negations = dice_.Between(1, 2);
        for (int n = 0; n < negations; ++n) b.NegatedOwn(rel, std::to_string(dice_.Below(level)));
      }
      if (dice_.Chance(40)) b.Recursive(rel, std::to_string(dice_.Below(level + 1)));
      b.RandomBody(dice_.Between(level == 0 ? 1 : 0, 2));
      Emit(b.Finish(Sentence(r.name, args), dice_.Chance(35)));
    }
  }
}

void GameWriter::WriteCatalogues() {
  if (dice_.Chance(40)) {
    Feature("base");
    for (const Relation& r : vocab_.relations) {
      if (r.kind != Kind::kFluent) continue;
      std::vector<std::vector<std::string>> tuples = {{}};
      for (Type t : r.sig) {
        std::vector<std::vector<std::string>> grown;
        for (const auto& tuple : tuples) {
          for (const std::string& v : vocab_.Domain(t)) {
            grown.push_back(tuple);
            grown.back().push_back(v);
          }
        }
        tuples = std::move(grown);
      }
      if (tuples.size() <= 12 && dice_.Chance(50)) {
        for (const auto& tuple : tuples)
          Emit("(" + Kw("base") + " " + Sentence(r.name, tuple) + ")");
        continue;
      }
      std::vector<std::string> vars;
      std::string body;
      for (size_t i = 0; i < r.sig.size(); ++i) {
        vars.push_back("?a" + std::to_string(i));
        body += " (" + std::string(Vocabulary::DomainRelation(r.sig[i])) + " " + vars.back() + ")";
      }
      const std::string head = "(" + Kw("base") + " " + Sentence(r.name, vars) + ")";
      Emit(body.empty() ? head : "(<= " + head + body + ")");
    }
    if (peano_) {
      std::string clock = "z";
      for (int i = 0; i <= step_limit_; ++i, clock = "(s " + clock + ")") {
        Emit("(" + Kw("base") + " (clock " + clock + "))");
      }
    }
  }
  if (dice_.Chance(40)) {
    Feature("input");
    for (size_t role = 0; role < vocab_.roles.size(); ++role) {
      for (int m : vocab_.role_moves[role]) {
        const MoveShape& shape = vocab_.moves[static_cast<size_t>(m)];
        std::vector<std::string> vars;
        std::string body;
        for (size_t i = 0; i < shape.sig.size(); ++i) {
          vars.push_back("?a" + std::to_string(i));
          body += " (" + std::string(Vocabulary::DomainRelation(shape.sig[i])) + " " + vars.back() +
                  ")";
        }
        const std::string head =
            "(" + Kw("input") + " " + vocab_.roles[role] + " " + Sentence(shape.name, vars) + ")";
        Emit(body.empty() ? head : "(<= " + head + body + ")");
      }
    }
  }
}

}  // namespace ggp::testing::gen
