#pragma once
// Interned symbols. Every constant, relation name, function name and variable name of a
// game is a SymbolId; the original spelling is kept so that terms print back exactly as
// the rules (or the server) wrote them.
//
// GDL keywords are case-insensitive: "ROLE", "Role" and "role" all intern to kRole, and
// print in lower case. Every other symbol is interned by exact spelling ("A" != "a").
//
// Thread safety: Intern, Find and Name may be called concurrently from any thread. Ids are
// stable for the table's lifetime and are small dense integers, so back ends can index
// arrays by them.

#include <cstdint>
#include <deque>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ggp::kif {

using SymbolId = int32_t;

// Keyword ids are fixed: every table starts with these, in this order.
enum Keyword : SymbolId {
  kRole = 0,
  kInit,
  kTrue,
  kNext,
  kLegal,
  kDoes,
  kGoal,
  kTerminal,
  kBase,
  kInput,
  kDistinct,
  kNot,
  kOr,
  kImplies,  // "<="
  kSees,
  kRandom,
  kNumKeywords
};

class SymbolTable {
 public:
  SymbolTable();
  SymbolTable(const SymbolTable&) = delete;
  SymbolTable& operator=(const SymbolTable&) = delete;

  // Returns the id of `spelling`, adding it if new. Keywords fold case.
  SymbolId Intern(std::string_view spelling);
  // A symbol no one has interned yet, spelled `prefix` then a number: the first of
  // *counter, *counter + 1, ... that is new (the counter is left past it). For names a
  // program adds to a description (auxiliary relations) that must not meet the game's.
  SymbolId InternFresh(std::string_view prefix, int* counter);
  // The id of `spelling` if it has been interned (keywords fold case).
  std::optional<SymbolId> Find(std::string_view spelling) const;
  // The spelling of `id` (keywords in lower case). The view stays valid for the table's life.
  std::string_view Name(SymbolId id) const;
  // Number of interned symbols.
  size_t size() const;

  static bool IsKeyword(SymbolId id) { return id >= 0 && id < kNumKeywords; }

 private:
  static std::optional<SymbolId> KeywordOf(std::string_view spelling);

  mutable std::shared_mutex mu_;
  std::deque<std::string> names_;  // deque: element addresses never move
  std::unordered_map<std::string_view, SymbolId> ids_;
};

}  // namespace ggp::kif
