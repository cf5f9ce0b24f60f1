#include "reasoner/ground/term_store.h"

namespace ggp::reasoner::ground {

namespace {

uint64_t SlotOf(uint64_t hash, TermId id) {
  return (hash & 0xFFFFFFFF00000000ull) | (uint64_t{id} + 1);
}

}  // namespace

TermStore::TermStore() : slots_(1024, 0) {}

uint64_t TermStore::HashOf(kif::SymbolId s, bool compound, std::span<const TermId> args) {
  uint64_t h = (static_cast<uint64_t>(static_cast<uint32_t>(s)) << 1 | (compound ? 1 : 0)) *
               0x9E3779B97F4A7C15ull;
  for (TermId a : args) {
    h ^= a + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xFF51AFD7ED558CCDull;
  }
  return h ^ (h >> 29);
}

bool TermStore::Equals(TermId id, kif::SymbolId s, bool compound,
                       std::span<const TermId> args) const {
  const Node& n = nodes_[id];
  if (n.symbol != s || (n.compound != 0) != compound || n.arity != args.size()) return false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args_[n.args_begin + i] != args[i]) return false;
  }
  return true;
}

std::optional<TermId> TermStore::Find(kif::SymbolId s, bool compound,
                                      std::span<const TermId> args, uint64_t hash) const {
  size_t mask = slots_.size() - 1;
  const uint64_t tag = hash & 0xFFFFFFFF00000000ull;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const uint64_t slot = slots_[i];
    if (slot == 0) return std::nullopt;
    if ((slot & 0xFFFFFFFF00000000ull) != tag) continue;
    const auto id = static_cast<TermId>((slot & 0xFFFFFFFFu) - 1);
    if (hashes_[id] == hash && Equals(id, s, compound, args)) return id;
  }
}

std::optional<TermId> TermStore::FindCompound(kif::SymbolId functor,
                                              std::span<const TermId> args) const {
  return Find(functor, true, args, HashOf(functor, true, args));
}

std::optional<TermId> TermStore::FindAtom(kif::SymbolId symbol) const {
  return Find(symbol, false, {}, HashOf(symbol, false, {}));
}

void TermStore::Grow() {
  std::vector<uint64_t> slots(slots_.size() * 2, 0);
  size_t mask = slots.size() - 1;
  for (TermId id = 0; id < nodes_.size(); ++id) {
    size_t i = hashes_[id] & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    slots[i] = SlotOf(hashes_[id], id);
  }
  slots_.swap(slots);
}

TermId TermStore::Intern(kif::SymbolId s, bool compound, std::span<const TermId> args) {
  uint64_t hash = HashOf(s, compound, args);
  if (auto found = Find(s, compound, args, hash)) return *found;
  if ((nodes_.size() + 1) * 2 > slots_.size()) Grow();
  TermId id = static_cast<TermId>(nodes_.size());
  uint32_t begin = static_cast<uint32_t>(args_.size());
  if (!args.empty() && args.data() >= args_.data() && args.data() < args_.data() + args_.size()) {
    // `args` points into args_ itself (a sub-term's arguments): growing args_ would
    // invalidate it, so copy the arguments first.
    std::vector<TermId> copy(args.begin(), args.end());
    args_.insert(args_.end(), copy.begin(), copy.end());
  } else {
    args_.insert(args_.end(), args.begin(), args.end());
  }
  nodes_.push_back(Node{s, begin, static_cast<uint32_t>(args.size()), compound ? 1u : 0u});
  hashes_.push_back(hash);
  size_t mask = slots_.size() - 1;
  size_t i = hash & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = SlotOf(hash, id);
  return id;
}

TermId TermStore::FromKif(const kif::Term& t) {
  if (t.is_variable) return kNoTerm;
  if (!t.is_compound) return Atom(t.symbol);
  std::vector<TermId> args;
  args.reserve(t.args.size());
  for (const kif::Term& a : t.args) {
    TermId id = FromKif(a);
    if (id == kNoTerm) return kNoTerm;
    args.push_back(id);
  }
  return Compound(t.symbol, args);
}

std::optional<TermId> TermStore::FindKif(const kif::Term& t) const {
  if (t.is_variable) return std::nullopt;
  if (!t.is_compound) return FindAtom(t.symbol);
  std::vector<TermId> args;
  args.reserve(t.args.size());
  for (const kif::Term& a : t.args) {
    auto id = FindKif(a);
    if (!id) return std::nullopt;
    args.push_back(*id);
  }
  return FindCompound(t.symbol, args);
}

kif::Term TermStore::ToKif(TermId id) const {
  const Node& n = nodes_[id];
  if (!n.compound) return kif::Term::Atom(n.symbol);
  std::vector<kif::Term> args;
  args.reserve(n.arity);
  for (uint32_t i = 0; i < n.arity; ++i) args.push_back(ToKif(args_[n.args_begin + i]));
  return kif::Term::Compound(n.symbol, std::move(args));
}

}  // namespace ggp::reasoner::ground
