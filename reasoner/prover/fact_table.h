#pragma once
// A set of ground tuples of one relation: insertion order is kept (evaluation iterates by
// index, also while inserting), duplicates are rejected through an open-addressing index.
//
// Not synchronised: each table belongs to one Program (static facts, read-only after
// construction) or one Workspace.

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "reasoner/prover/term_store.h"

namespace ggp::reasoner::prover {

class FactTable {
 public:
  explicit FactTable(int arity = 0) : arity_(arity) {}
  FactTable(const FactTable& o);
  FactTable& operator=(const FactTable& o);
  FactTable(FactTable&&) noexcept = default;
  FactTable& operator=(FactTable&&) noexcept = default;

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

  // Argument indexes by hashed key, as chains of tuple indices. A table's "components" are
  // the arguments of its single compound argument when it has arity 1 (the fluents of
  // `true`: (cell 3 4 ?p) has components 3, 4, ?p under functor cell), else its own
  // arguments (functor kTupleFunctor). Chain kind k < kKeyPositions holds the tuples under
  // (functor, k, component k); kind kPairKind under (functor, component 0, component 1). So
  // (true (cell 3 4 ?p)) and (true (cell ?x ?y wk)) visit only the fluents that can match.
  // Chains may hold tuples whose key merely hashes alike: callers still match each tuple.
  // Kept up to date by Insert once enabled; chains must not be walked while the table
  // grows (use them for tables that are complete before they are read).
  // Kind kFunctorKind chains the compound tuples of an arity-1 table by functor alone, for
  // patterns that bind no component: (true (control ?p)) visits the control fluents only.
  static constexpr int kKeyPositions = 4;
  static constexpr int kPairKind = kKeyPositions;
  static constexpr int kFunctorKind = kKeyPositions + 1;
  static constexpr int kNumKinds = kKeyPositions + 2;
  static constexpr kif::SymbolId kTupleFunctor = -2;
  static constexpr uint32_t kEndOfChain = UINT32_MAX;
  void EnableStructIndex(const TermStore* terms);
  bool struct_indexed() const { return ix_ != nullptr && ix_->terms != nullptr; }
  static size_t KeyOf(kif::SymbolId functor, int position, TermId value) {
    return Mix(Mix(0x51ED27F3u ^ static_cast<uint32_t>(functor) ^ (static_cast<uint64_t>(position) << 32)) ^
               static_cast<uint32_t>(value));
  }
  static size_t FunctorKeyOf(kif::SymbolId functor) {
    return Mix(0x2545F491u ^ static_cast<uint64_t>(static_cast<uint32_t>(functor)));
  }
  static size_t PairKeyOf(kif::SymbolId functor, TermId a, TermId b) {
    return Mix(KeyOf(functor, kPairKind, a) ^ static_cast<uint32_t>(b));
  }
  // First tuple of the chain of `key` of `kind`, or kEndOfChain.
  uint32_t ChainHead(int kind, size_t key) const {
    const auto& heads = ix_->heads[static_cast<size_t>(kind)];
    return heads.empty() ? kEndOfChain : heads[key & (heads.size() - 1)];
  }
  uint32_t ChainNext(int kind, uint32_t i) const { return ix_->next[static_cast<size_t>(kind)][i]; }

 private:
  static size_t HashOf(std::span<const TermId> t);
  static size_t Mix(uint64_t h) {
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<size_t>(h ^ (h >> 31));
  }
  void Chain(uint32_t index);
  void RebuildChains();
  bool Equal(uint32_t index, std::span<const TermId> t) const;
  static uint64_t Tag(size_t hash) { return static_cast<uint64_t>(hash) & 0xFFFFFFFF00000000ull; }
  void Grow();

  // The indexes, apart: most tables (the answers of one call) have none, and a small
  // table object keeps the many of them close together in memory.
  struct Indexes {
    std::unordered_map<TermId, std::vector<uint32_t>> by_first;
    const TermStore* terms = nullptr;        // set when struct indexed
    std::vector<uint32_t> heads[kNumKinds];  // bucket -> first tuple (power-of-two size)
    std::vector<uint32_t> next[kNumKinds];   // tuple -> next tuple in its chain
  };
  Indexes& ix() {
    if (ix_ == nullptr) ix_ = std::make_unique<Indexes>();
    return *ix_;
  }

  int arity_;
  bool indexed_ = false;
  size_t count_ = 0;
  std::vector<TermId> flat_;
  // Open addressing: 0 = empty, else the tuple's hash tag (its high 32 bits) above the
  // tuple index + 1, so that a probe compares tuples only where the tags agree.
  std::vector<uint64_t> slots_;
  std::unique_ptr<Indexes> ix_;
};

}  // namespace ggp::reasoner::prover
