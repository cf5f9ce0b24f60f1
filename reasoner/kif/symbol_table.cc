#include "reasoner/kif/symbol_table.h"

#include <array>
#include <cctype>
#include <mutex>

namespace ggp::kif {
namespace {

constexpr std::array<std::string_view, kNumKeywords> kKeywordNames = {
    "role", "init", "true", "next",     "legal", "does", "goal", "terminal",
    "base", "input", "distinct", "not", "or",    "<=",   "sees", "random"};

}  // namespace

SymbolTable::SymbolTable() {
  for (std::string_view k : kKeywordNames) {
    names_.emplace_back(k);
    ids_.emplace(names_.back(), static_cast<SymbolId>(names_.size() - 1));
  }
}

std::optional<SymbolId> SymbolTable::KeywordOf(std::string_view spelling) {
  if (spelling.size() > 8) return std::nullopt;
  char lower[8];
  for (size_t i = 0; i < spelling.size(); ++i) {
    lower[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(spelling[i])));
  }
  std::string_view folded(lower, spelling.size());
  for (size_t i = 0; i < kKeywordNames.size(); ++i) {
    if (kKeywordNames[i] == folded) return static_cast<SymbolId>(i);
  }
  return std::nullopt;
}

SymbolId SymbolTable::Intern(std::string_view spelling) {
  if (auto k = KeywordOf(spelling)) return *k;
  {
    std::shared_lock lock(mu_);
    auto it = ids_.find(spelling);
    if (it != ids_.end()) return it->second;
  }
  std::unique_lock lock(mu_);
  auto it = ids_.find(spelling);
  if (it != ids_.end()) return it->second;
  names_.emplace_back(spelling);
  auto id = static_cast<SymbolId>(names_.size() - 1);
  ids_.emplace(names_.back(), id);
  return id;
}

SymbolId SymbolTable::InternFresh(std::string_view prefix, int* counter) {
  std::unique_lock lock(mu_);
  for (;;) {
    std::string spelling(prefix);
    spelling += std::to_string((*counter)++);
    if (KeywordOf(spelling) || ids_.count(spelling) > 0) continue;
    names_.push_back(std::move(spelling));
    auto id = static_cast<SymbolId>(names_.size() - 1);
    ids_.emplace(names_.back(), id);
    return id;
  }
}

std::optional<SymbolId> SymbolTable::Find(std::string_view spelling) const {
  if (auto k = KeywordOf(spelling)) return *k;
  std::shared_lock lock(mu_);
  auto it = ids_.find(spelling);
  if (it == ids_.end()) return std::nullopt;
  return it->second;
}

std::string_view SymbolTable::Name(SymbolId id) const {
  std::shared_lock lock(mu_);
  if (id < 0 || static_cast<size_t>(id) >= names_.size()) return "<bad-symbol>";
  return names_[static_cast<size_t>(id)];
}

size_t SymbolTable::size() const {
  std::shared_lock lock(mu_);
  return names_.size();
}

}  // namespace ggp::kif
