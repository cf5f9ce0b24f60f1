#include "tests/generated/gdl_generator.h"

#include <algorithm>

#include "tests/generated/game_writer.h"

namespace ggp::testing {

GeneratedGame GenerateGame(uint64_t seed) { return gen::GameWriter(seed).Write(); }

}  // namespace ggp::testing

namespace ggp::testing::gen {
namespace {

const std::vector<std::string> kRolePool = {"red",   "blue",    "green",   "white", "black",
                                            "robot", "xplayer", "oplayer", "p1",    "7"};
const std::vector<std::string> kObjectPool = {"a", "c", "d", "e",  "1", "2",
                                              "3", "x", "y", "10", "q"};

}  // namespace

GameWriter::GameWriter(uint64_t seed) : dice_(seed) { game_.seed = seed; }

GeneratedGame GameWriter::Write() {
  ChooseVocabulary();
  WriteDomains();
  WriteStatic();
  DeclareFluents();
  DeclareModules();
  DeclareMoves();
  WriteModules();
  WriteDerived(Kind::kView, dice_.Between(1, 5));
  if (dice_.Chance(12)) WriteTiered(Kind::kView);
  if (dice_.Chance(40)) {
    Feature("does-view");
    WriteDerived(Kind::kDoesView, dice_.Between(1, 2));
  }
  if (dice_.Chance(12)) WriteWholeTerms();
  if (peano_ && dice_.Chance(50)) WritePeanoOrder();
  WriteInit();
  WriteLegal();
  WriteNext();
  WriteTerminal();
  WriteGoals();
  WriteCatalogues();
  WriteOdd();

  // Roles keep their relative order (it is the joint-move order); the rest may be in any.
  std::vector<std::string> all = items_;
  if (dice_.Chance(30)) {
    Feature("shuffled");
    dice_.Shuffle(&all);
    std::vector<size_t> at;
    for (size_t i = 0; i < roles_text_.size(); ++i)
      at.push_back(static_cast<size_t>(dice_.Below(static_cast<int>(all.size()) + 1)));
    std::sort(at.begin(), at.end());
    for (size_t i = roles_text_.size(); i-- > 0;)
      all.insert(all.begin() + static_cast<long>(at[i]), roles_text_[i]);
  } else {
    all.insert(all.begin(), roles_text_.begin(), roles_text_.end());
  }
  for (const std::string& item : all) game_.kif += item + "\n";
  const std::string& k = game_.kif;
  if (k.find("(" + Kw("not") + " ") != std::string::npos) Feature("negation");
  if (k.find("(" + Kw("distinct") + " ") != std::string::npos) Feature("distinct");
  if (k.find("(" + Kw("or") + " ") != std::string::npos) Feature("or");
  if (k.find("(d1 (d2 (d3 ") != std::string::npos || peano_) Feature("nested-functions");
  return game_;
}

void GameWriter::ChooseVocabulary() {
  const int roll = dice_.Below(100);
  const int n = roll < 15 ? 1 : roll < 60 ? 2 : roll < 85 ? 3 : 4;
  std::vector<std::string> roles = kRolePool;
  dice_.Shuffle(&roles);
  vocab_.roles.assign(roles.begin(), roles.begin() + n);
  std::vector<std::string> objects = kObjectPool;
  dice_.Shuffle(&objects);
  vocab_.objects.assign(objects.begin(), objects.begin() + dice_.Between(2, 4));
  if (dice_.Chance(12)) {
    // A constant spelled like a function, a relation or a move of the game.
    Feature("name-clash");
    vocab_.objects.back() =
        dice_.Pick(std::vector<std::string>{"pos", "step", "obj", "noop", "reach", "d2"});
  }
  step_limit_ = dice_.Between(2, 10);
  for (int i = 0; i <= step_limit_; ++i) vocab_.numbers.push_back(std::to_string(i));
  vocab_.upper_keywords = dice_.Chance(8);
  if (vocab_.upper_keywords) Feature("upper-case");
  turns_ = dice_.Chance(n >= 2 ? 55 : 20);
  peano_ = dice_.Chance(25);
  if (peano_) Feature("peano-counter");
  Feature(turns_ ? "turns" : "simultaneous");
  game_.roles = n;
  game_.step_limit = step_limit_;
  game_.simultaneous = !turns_;
  for (const std::string& r : vocab_.roles) roles_text_.push_back("(" + Kw("role") + " " + r + ")");
}

// Relation names and function names (fluents, moves, compound types) live apart: a view
// may share its name with a fluent (§3.6 pitfall 13), two relations may not.
bool GameWriter::NameTaken(const std::string& name, Kind kind) const {
  const bool function = kind == Kind::kFluent;
  for (const Relation& r : vocab_.relations) {
    if (r.name == name && (r.kind == Kind::kFluent) == function) return true;
  }
  const std::vector<std::string> functions = {"pos",   "d1",   "d2",   "d3",   "pr",   "s",
                                              "clock", "noop", "pass", "wait", "mark", "go",
                                              "take",  "put",  "say",  "jump", "play"};
  const std::vector<std::string> relations = {"alive", "last", "gv",     "below",
                                              "nat",   "less", "sticky", "present"};
  const auto& reserved = function ? functions : relations;
  return std::find(reserved.begin(), reserved.end(), name) != reserved.end();
}

int GameWriter::NewRelation(const std::string& name, std::vector<Type> sig, Kind kind, int group) {
  std::string unique = name;
  for (int i = 2; NameTaken(unique, kind); ++i) unique = name + std::to_string(i);
  int level = next_level_++;
  for (const Relation& r : vocab_.relations) {
    if (group >= 0 && r.group == group) level = r.level;
  }
  return vocab_.Add({unique, std::move(sig), kind, level, group});
}

void GameWriter::WriteDomains() {
  NewRelation("role", {Type::kRole}, Kind::kStatic);
  NewRelation("succ", {Type::kNum, Type::kNum}, Kind::kStatic);
  for (int i = 0; i < step_limit_; ++i)
    Emit("(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")");
  NewRelation("obj", {Type::kObj}, Kind::kStatic);
  for (const std::string& o : vocab_.objects) Emit("(obj " + o + ")");
  NewRelation("num", {Type::kNum}, Kind::kStatic);
  if (dice_.Chance(20)) {
    Feature("facts-and-rules");
    Emit("(num 0)");
    Emit("(<= (num ?y) (succ ?x ?y))");
  } else {
    for (const std::string& v : vocab_.numbers) Emit("(num " + v + ")");
  }
  NewRelation("val", {Type::kVal}, Kind::kStatic);
  if (dice_.Chance(60)) {
    Feature("facts-and-rules");
    Emit("(val b)");
    Emit("(<= (val ?r) (" + Kw("role") + " ?r))");
  } else {
    for (const std::string& v : vocab_.Domain(Type::kVal)) Emit("(val " + v + ")");
  }
  NewRelation("place", {Type::kPos}, Kind::kStatic);
  if (dice_.Chance(50)) {
    Emit("(<= (place (pos ?x)) (obj ?x))");
  } else {
    for (const std::string& p : vocab_.Domain(Type::kPos)) Emit("(place " + p + ")");
  }
  NewRelation("deep", {Type::kDeep}, Kind::kStatic);
  Emit("(<= (deep (d1 (d2 (d3 ?n)))) (num ?n))");
  NewRelation("pairs", {Type::kPair}, Kind::kStatic);
  Emit("(<= (pairs (pr ?x ?n)) (num ?n) (obj ?x))");
  NewRelation("after", {Type::kRole, Type::kRole}, Kind::kStatic);
  const size_t n = vocab_.roles.size();
  for (size_t i = 0; i < n; ++i)
    Emit("(after " + vocab_.roles[i] + " " + vocab_.roles[(i + 1) % n] + ")");
  NewRelation("adj", {Type::kObj, Type::kObj}, Kind::kStatic);
  bool any = false;
  for (const std::string& x : vocab_.objects) {
    for (const std::string& y : vocab_.objects) {
      if (dice_.Chance(35)) {
        Emit("(adj " + x + " " + y + ")");
        any = true;
      }
    }
  }
  if (!any) Emit("(adj " + vocab_.objects[0] + " " + vocab_.objects[1] + ")");
}

void GameWriter::WriteStatic() {
  if (dice_.Chance(65)) {
    Feature("static-recursion");
    const int reach = NewRelation("reach", {Type::kObj, Type::kObj}, Kind::kStatic, next_group_++);
    const std::string& name = vocab_.rel(reach).name;
    Emit("(<= (" + name + " ?x ?y) (adj ?x ?y))");
    if (dice_.Chance(50)) {
      Emit("(<= (" + name + " ?x ?z) (adj ?x ?y) (" + name + " ?y ?z))");
    } else {
      Emit("(<= (" + name + " ?x ?z) (" + name + " ?x ?y) (adj ?y ?z))");
    }
    if (dice_.Chance(20)) {
      Feature("facts-and-rules");
      Emit("(" + name + " " + vocab_.objects[0] + " " + vocab_.objects[0] + ")");
    }
  }
  WriteDerived(Kind::kStatic, dice_.Between(0, 3));
  if (dice_.Chance(8)) WriteTiered(Kind::kStatic);
}

void GameWriter::DeclareFluents() {
  NewRelation("step", {Type::kNum}, Kind::kFluent);
  if (turns_) NewRelation("control", {Type::kRole}, Kind::kFluent);
  const std::vector<std::string> names = {"cell", "marked", "at",   "score", "flag",
                                          "lit",  "token",  "hist", "has",   "pile"};
  const int count = dice_.Between(1, 4);
  for (int i = 0; i < count; ++i) {
    fluents_.push_back(NewRelation(dice_.Pick(names), RandomSignature(3), Kind::kFluent));
  }
}

void GameWriter::DeclareMoves() {
  for (const char* name : {"noop", "pass", "wait"}) {
    fallback_moves_.push_back(static_cast<int>(vocab_.moves.size()));
    vocab_.moves.push_back({name, {}});
  }
  std::vector<MoveShape> pool = {{"mark", {Type::kObj}}, {"go", {Type::kPos}},
                                 {"take", {Type::kNum}}, {"put", {Type::kObj, Type::kVal}},
                                 {"say", {Type::kDeep}}, {"jump", {Type::kObj, Type::kObj}},
                                 {"play", {Type::kPair}}};
  dice_.Shuffle(&pool);
  // The moves of the game-like parts first (game_writer_modules.cc).
  std::vector<std::string> required;
  if (board_) required.push_back("mark");
  if (token_) required.push_back("go");
  if (pile_) required.push_back("take");
  std::stable_partition(pool.begin(), pool.end(), [&required](const MoveShape& s) {
    return std::find(required.begin(), required.end(), s.name) != required.end();
  });
  const int shapes = std::max(dice_.Between(1, 3), static_cast<int>(required.size()));
  std::vector<int> conditional;
  for (int i = 0; i < shapes; ++i) {
    conditional.push_back(static_cast<int>(vocab_.moves.size()));
    vocab_.moves.push_back(pool[static_cast<size_t>(i)]);
  }
  vocab_.role_moves.assign(vocab_.roles.size(), {});
  for (auto& moves : vocab_.role_moves) {
    if (dice_.Chance(12)) {
      Feature("noop-only-role");
      continue;
    }
    for (size_t i = 0; i < conditional.size(); ++i) {
      if (dice_.Chance(i < required.size() ? 85 : 70)) moves.push_back(conditional[i]);
    }
  }
  // The fallback moves each role gets (WriteFallback writes their rules).
  fallback_scheme_ = turns_ ? 2 : dice_.Below(2);
  fallback_a_ = fallback_moves_[0];
  fallback_b_ = fallback_moves_[static_cast<size_t>(dice_.Chance(15) ? 0 : dice_.Between(1, 2))];
  for (auto& moves : vocab_.role_moves) {
    moves.push_back(fallback_a_);
    if (fallback_scheme_ != 0 && fallback_b_ != fallback_a_) moves.push_back(fallback_b_);
  }
}

std::vector<Type> GameWriter::RandomSignature(int max_arity) {
  const int roll = dice_.Below(100);
  const int arity = std::min(max_arity, roll < 15 ? 0 : roll < 50 ? 1 : roll < 85 ? 2 : 3);
  // Weights of kRole, kObj, kNum, kVal, kPos, kDeep, kPair.
  constexpr int kWeights[kTypeCount] = {20, 30, 15, 10, 10, 7, 8};
  std::vector<Type> sig;
  for (int i = 0; i < arity; ++i) {
    int pick = dice_.Below(100);
    int t = 0;
    while (pick >= kWeights[t]) pick -= kWeights[t++];
    sig.push_back(static_cast<Type>(t));
  }
  return sig;
}

void GameWriter::WriteOdd() {
  if (dice_.Chance(15)) {
    Feature("duplicate-rule");
    Emit(dice_.Pick(items_));
  }
  if (dice_.Chance(10)) {
    Feature("duplicate-rule");
    std::string copy;
    for (char c : dice_.Pick(items_)) copy += c == '?' ? std::string("?q") : std::string(1, c);
    Emit(copy);
  }
  if (dice_.Chance(15)) {
    Feature("unused-relation");
    const int unused = NewRelation("unused", {Type::kObj}, Kind::kStatic);
    Emit("(<= (" + vocab_.rel(unused).name + " ?x) (obj ?x) (" + Kw("not") + " (adj ?x ?x)))");
  }
}

}  // namespace ggp::testing::gen
