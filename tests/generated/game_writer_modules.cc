// Game-like parts of a generated game, written by hand in several variants so that the
// random rules around them meet the structures real games have (and the propnet
// optimises): a board of cells marked by the roles, tokens moving along `adj`, per-role
// scores compared through a recursive order on numbers, a pile players take from.
// Frame rules come in the forms games use, sloppy ones included (a frame through
// `distinct` that drops a cell when nobody marks). Each part registers its relations, so
// the random rules may read them.

#include <algorithm>

#include "tests/generated/game_writer.h"

namespace ggp::testing::gen {

void GameWriter::DeclareModules() {
  board_ = dice_.Chance(40);
  token_ = dice_.Chance(35);
  score_ = dice_.Chance(30);
  pile_ = dice_.Chance(30);
  if (board_) NewRelation("board", {Type::kObj, Type::kVal}, Kind::kFluent);
  if (token_) NewRelation("loc", {Type::kRole, Type::kPos}, Kind::kFluent);
  if (score_) {
    NewRelation("points", {Type::kRole, Type::kNum}, Kind::kFluent);
    NewRelation("gt", {Type::kNum, Type::kNum}, Kind::kStatic, next_group_++);
    Emit("(<= (gt ?y ?x) (succ ?x ?y))");
    Emit(dice_.Chance(50) ? "(<= (gt ?z ?x) (succ ?y ?z) (gt ?y ?x))"
                          : "(<= (gt ?z ?x) (gt ?z ?y) (succ ?x ?y))");
  }
  if (pile_) {
    NewRelation("heap", {Type::kNum}, Kind::kFluent);
    NewRelation("emptied", {Type::kRole}, Kind::kFluent);
    NewRelation("minus", {Type::kNum, Type::kNum, Type::kNum}, Kind::kStatic);
    for (int p = 0; p <= step_limit_; ++p) {
      for (int n = 1; n <= 2 && n <= p; ++n) {
        Emit("(minus " + std::to_string(p) + " " + std::to_string(n) + " " + std::to_string(p - n) +
             ")");
      }
    }
  }
}

// The legal rules of move `shape` for the roles that have it: `condition(who)` is the body.
void GameWriter::ModuleLegal(const std::string& shape, const std::string& move,
                             const std::function<std::string(const std::string&)>& condition) {
  std::vector<std::string> owners;
  int index = -1;
  for (size_t m = 0; m < vocab_.moves.size(); ++m) {
    if (vocab_.moves[m].name == shape) index = static_cast<int>(m);
  }
  for (size_t r = 0; r < vocab_.roles.size(); ++r) {
    const auto& moves = vocab_.role_moves[r];
    if (std::find(moves.begin(), moves.end(), index) != moves.end())
      owners.push_back(vocab_.roles[r]);
  }
  if (owners.size() == vocab_.roles.size() && dice_.Chance(60)) owners = {"?r"};
  for (const std::string& who : owners) {
    std::string body = condition(who);
    if (turns_) body += " " + True("(control " + who + ")");
    if (who == "?r") body += " (" + Kw("role") + " ?r)";
    Emit("(<= (" + Kw("legal") + " " + who + " " + move + ") " + body + ")");
  }
}

void GameWriter::WriteModules() {
  const std::string next = "(" + Kw("next") + " ";
  const std::string no = "(" + Kw("not") + " ";
  const std::string does = "(" + Kw("does") + " ";
  const std::string goal = "(" + Kw("goal") + " ";
  const std::string terminal = Kw("terminal");
  if (board_) {
    if (dice_.Chance(50)) {
      Emit("(<= (" + Kw("init") + " (board ?x b)) (obj ?x))");
    } else {
      for (const std::string& o : vocab_.objects) Emit("(" + Kw("init") + " (board " + o + " b))");
    }
    ModuleLegal("mark", "(mark ?x)", [&](const std::string&) { return True("(board ?x b)"); });
    NewRelation("taken", {Type::kObj}, Kind::kDoesView);
    Emit("(<= (taken ?x) " + does + "?r (mark ?x)))");
    Emit("(<= " + next + "(board ?x ?r)) " + does + "?r (mark ?x)) " + True("(board ?x b)") + ")");
    const int frame = dice_.Below(3);
    if (frame == 0) {
      Emit("(<= " + next + "(board ?x ?v)) " + True("(board ?x ?v)") + " " + no + "(taken ?x)))");
    } else {
      Emit("(<= " + next + "(board ?x ?v)) " + True("(board ?x ?v)") + " (" + Kw("distinct") +
           " ?v b))");
      Emit(frame == 1
               ? "(<= " + next + "(board ?x b)) " + True("(board ?x b)") + " " + no + "(taken ?x)))"
               : "(<= " + next + "(board ?x b)) " + True("(board ?x b)") + " " + does +
                     "?r (mark ?y)) (" + Kw("distinct") + " ?x ?y))");
    }
    NewRelation("line", {Type::kRole}, Kind::kView);
    Emit("(<= (line ?r) " + True("(board ?x ?r)") + " " + True("(board ?y ?r)") + " (adj ?x ?y) (" +
         Kw("role") + " ?r))");
    NewRelation("vacant", {}, Kind::kView);
    Emit("(<= vacant " + True("(board ?x b)") + ")");
    if (dice_.Chance(50)) Emit("(<= " + terminal + " (line ?r))");
    if (dice_.Chance(40)) Emit("(<= " + terminal + " " + no + "vacant))");
    if (dice_.Chance(60)) {
      Emit("(<= " + goal + "?r 100) (line ?r))");
      Emit("(<= " + goal + "?r 0) (" + Kw("role") + " ?r) " + no + "(line ?r)))");
    }
    if (dice_.Chance(30)) {
      Emit("(<= " + goal + "?r 75) " + True("(board ?x ?r)") + " " + True("(board ?y ?r)") + " (" +
           Kw("distinct") + " ?x ?y))");
    }
  }
  if (token_) {
    std::vector<std::string> places = vocab_.objects;
    dice_.Shuffle(&places);
    for (size_t r = 0; r < vocab_.roles.size(); ++r) {
      Emit("(" + Kw("init") + " (loc " + vocab_.roles[r] + " (pos " + places[r % places.size()] +
           ")))");
    }
    const std::string step = vocab_.Find("reach") >= 0 && dice_.Chance(50) ? "reach" : "adj";
    ModuleLegal("go", "(go (pos ?y))", [&](const std::string& who) {
      return True("(loc " + who + " (pos ?x))") + " (" + step + " ?x ?y)";
    });
    NewRelation("moving", {Type::kRole}, Kind::kDoesView);
    Emit("(<= (moving ?r) " + does + "?r (go ?p)))");
    Emit("(<= " + next + "(loc ?r ?p)) " + does + "?r (go ?p)))");
    const int frame = dice_.Below(3);
    if (frame == 0) {
      Emit("(<= " + next + "(loc ?r ?p)) " + True("(loc ?r ?p)") + " " + no + "(moving ?r)))");
    } else if (frame == 1) {
      for (int f : fallback_moves_) {
        Emit("(<= " + next + "(loc ?r ?p)) " + True("(loc ?r ?p)") + " " + does + "?r " +
             vocab_.moves[static_cast<size_t>(f)].name + "))");
      }
    } else {
      Emit("(<= " + next + "(loc ?r ?p)) " + True("(loc ?r ?p)") + " " + no + does +
           "?r (go ?q))) (place ?q))");
    }
    NewRelation("meet", {Type::kRole, Type::kRole}, Kind::kView);
    Emit("(<= (meet ?r ?s) " + True("(loc ?r ?p)") + " " + True("(loc ?s ?p)") + " (" +
         Kw("distinct") + " ?r ?s))");
    if (dice_.Chance(20)) Emit("(<= " + terminal + " (meet ?r ?s))");
    Emit("(<= " + goal + "?r 100) " + True("(loc ?r (pos " + dice_.Pick(vocab_.objects) + "))") +
         ")");
    if (dice_.Chance(50)) Emit("(<= " + goal + "?r 50) (meet ?r ?s))");
  }
  if (score_) {
    Emit("(<= (" + Kw("init") + " (points ?r 0)) (" + Kw("role") + " ?r))");
    NewRelation("scoring", {Type::kRole}, Kind::kDoesView);
    const MoveShape& shape =
        vocab_.moves[static_cast<size_t>(dice_.Below(static_cast<int>(vocab_.moves.size())))];
    std::vector<std::string> vars;
    std::string domains;
    for (size_t i = 0; i < shape.sig.size(); ++i) {
      vars.push_back("?a" + std::to_string(i));
      domains +=
          " (" + std::string(Vocabulary::DomainRelation(shape.sig[i])) + " " + vars.back() + ")";
    }
    Emit("(<= (scoring ?r) " + does + "?r " + Sentence(shape.name, vars) + ")" + domains + ")");
    Emit("(<= " + next + "(points ?r ?n)) " + True("(points ?r ?m)") +
         " (succ ?m ?n) (scoring ?r))");
    Emit("(<= " + next + "(points ?r ?m)) " + True("(points ?r ?m)") + " " + no + "(scoring ?r)))");
    NewRelation("behind", {Type::kRole}, Kind::kView);
    Emit("(<= (behind ?r) " + True("(points ?r ?n)") + " " + True("(points ?s ?m)") +
         " (gt ?m ?n))");
    if (dice_.Chance(50)) {
      Emit("(<= " + goal + "?r 100) (" + Kw("role") + " ?r) " + no + "(behind ?r)))");
      Emit("(<= " + goal + "?r 0) (behind ?r))");
    } else {
      Emit("(<= " + goal + "?r ?n) " + True("(points ?r ?n)") + ")");
    }
    if (dice_.Chance(50)) {
      Emit("(<= " + terminal + " " +
           True("(points ?r " + std::to_string(dice_.Between(1, step_limit_)) + ")") + ")");
    }
  }
  if (pile_) {
    Emit("(" + Kw("init") + " (heap " + std::to_string(dice_.Between(1, step_limit_)) + "))");
    ModuleLegal("take", "(take ?n)",
                [&](const std::string&) { return True("(heap ?p)") + " (minus ?p ?n ?q)"; });
    NewRelation("taking", {}, Kind::kDoesView);
    Emit("(<= taking " + does + "?r (take ?n)))");
    Emit("(<= " + next + "(heap ?q)) " + does + "?r (take ?n)) " + True("(heap ?p)") +
         " (minus ?p ?n ?q))");
    Emit("(<= " + next + "(heap ?p)) " + True("(heap ?p)") + " " + no + "taking))");
    Emit("(<= " + next + "(emptied ?r)) " + does + "?r (take ?n)) " + True("(heap ?n)") + ")");
    if (dice_.Chance(50)) Emit("(<= " + next + "(emptied ?r)) " + True("(emptied ?r)") + ")");
    Emit("(<= " + terminal + " " + True("(heap 0)") + ")");
    Emit("(<= " + goal + "?r 100) " + True("(emptied ?r)") + ")");
  }
}

// Variables standing for whole fluents: a static relation over the terms of one fluent
// decides which of them persist, and a view lists the state.
void GameWriter::WriteWholeTerms() {
  std::vector<int> candidates;
  for (int f : fluents_) {
    if (!vocab_.rel(f).sig.empty()) candidates.push_back(f);
  }
  if (candidates.empty()) return;
  Feature("whole-fluent-variables");
  const Relation& r = vocab_.rel(dice_.Pick(candidates));
  std::vector<std::string> vars;
  std::string body;
  for (size_t i = 0; i < r.sig.size(); ++i) {
    vars.push_back("?a" + std::to_string(i));
    body += " (" + std::string(Vocabulary::DomainRelation(r.sig[i])) + " " + vars.back() + ")";
  }
  if (dice_.Chance(50)) {
    body += " (" + Kw("distinct") + " ?a0 " + vocab_.Constant(r.sig[0], dice_) + ")";
  }
  Emit("(<= (sticky " + Sentence(r.name, vars) + ")" + body + ")");
  Emit("(<= (" + Kw("next") + " ?f) " + True("?f") + " (sticky ?f))");
  if (dice_.Chance(50)) {
    std::vector<std::string> ground;
    for (Type t : r.sig) ground.push_back(vocab_.Constant(t, dice_));
    Emit("(<= (present ?f) " + True("?f") + ")");
    Emit("(<= " + Kw("terminal") + " (present " + Sentence(r.name, ground) + "))");
  }
}

// An order on the successor terms of the clock, by recursion over function terms.
void GameWriter::WritePeanoOrder() {
  Feature("function-recursion");
  std::string n = "z";
  for (int i = 0; i <= step_limit_ + 1; ++i, n = "(s " + n + ")") Emit("(nat " + n + ")");
  Emit("(<= (less z (s ?x)) (nat ?x))");
  Emit("(<= (less (s ?x) (s ?y)) (less ?x ?y) (nat ?x) (nat ?y))");
  std::string limit = "z";
  for (int i = dice_.Between(1, step_limit_); i > 0; --i) limit = "(s " + limit + ")";
  Emit("(<= (" + Kw("goal") + " ?r 60) (" + Kw("role") + " ?r) " + True("(clock ?c)") +
       " (less ?c " + limit + "))");
}

}  // namespace ggp::testing::gen
