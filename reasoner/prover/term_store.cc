#include "reasoner/prover/term_store.h"

#include <algorithm>
#include <mutex>

namespace ggp::reasoner::prover {

size_t TermStore::HashOf(kif::SymbolId functor, bool compound, std::span<const TermId> args) {
  uint64_t h = static_cast<uint64_t>(static_cast<uint32_t>(functor)) * 0x9E3779B97F4A7C15ull +
               (compound ? 1 : 0);
  for (TermId a : args) {
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(a));
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
  }
  return static_cast<size_t>(h);
}

TermStore::TermStore() {
  for (auto& c : chunks_) c.store(nullptr, std::memory_order_relaxed);
}

TermStore::~TermStore() {
  for (auto& c : chunks_) delete[] c.load(std::memory_order_relaxed);
}

TermId TermStore::FindLocked(kif::SymbolId functor, bool compound, std::span<const TermId> args,
                             size_t hash, size_t* slot) const {
  if (index_.empty()) {
    *slot = 0;
    return kNoTerm;
  }
  const size_t mask = index_.size() - 1;
  size_t pos = hash & mask;
  for (uint32_t v; (v = index_[pos]) != 0; pos = (pos + 1) & mask) {
    const TermId id = static_cast<TermId>(v - 1);
    const Entry& e = At(id);
    if (e.functor == functor && e.compound == compound && e.arity == args.size() &&
        std::equal(args.begin(), args.end(), e.args)) {
      *slot = pos;
      return id;
    }
  }
  *slot = pos;
  return kNoTerm;
}

void TermStore::GrowIndex() {
  std::vector<uint32_t> bigger(index_.empty() ? 1024 : index_.size() * 2, 0);
  const size_t mask = bigger.size() - 1;
  const auto n = count_.load(std::memory_order_relaxed);
  for (TermId id = 0; id < n; ++id) {
    const Entry& e = At(id);
    size_t pos = HashOf(e.functor, e.compound, {e.args, e.arity}) & mask;
    while (bigger[pos] != 0) pos = (pos + 1) & mask;
    bigger[pos] = static_cast<uint32_t>(id) + 1;
  }
  index_.swap(bigger);
}

const TermId* TermStore::StoreArgs(std::span<const TermId> args) {
  if (args.empty()) return nullptr;
  if (args.size() > kArgBlock - arg_used_) {
    arg_blocks_.push_back(std::make_unique<TermId[]>(std::max(kArgBlock, args.size())));
    arg_used_ = 0;
  }
  TermId* out = arg_blocks_.back().get() + arg_used_;
  std::copy(args.begin(), args.end(), out);
  arg_used_ += args.size();
  return out;
}

TermId TermStore::Intern(kif::SymbolId functor, bool compound, std::span<const TermId> args) {
  const size_t hash = HashOf(functor, compound, args);
  size_t slot;
  {
    std::shared_lock lock(mu_);
    TermId id = FindLocked(functor, compound, args, hash, &slot);
    if (id != kNoTerm) return id;
  }
  std::unique_lock lock(mu_);
  TermId id = FindLocked(functor, compound, args, hash, &slot);
  if (id != kNoTerm) return id;
  id = count_.load(std::memory_order_relaxed);
  if ((static_cast<size_t>(id) + 1) * 2 > index_.size()) {
    GrowIndex();
    FindLocked(functor, compound, args, hash, &slot);  // the free slot in the new index
  }
  uint32_t x = static_cast<uint32_t>(id) + (1u << kFirstChunkBits);
  int top = 31 - __builtin_clz(x);
  size_t chunk = static_cast<size_t>(top - kFirstChunkBits);
  uint32_t offset = x - (1u << top);
  Entry* entries = chunks_[chunk].load(std::memory_order_relaxed);
  if (entries == nullptr) {
    entries = new Entry[size_t{1} << top];
    chunks_[chunk].store(entries, std::memory_order_release);
  }
  entries[offset] = Entry{functor, compound, static_cast<uint32_t>(args.size()), StoreArgs(args)};
  count_.store(id + 1, std::memory_order_release);
  index_[slot] = static_cast<uint32_t>(id) + 1;
  return id;
}

TermId TermStore::FromTerm(const kif::Term& t) {
  if (!t.is_compound) return Intern(t.symbol, false, {});
  std::vector<TermId> args;
  args.reserve(t.args.size());
  for (const kif::Term& a : t.args) args.push_back(FromTerm(a));
  return Intern(t.symbol, true, args);
}

TermId TermStore::Find(const kif::Term& t) const {
  std::vector<TermId> args;
  args.reserve(t.args.size());
  for (const kif::Term& a : t.args) {
    TermId id = Find(a);
    if (id == kNoTerm) return kNoTerm;
    args.push_back(id);
  }
  const size_t hash = HashOf(t.symbol, t.is_compound, args);
  size_t slot;
  std::shared_lock lock(mu_);
  return FindLocked(t.symbol, t.is_compound, args, hash, &slot);
}

void TermStore::Args(TermId id, std::vector<TermId>* out) const {
  std::span<const TermId> a = ArgSpan(id);
  out->assign(a.begin(), a.end());
}

kif::Term TermStore::ToTerm(TermId id) const {
  const Entry& e = At(id);
  kif::Term t{e.functor, false, e.compound, {}};
  t.args.reserve(e.arity);
  for (uint32_t i = 0; i < e.arity; ++i) t.args.push_back(ToTerm(e.args[i]));
  return t;
}

}  // namespace ggp::reasoner::prover
