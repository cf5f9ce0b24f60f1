#include "reasoner/prover/fact_table.h"

#include <algorithm>

namespace ggp::reasoner::prover {

size_t FactTable::HashOf(std::span<const TermId> t) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (TermId x : t) {
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(x));
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  return static_cast<size_t>(h);
}

bool FactTable::Equal(uint32_t index, std::span<const TermId> t) const {
  const TermId* p = flat_.data() + static_cast<size_t>(index) * static_cast<size_t>(arity_);
  return std::equal(t.begin(), t.end(), p);
}

void FactTable::Grow() {
  size_t n = slots_.empty() ? 16 : slots_.size() * 2;
  slots_.assign(n, 0);
  for (size_t i = 0; i < count_; ++i) {
    size_t mask = n - 1;
    size_t pos = HashOf(Tuple(i)) & mask;
    while (slots_[pos] != 0) pos = (pos + 1) & mask;
    slots_[pos] = static_cast<uint32_t>(i + 1);
  }
}

long FactTable::IndexOf(std::span<const TermId> tuple) const {
  if (count_ == 0) return -1;
  size_t mask = slots_.size() - 1;
  size_t pos = HashOf(tuple) & mask;
  while (slots_[pos] != 0) {
    if (Equal(slots_[pos] - 1, tuple)) return static_cast<long>(slots_[pos] - 1);
    pos = (pos + 1) & mask;
  }
  return -1;
}

bool FactTable::Insert(std::span<const TermId> tuple) {
  if ((count_ + 1) * 2 > slots_.size()) Grow();
  size_t mask = slots_.size() - 1;
  size_t pos = HashOf(tuple) & mask;
  while (slots_[pos] != 0) {
    if (Equal(slots_[pos] - 1, tuple)) return false;
    pos = (pos + 1) & mask;
  }
  slots_[pos] = static_cast<uint32_t>(count_ + 1);
  flat_.insert(flat_.end(), tuple.begin(), tuple.end());
  if (indexed_ && arity_ > 0) by_first_[tuple[0]].push_back(static_cast<uint32_t>(count_));
  ++count_;
  if (terms_ != nullptr) {
    if (count_ * 2 > heads_[0].size()) {
      RebuildChains();
    } else {
      Chain(static_cast<uint32_t>(count_ - 1));
    }
  }
  return true;
}

void FactTable::EnableStructIndex(const TermStore* terms) {
  if (terms_ != nullptr || arity_ == 0) return;
  terms_ = terms;
  RebuildChains();
}

void FactTable::Chain(uint32_t index) {
  for (auto& next : next_) next.push_back(kEndOfChain);
  std::span<const TermId> tuple = Tuple(index);
  kif::SymbolId functor = kTupleFunctor;
  std::span<const TermId> parts = tuple;
  if (arity_ == 1) {
    if (!terms_->IsCompound(tuple[0])) return;
    functor = terms_->Functor(tuple[0]);
    parts = terms_->ArgSpan(tuple[0]);
  }
  size_t mask = heads_[0].size() - 1;
  auto link = [&](int kind, size_t key) {
    uint32_t& head = heads_[static_cast<size_t>(kind)][key & mask];
    next_[static_cast<size_t>(kind)][index] = head;
    head = index;
  };
  for (size_t k = 0; k < parts.size() && k < static_cast<size_t>(kKeyPositions); ++k) {
    link(static_cast<int>(k), KeyOf(functor, static_cast<int>(k), parts[k]));
  }
  if (parts.size() >= 2) link(kPairKind, PairKeyOf(functor, parts[0], parts[1]));
  if (arity_ == 1) link(kFunctorKind, FunctorKeyOf(functor));
}

void FactTable::RebuildChains() {
  size_t n = 16;
  while (n < count_ * 4) n *= 2;
  for (auto& heads : heads_) heads.assign(n, kEndOfChain);
  for (auto& next : next_) next.clear();
  for (size_t i = 0; i < count_; ++i) Chain(static_cast<uint32_t>(i));
}

void FactTable::EnableIndex() {
  if (indexed_ || arity_ == 0) return;
  indexed_ = true;
  for (size_t i = 0; i < count_; ++i) by_first_[Tuple(i)[0]].push_back(static_cast<uint32_t>(i));
}

const std::vector<uint32_t>& FactTable::WithFirst(TermId first) const {
  static const std::vector<uint32_t> kNone;
  auto it = by_first_.find(first);
  return it == by_first_.end() ? kNone : it->second;
}

void FactTable::Clear() {
  if (count_ == 0) return;
  by_first_.clear();
  count_ = 0;
  flat_.clear();
  if (terms_ != nullptr) {
    for (auto& heads : heads_) std::fill(heads.begin(), heads.end(), kEndOfChain);
    for (auto& next : next_) next.clear();
  }
  std::fill(slots_.begin(), slots_.end(), 0u);
}

}  // namespace ggp::reasoner::prover
