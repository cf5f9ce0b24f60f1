#include "reasoner/prover/term_store.h"

#include <algorithm>
#include <mutex>

namespace ggp::reasoner::prover {

size_t TermStore::KeyHash::operator()(const Key& k) const {
  uint64_t h = static_cast<uint64_t>(static_cast<uint32_t>(k.functor)) * 0x9E3779B97F4A7C15ull +
               (k.compound ? 1 : 0);
  for (TermId a : k.args) {
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

TermId TermStore::FindLocked(const Key& k) const {
  auto it = ids_.find(k);
  return it == ids_.end() ? kNoTerm : it->second;
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
  // A per-thread key avoids an allocation for every lookup of an existing term.
  thread_local Key key;
  key.functor = functor;
  key.compound = compound;
  key.args.assign(args.begin(), args.end());
  {
    std::shared_lock lock(mu_);
    TermId id = FindLocked(key);
    if (id != kNoTerm) return id;
  }
  std::unique_lock lock(mu_);
  TermId id = FindLocked(key);
  if (id != kNoTerm) return id;
  id = count_.load(std::memory_order_relaxed);
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
  ids_.emplace(key, id);
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
  Key key{t.symbol, t.is_compound, {}};
  for (const kif::Term& a : t.args) {
    TermId id = Find(a);
    if (id == kNoTerm) return kNoTerm;
    key.args.push_back(id);
  }
  std::shared_lock lock(mu_);
  return FindLocked(key);
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
