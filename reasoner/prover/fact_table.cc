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

FactTable::FactTable(const FactTable& o)
    : arity_(o.arity_),
      indexed_(o.indexed_),
      count_(o.count_),
      flat_(o.flat_),
      slots_(o.slots_),
      ix_(o.ix_ != nullptr ? std::make_unique<Indexes>(*o.ix_) : nullptr) {}

FactTable& FactTable::operator=(const FactTable& o) {
  if (this != &o) *this = FactTable(o);
  return *this;
}

bool FactTable::Equal(uint32_t index, std::span<const TermId> t) const {
  // Tuples are short: a plain loop beats a call to memcmp.
  const TermId* p = flat_.data() + static_cast<size_t>(index) * static_cast<size_t>(arity_);
  for (size_t k = 0; k < t.size(); ++k) {
    if (p[k] != t[k]) return false;
  }
  return true;
}

void FactTable::Grow() {
  size_t n = slots_.empty() ? 16 : slots_.size() * 2;
  slots_.assign(n, 0);
  for (size_t i = 0; i < count_; ++i) {
    size_t mask = n - 1;
    const size_t hash = HashOf(Tuple(i));
    size_t pos = hash & mask;
    while (slots_[pos] != 0) pos = (pos + 1) & mask;
    slots_[pos] = Tag(hash) | (i + 1);
  }
}

long FactTable::IndexOf(std::span<const TermId> tuple) const {
  if (count_ == 0) return -1;
  size_t mask = slots_.size() - 1;
  const size_t hash = HashOf(tuple);
  const uint64_t tag = Tag(hash);
  size_t pos = hash & mask;
  for (uint64_t slot; (slot = slots_[pos]) != 0; pos = (pos + 1) & mask) {
    const auto index = static_cast<uint32_t>(slot) - 1;
    if ((slot & ~0xFFFFFFFFull) == tag && Equal(index, tuple)) return static_cast<long>(index);
  }
  return -1;
}

bool FactTable::Insert(std::span<const TermId> tuple) {
  if ((count_ + 1) * 2 > slots_.size()) Grow();
  size_t mask = slots_.size() - 1;
  const size_t hash = HashOf(tuple);
  const uint64_t tag = Tag(hash);
  size_t pos = hash & mask;
  for (uint64_t slot; (slot = slots_[pos]) != 0; pos = (pos + 1) & mask) {
    if ((slot & ~0xFFFFFFFFull) == tag && Equal(static_cast<uint32_t>(slot) - 1, tuple)) {
      return false;
    }
  }
  slots_[pos] = tag | (count_ + 1);
  flat_.insert(flat_.end(), tuple.begin(), tuple.end());
  if (indexed_ && arity_ > 0) ix_->by_first[tuple[0]].push_back(static_cast<uint32_t>(count_));
  ++count_;
  if (struct_indexed()) {
    if (count_ * 2 > ix_->heads[0].size()) {
      RebuildChains();
    } else {
      Chain(static_cast<uint32_t>(count_ - 1));
    }
  }
  return true;
}

void FactTable::EnableStructIndex(const TermStore* terms) {
  if (struct_indexed() || arity_ == 0) return;
  ix().terms = terms;
  RebuildChains();
}

void FactTable::Chain(uint32_t index) {
  Indexes& ix = *ix_;
  for (auto& next : ix.next) next.push_back(kEndOfChain);
  std::span<const TermId> tuple = Tuple(index);
  kif::SymbolId functor = kTupleFunctor;
  std::span<const TermId> parts = tuple;
  if (arity_ == 1) {
    if (!ix.terms->IsCompound(tuple[0])) return;
    functor = ix.terms->Functor(tuple[0]);
    parts = ix.terms->ArgSpan(tuple[0]);
  }
  size_t mask = ix.heads[0].size() - 1;
  auto link = [&](int kind, size_t key) {
    uint32_t& head = ix.heads[static_cast<size_t>(kind)][key & mask];
    ix.next[static_cast<size_t>(kind)][index] = head;
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
  for (auto& heads : ix_->heads) heads.assign(n, kEndOfChain);
  for (auto& next : ix_->next) next.clear();
  for (size_t i = 0; i < count_; ++i) Chain(static_cast<uint32_t>(i));
}

void FactTable::EnableIndex() {
  if (indexed_ || arity_ == 0) return;
  indexed_ = true;
  Indexes& x = ix();
  for (size_t i = 0; i < count_; ++i) x.by_first[Tuple(i)[0]].push_back(static_cast<uint32_t>(i));
}

const std::vector<uint32_t>& FactTable::WithFirst(TermId first) const {
  static const std::vector<uint32_t> kNone;
  auto it = ix_->by_first.find(first);
  return it == ix_->by_first.end() ? kNone : it->second;
}

void FactTable::Clear() {
  if (count_ == 0) return;
  count_ = 0;
  flat_.clear();
  if (ix_ != nullptr) {
    ix_->by_first.clear();
    for (auto& heads : ix_->heads) std::fill(heads.begin(), heads.end(), kEndOfChain);
    for (auto& next : ix_->next) next.clear();
  }
  std::fill(slots_.begin(), slots_.end(), uint64_t{0});
}

}  // namespace ggp::reasoner::prover
