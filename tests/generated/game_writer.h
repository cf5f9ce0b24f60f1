#pragma once
// Internal to the random game generator (gdl_generator.h): writes one game, part by part.
// gdl_generator.cc holds the vocabulary, the static relations and the item order;
// game_writer_derived.cc the relations derived by random rules and base/input;
// game_writer_modules.cc the game-like parts written by hand (board, tokens, scores, pile);
// game_writer_rules.cc the dynamic rules (init, legal, next, terminal, goals).
//
// Ownership: a GameWriter owns its vocabulary and the items it writes. Single use, not
// synchronised.

#include <functional>
#include <string>
#include <vector>

#include "tests/generated/gdl_generator.h"
#include "tests/generated/gdl_vocabulary.h"
#include "tests/generated/rule_builder.h"

namespace ggp::testing::gen {

// Level of rules that read every view (legal, goal, terminal, next).
inline constexpr int kTopLevel = 1 << 20;

class GameWriter {
 public:
  explicit GameWriter(uint64_t seed);
  GeneratedGame Write();

 private:
  // gdl_generator.cc
  void ChooseVocabulary();
  void WriteDomains();
  void WriteStatic();
  void DeclareFluents();
  void DeclareMoves();
  void WriteOdd();
  std::vector<Type> RandomSignature(int max_arity);
  int NewRelation(const std::string& name, std::vector<Type> sig, Kind kind, int group = -1);
  bool NameTaken(const std::string& name, Kind kind) const;

  // game_writer_derived.cc
  // Relations derived by random rules: `count` of them of `kind`, some recursive.
  void WriteDerived(Kind kind, int count);
  void WriteDerivedRules(int rel, int group);
  void WriteTiered(Kind kind);
  void WriteCatalogues();

  // game_writer_modules.cc
  void DeclareModules();
  void WriteModules();
  void ModuleLegal(const std::string& shape, const std::string& move,
                   const std::function<std::string(const std::string&)>& condition);
  void WriteWholeTerms();
  void WritePeanoOrder();

  // game_writer_rules.cc
  void WriteInit();
  void WriteLegal();
  void WriteFallback();
  void WriteNext();
  void WriteTerminal();
  void WriteGoals();
  // A ground literal about role variable ?r (and constants) over a readable relation.
  std::string RoleCondition();
  // The head terms of role `role` (-1: the variable ?r, bound by the caller's rule).
  std::string RoleTerm(int role) const;

  RuleBuilder Builder(Context context, int level, int group = -1) {
    return RuleBuilder(vocab_, dice_, context, level, group, &game_.features);
  }
  void Emit(std::string item) { items_.push_back(std::move(item)); }
  void Feature(const char* name) { game_.features.insert(name); }
  std::string Kw(const char* keyword) const { return vocab_.Kw(keyword); }
  std::string True(const std::string& s) const { return "(" + Kw("true") + " " + s + ")"; }

  Dice dice_;
  Vocabulary vocab_;
  GeneratedGame game_;
  std::vector<std::string> roles_text_;  // the (role ...) items, in role order
  std::vector<std::string> items_;       // every other item
  int next_level_ = 1;
  int next_group_ = 0;
  int step_limit_ = 1;
  bool turns_ = false;
  bool peano_ = false;
  std::vector<int> fluents_;                                           // fluents with random rules
  bool board_ = false, token_ = false, score_ = false, pile_ = false;  // game-like parts
  std::vector<int> fallback_moves_;  // move shapes noop, pass, wait
  // 0: fallback_a_ always legal; 1: fallback_a_ under a condition, fallback_b_ under its
  // negation; 2 (turn-taking): fallback_a_ off turn, fallback_b_ on turn.
  int fallback_scheme_ = 0;
  int fallback_a_ = 0;
  int fallback_b_ = 0;
};

}  // namespace ggp::testing::gen
