#include "reasoner/prover/term_store.h"

#include <mutex>

namespace ggp::reasoner::prover {

size_t TermStore::KeyHash::operator()(const Key& k) const {
  size_t h = static_cast<size_t>(k.functor) * 0x9E3779B97F4A7C15ull + (k.compound ? 1 : 0);
  for (TermId a : k.args) h = (h ^ static_cast<size_t>(a)) * 0x100000001B3ull;
  return h;
}

TermId TermStore::FindLocked(const Key& k) const {
  auto it = ids_.find(k);
  return it == ids_.end() ? kNoTerm : it->second;
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
  id = static_cast<TermId>(entries_.size());
  entries_.push_back({functor, compound, static_cast<uint32_t>(args_.size()),
                      static_cast<uint32_t>(args.size())});
  args_.insert(args_.end(), args.begin(), args.end());
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

kif::SymbolId TermStore::Functor(TermId id) const {
  std::shared_lock lock(mu_);
  return entries_[static_cast<size_t>(id)].functor;
}

bool TermStore::IsCompound(TermId id) const {
  std::shared_lock lock(mu_);
  return entries_[static_cast<size_t>(id)].compound;
}

int TermStore::Arity(TermId id) const {
  std::shared_lock lock(mu_);
  return static_cast<int>(entries_[static_cast<size_t>(id)].arity);
}

void TermStore::Args(TermId id, std::vector<TermId>* out) const {
  std::shared_lock lock(mu_);
  const Entry& e = entries_[static_cast<size_t>(id)];
  out->assign(args_.begin() + e.first_arg, args_.begin() + e.first_arg + e.arity);
}

TermId TermStore::Arg(TermId id, int i) const {
  std::shared_lock lock(mu_);
  const Entry& e = entries_[static_cast<size_t>(id)];
  return args_[e.first_arg + static_cast<uint32_t>(i)];
}

kif::Term TermStore::ToTerm(TermId id) const {
  Entry e;
  std::vector<TermId> args;
  {
    std::shared_lock lock(mu_);
    e = entries_[static_cast<size_t>(id)];
    args.assign(args_.begin() + e.first_arg, args_.begin() + e.first_arg + e.arity);
  }
  kif::Term t{e.functor, false, e.compound, {}};
  for (TermId a : args) t.args.push_back(ToTerm(a));
  return t;
}

size_t TermStore::size() const {
  std::shared_lock lock(mu_);
  return entries_.size();
}

}  // namespace ggp::reasoner::prover
