// The dynamic rules of a generated game: init, legal (with the fallback moves that keep
// every role able to move), next, terminal (with the step counter that ends every game)
// and goal.

#include <algorithm>

#include "tests/generated/game_writer.h"

namespace ggp::testing::gen {

std::string GameWriter::RoleTerm(int role) const {
  return role < 0 ? "?r" : vocab_.roles[static_cast<size_t>(role)];
}

void GameWriter::WriteInit() {
  Emit("(" + Kw("init") + " (step 0))");
  if (peano_) Emit("(" + Kw("init") + " (clock z))");
  if (turns_) {
    const int first = dice_.Below(static_cast<int>(vocab_.roles.size()));
    Emit("(" + Kw("init") + " (control " + RoleTerm(first) + "))");
    if (vocab_.roles.size() >= 3 && dice_.Chance(8)) {
      Emit("(" + Kw("init") + " (control " + RoleTerm((first + 1) % 3) + "))");
    }
  }
  for (int f : fluents_) {
    const Relation& r = vocab_.rel(f);
    const int instances = dice_.Between(0, 3);
    for (int i = 0; i < instances; ++i) {
      std::vector<std::string> args;
      for (Type t : r.sig) args.push_back(vocab_.Constant(t, dice_));
      Emit("(" + Kw("init") + " " + Sentence(r.name, args) + ")");
    }
    if (dice_.Chance(15)) {
      RuleBuilder b = Builder(Context::kStatic, kTopLevel);
      std::vector<std::string> args;
      for (Type t : r.sig) args.push_back(b.HeadArg(t));
      b.RandomBody(dice_.Between(0, 2));
      Emit(b.Finish("(" + Kw("init") + " " + Sentence(r.name, args) + ")", dice_.Chance(35)));
    }
  }
}

// A literal over ?r and constants: together with its negation it splits the states in two.
std::string GameWriter::RoleCondition() {
  std::vector<int> readable;
  for (size_t i = 0; i < vocab_.relations.size(); ++i) {
    if (vocab_.relations[i].kind != Kind::kDoesView) readable.push_back(static_cast<int>(i));
  }
  const Relation& r = vocab_.rel(dice_.Pick(readable));
  std::vector<std::string> args;
  for (Type t : r.sig) {
    args.push_back(
        Vocabulary::Fits(Type::kRole, t) && dice_.Chance(60) ? "?r" : vocab_.Constant(t, dice_));
  }
  const std::string s = Sentence(r.name, args);
  return r.kind == Kind::kFluent ? True(s) : s;
}

void GameWriter::WriteFallback() {
  const std::string a = vocab_.moves[static_cast<size_t>(fallback_a_)].name;
  const std::string b = vocab_.moves[static_cast<size_t>(fallback_b_)].name;
  const std::string role = "(" + Kw("role") + " ?r)";
  const std::string legal = "(" + Kw("legal") + " ";
  const std::string no = "(" + Kw("not") + " ";
  if (fallback_scheme_ == 0) {
    const int roll = dice_.Below(100);
    if (roll < 70) Emit("(<= " + legal + "?r " + a + ") " + role + ")");
    if (roll >= 50) {
      Feature("keyword-facts");
      for (const std::string& r : vocab_.roles) Emit(legal + r + " " + a + ")");
    }
    return;
  }
  Feature("complementary-fallback");
  const std::string condition = fallback_scheme_ == 2 ? True("(control ?r)") : RoleCondition();
  if (dice_.Chance(70)) {
    Emit("(<= " + legal + "?r " + b + ") " + role + " " + condition + ")");
    Emit("(<= " + legal + "?r " + a + ") " + no + condition + ") " + role + ")");
    return;
  }
  // One rule pair per role, the role written out.
  for (const std::string& r : vocab_.roles) {
    std::string c = condition;
    for (size_t at = c.find("?r"); at != std::string::npos; at = c.find("?r")) c.replace(at, 2, r);
    Emit("(<= " + legal + r + " " + b + ") " + c + ")");
    Emit("(<= " + legal + r + " " + a + ") " + no + c + "))");
  }
}

void GameWriter::WriteLegal() {
  WriteFallback();
  const size_t n = vocab_.roles.size();
  for (size_t m = 0; m < vocab_.moves.size(); ++m) {
    const MoveShape& shape = vocab_.moves[m];
    if (std::find(fallback_moves_.begin(), fallback_moves_.end(), static_cast<int>(m)) !=
        fallback_moves_.end()) {
      continue;
    }
    std::vector<int> owners;
    for (size_t r = 0; r < n; ++r) {
      const auto& moves = vocab_.role_moves[r];
      if (std::find(moves.begin(), moves.end(), static_cast<int>(m)) != moves.end()) {
        owners.push_back(static_cast<int>(r));
      }
    }
    const bool shared = owners.size() == n && dice_.Chance(50);
    if (shared) owners = {-1};
    for (int owner : owners) {
      const int rules = dice_.Between(1, 2);
      for (int k = 0; k < rules; ++k) {
        RuleBuilder b = Builder(Context::kState, kTopLevel);
        const std::string who = owner < 0 ? b.FreshVar(Type::kRole) : RoleTerm(owner);
        std::vector<std::string> args;
        for (Type t : shape.sig) args.push_back(b.HeadArg(t));
        if (turns_ && dice_.Chance(85)) b.AddBinding(True("(control " + who + ")"));
        b.RandomBody(dice_.Between(0, 3));
        Emit(b.Finish("(" + Kw("legal") + " " + who + " " + Sentence(shape.name, args) + ")",
                      dice_.Chance(35)));
      }
    }
  }
}

void GameWriter::WriteNext() {
  const std::string next = "(" + Kw("next") + " ";
  if (dice_.Chance(50)) {
    Emit("(<= " + next + "(step ?n)) " + True("(step ?m)") + " (succ ?m ?n))");
  } else {
    Emit("(<= " + next + "(step ?n)) (succ ?m ?n) " + True("(step ?m)") + ")");
  }
  if (peano_) {
    Emit("(<= " + next + "(clock (s ?x))) " + True("(clock ?x)") + " (below (s ?x)))");
    std::string clock = "(s z)";
    for (int i = 1; i <= step_limit_; ++i, clock = "(s " + clock + ")")
      Emit("(below " + clock + ")");
  }
  if (turns_) {
    if (dice_.Chance(20)) {
      // Passing keeps the turn.
      const std::string pass = vocab_.moves[static_cast<size_t>(fallback_b_)].name;
      Emit("(<= " + next + "(control ?n)) " + True("(control ?c)") + " (after ?c ?n) (" +
           Kw("not") + " (" + Kw("does") + " ?c " + pass + ")))");
      Emit("(<= " + next + "(control ?c)) (" + Kw("does") + " ?c " + pass + ") " +
           True("(control ?c)") + ")");
    } else {
      Emit("(<= " + next + "(control ?n)) " + True("(control ?c)") + " (after ?c ?n))");
    }
  }
  for (int f : fluents_) {
    const Relation& r = vocab_.rel(f);
    const int rules = dice_.Between(1, 3);
    for (int k = 0; k < rules; ++k) {
      RuleBuilder b = Builder(Context::kMove, kTopLevel);
      std::vector<std::string> args;
      for (Type t : r.sig) args.push_back(b.HeadArg(t));
      const std::string sentence = Sentence(r.name, args);
      const int roll = dice_.Below(100);
      if (roll < 35) {
        const int who = dice_.Chance(40) ? dice_.Below(static_cast<int>(vocab_.roles.size())) : -1;
        b.Does(who, -1);
        b.RandomBody(dice_.Between(0, 2));
      } else if (roll < 65) {
        b.AddBinding(True(sentence));  // a frame rule
        if (dice_.Chance(70)) b.Negative();
        b.RandomBody(dice_.Between(0, 1));
      } else if (roll < 96) {
        b.RandomBody(dice_.Between(1, 3));
      } else {
        Feature("keyword-facts");
        std::vector<std::string> ground;
        for (Type t : r.sig) ground.push_back(vocab_.Constant(t, dice_));
        Emit(next + Sentence(r.name, ground) + ")");
        continue;
      }
      Emit(b.Finish(next + sentence + ")", dice_.Chance(35)));
    }
  }
}

void GameWriter::WriteTerminal() {
  const std::string terminal = Kw("terminal");
  const std::string limit = std::to_string(step_limit_);
  const int roll = dice_.Below(100);
  if (peano_ && roll < 30) {
    std::string clock = "z";
    for (int i = 0; i < step_limit_; ++i) clock = "(s " + clock + ")";
    Emit("(<= " + terminal + " " + True("(clock " + clock + ")") + ")");
  } else if (roll < 55) {
    Emit("(<= " + terminal + " " + True("(step " + limit + ")") + ")");
  } else if (roll < 75) {
    Emit("(last " + limit + ")");
    Emit("(<= " + terminal + " " + True("(step ?n)") + " (last ?n))");
  } else {
    // Zero-arity relations, and terminal through negation: no successor step.
    Feature("zero-arity");
    Emit("(<= alive " + True("(step ?n)") + " (succ ?n ?m))");
    Emit("(<= " + terminal + " (" + Kw("not") + " alive))");
  }
  if (dice_.Chance(4)) {
    Feature("terminal-at-start");
    Emit("(<= " + terminal + " " + True("(step 0)") + ")");
  }
  const int extra = dice_.Chance(40) ? dice_.Between(1, 2) : 0;
  for (int k = 0; k < extra; ++k) {
    RuleBuilder b = Builder(Context::kState, kTopLevel);
    b.PositiveDynamic(/*ground=*/true);
    b.RandomBody(dice_.Between(0, 1));
    Emit(b.Finish(terminal, dice_.Chance(35)));
  }
}

void GameWriter::WriteGoals() {
  const std::vector<std::string> values = {"0", "10", "25", "50", "60", "75", "100"};
  const std::string goal = "(" + Kw("goal") + " ";
  const int roll = dice_.Below(100);
  if (roll < 60) {
    Emit("(<= " + goal + "?r 0) (" + Kw("role") + " ?r))");
  } else if (roll < 80) {
    Feature("keyword-facts");
    for (const std::string& r : vocab_.roles) Emit(goal + r + " " + dice_.Pick(values) + ")");
  }
  for (size_t role = 0; role < vocab_.roles.size(); ++role) {
    const int rules = dice_.Between(1, 2);
    for (int k = 0; k < rules; ++k) {
      RuleBuilder b = Builder(Context::kState, kTopLevel);
      const std::string who = dice_.Chance(30) ? b.FreshVar(Type::kRole) : vocab_.roles[role];
      b.RandomBody(dice_.Between(1, 3));
      Emit(b.Finish(goal + who + " " + dice_.Pick(values) + ")", dice_.Chance(35)));
    }
  }
  if (dice_.Chance(10)) {
    // Goal values through negation of other goal values (stratified by the value).
    Feature("local-stratification");
    std::vector<std::string> v = values;
    dice_.Shuffle(&v);
    RuleBuilder b = Builder(Context::kState, kTopLevel);
    b.AddBinding("(" + Kw("role") + " ?r)");
    b.PositiveDynamic();
    b.RandomBody(dice_.Between(0, 2));
    Emit(b.Finish(goal + "?r " + v[0] + ")", dice_.Chance(35)));
    const int chain = dice_.Between(1, 3);
    for (int i = 1; i <= chain; ++i) {
      Emit("(<= " + goal + "?r " + v[static_cast<size_t>(i)] + ") (" + Kw("role") + " ?r) (" +
           Kw("not") + " " + goal + "?r " + v[static_cast<size_t>(i - 1)] + ")))");
    }
  }
  if (dice_.Chance(12)) {
    Feature("goal-table");
    for (const std::string& n : vocab_.numbers) Emit("(gv " + n + " " + dice_.Pick(values) + ")");
    Emit("(<= " + goal + "?r ?v) (" + Kw("role") + " ?r) " + True("(step ?n)") + " (gv ?n ?v))");
  }
}

}  // namespace ggp::testing::gen
