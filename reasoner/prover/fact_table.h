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

 private:
  static size_t HashOf(std::span<const TermId> t);
  bool Equal(uint32_t index, std::span<const TermId> t) const;
  void Grow();

  int arity_;
  size_t count_ = 0;
  std::vector<TermId> flat_;
  std::vector<uint32_t> slots_;  // tuple index + 1; 0 = empty
  bool indexed_ = false;
  std::unordered_map<TermId, std::vector<uint32_t>> by_first_;
};

}  // namespace ggp::reasoner::prover
