#pragma once
// A set of ground tuples of one relation: insertion order is kept (evaluation iterates by
// index, also while inserting), duplicates are rejected through an open-addressing index.
//
// Not synchronised: each table belongs to one Program (static facts, read-only after
// construction) or one Workspace.

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "reasoner/prover/term_store.h"

namespace ggp::reasoner::prover {

class FactTable {
 public:
  explicit FactTable(int arity = 0) : arity_(arity) {}

  int arity() const { return arity_; }
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::span<const TermId> Tuple(size_t i) const {
    return {flat_.data() + i * static_cast<size_t>(arity_), static_cast<size_t>(arity_)};
  }

  // Adds `tuple` (size arity()); returns false if it was present.
  bool Insert(std::span<const TermId> tuple);
  bool Contains(std::span<const TermId> tuple) const { return IndexOf(tuple) >= 0; }
  // The insertion index of `tuple`, or -1.
  long IndexOf(std::span<const TermId> tuple) const;
  // Removes every tuple, keeping capacity.
  void Clear();

  // An index on the first argument, kept up to date by Insert once enabled. Used for
  // static relations (built once, read by every workspace) and during their computation.
  void EnableIndex();
  bool indexed() const { return indexed_; }
  // Indices of the tuples whose first argument is `first` (requires indexed()).
  const std::vector<uint32_t>& WithFirst(TermId first) const;

  // A structural index for one-argument tables of compound terms (the fluents of `true`):
  // tuples whose argument is (f a b ...) are chained under the key (f, a) (level 1) and
  // (f, a, b) (level 2), so (true (cell 3 4 ?p)) visits only the cells of row 3, column 4.
  // Chains may hold other tuples whose key hashes alike: callers still match each tuple.
  // Kept up to date by Insert once enabled; chains must not be walked while the table
  // grows (use it for tables that are complete before they are read).
  void EnableStructIndex(const TermStore* terms);
  bool struct_indexed() const { return terms_ != nullptr; }
  static constexpr uint32_t kEndOfChain = UINT32_MAX;
  static size_t StructKey(kif::SymbolId functor, TermId a) {
    return Mix(Mix(0x51ED27F3u ^ static_cast<uint32_t>(functor)) ^ static_cast<uint32_t>(a));
  }
  static size_t StructKey(kif::SymbolId functor, TermId a, TermId b) {
    return Mix(StructKey(functor, a) ^ static_cast<uint32_t>(b));
  }
  // First tuple of the chain of `key` at `level` (1 or 2), or kEndOfChain.
  uint32_t ChainHead(int level, size_t key) const {
    const auto& heads = level == 1 ? heads1_ : heads2_;
    return heads.empty() ? kEndOfChain : heads[key & (heads.size() - 1)];
  }
  uint32_t ChainNext(int level, uint32_t i) const { return (level == 1 ? next1_ : next2_)[i]; }

 private:
  static size_t HashOf(std::span<const TermId> t);
  static size_t Mix(uint64_t h) {
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<size_t>(h ^ (h >> 31));
  }
  void Chain(uint32_t index);
  void RebuildChains();
  bool Equal(uint32_t index, std::span<const TermId> t) const;
  void Grow();

  int arity_;
  size_t count_ = 0;
  std::vector<TermId> flat_;
  std::vector<uint32_t> slots_;  // tuple index + 1; 0 = empty
  bool indexed_ = false;
  std::unordered_map<TermId, std::vector<uint32_t>> by_first_;
  const TermStore* terms_ = nullptr;        // set when struct indexed
  std::vector<uint32_t> heads1_, heads2_;  // bucket -> first tuple (power-of-two size)
  std::vector<uint32_t> next1_, next2_;    // tuple -> next tuple in its chain
};

}  // namespace ggp::reasoner::prover
