#include "reasoner/ground/fact_store.h"

#include <algorithm>

namespace ggp::reasoner::ground {
namespace {

uint64_t KeyOf(kif::SymbolId symbol, uint32_t arity) {
  return static_cast<uint64_t>(static_cast<uint32_t>(symbol)) << 32 | arity;
}

}  // namespace

int FactStore::RelationOf(kif::SymbolId symbol, uint32_t arity) {
  auto [it, inserted] = by_key_.emplace(KeyOf(symbol, arity), static_cast<int>(relations_.size()));
  if (inserted) {
    Relation r;
    r.symbol = symbol;
    r.arity = arity;
    r.index.resize(arity);
    relations_.push_back(std::move(r));
  }
  return it->second;
}

int FactStore::FindRelation(kif::SymbolId symbol, uint32_t arity) const {
  auto it = by_key_.find(KeyOf(symbol, arity));
  return it == by_key_.end() ? -1 : it->second;
}

TermId FactStore::SentenceOf(int r, std::span<const TermId> args) {
  const Relation& rel = relations_[static_cast<size_t>(r)];
  return rel.arity == 0 ? terms_->Atom(rel.symbol) : terms_->Compound(rel.symbol, args);
}

bool FactStore::Add(int r, TermId sentence) {
  if (sentence >= is_fact_.size()) is_fact_.resize(std::max<size_t>(sentence + 1, is_fact_.size() * 2), 0);
  if (is_fact_[sentence] != 0) return false;
  is_fact_[sentence] = 1;
  Relation& rel = relations_[static_cast<size_t>(r)];
  uint32_t fact = rel.size();
  rel.sentences.push_back(sentence);
  if (rel.arity > 0) {
    std::span<const TermId> args = terms_->args(sentence);
    for (uint32_t i = 0; i < rel.arity; ++i) {
      auto [it, inserted] = rel.index[i].try_emplace(args[i]);
      rel.prev.push_back(it->second.head);
      it->second.head = fact;
      ++it->second.count;
      if (inserted) bytes_ += 48;
    }
  }
  for (auto& [mask, ci] : rel.composite) {
    auto& chain = ci->chains[CompositeKey(mask, terms_->args(sentence).data())];
    ci->prev.push_back(chain.head);
    chain.head = fact;
    ++chain.count;
    bytes_ += 24;
  }
  for (auto& ci : rel.components) {
    IndexComponents(ci.get(), fact, terms_->args(sentence)[ci->position]);
  }
  bytes_ += 8 + 4 * (rel.arity + 1);
  return true;
}

void FactStore::IndexComponents(Relation::ComponentIndex* ci, uint32_t fact, TermId arg) {
  if (!terms_->is_compound(arg) || terms_->functor(arg) != ci->functor ||
      terms_->args(arg).size() != ci->arity) {
    ci->prev.push_back(kNoFact);
    return;
  }
  auto& chain = ci->chains[CompositeKey(ci->mask, terms_->args(arg).data())];
  ci->prev.push_back(chain.head);
  chain.head = fact;
  ++chain.count;
  bytes_ += 8;
}

void FactStore::Clear(int r) {
  Relation& rel = relations_[static_cast<size_t>(r)];
  for (TermId s : rel.sentences) is_fact_[s] = 0;
  rel.sentences.clear();
  for (auto& index : rel.index) index.clear();
  rel.prev.clear();
  rel.composite.clear();
  rel.components.clear();
  rel.old_end = rel.delta_end = 0;
}

uint64_t FactStore::CompositeKey(uint32_t mask, const TermId* args) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (uint32_t i = 0; mask != 0; ++i, mask >>= 1) {
    if (mask & 1) h = (h ^ args[i]) * 0xFF51AFD7ED558CCDull + (h >> 31);
  }
  return h;
}

Relation::CompositeIndex* FactStore::Composite(int r, uint32_t mask) {
  Relation& rel = relations_[static_cast<size_t>(r)];
  auto& slot = rel.composite[mask];
  if (!slot) {
    slot = std::make_unique<Relation::CompositeIndex>();
    for (uint32_t fact = 0; fact < rel.size(); ++fact) {
      auto& chain = slot->chains[CompositeKey(mask, terms_->args(rel.sentences[fact]).data())];
      slot->prev.push_back(chain.head);
      chain.head = fact;
      ++chain.count;
    }
    bytes_ += rel.size() * 24 + 64;
  }
  return slot.get();
}

Relation::ComponentIndex* FactStore::Components(int r, uint32_t position, kif::SymbolId functor,
                                                uint32_t arity, uint32_t mask) {
  Relation& rel = relations_[static_cast<size_t>(r)];
  for (auto& ci : rel.components) {
    if (ci->position == position && ci->functor == functor && ci->arity == arity &&
        ci->mask == mask) {
      return ci.get();
    }
  }
  auto ci = std::make_unique<Relation::ComponentIndex>();
  ci->position = position;
  ci->functor = functor;
  ci->arity = arity;
  ci->mask = mask;
  ci->prev.reserve(rel.size());
  for (uint32_t fact = 0; fact < rel.size(); ++fact) {
    IndexComponents(ci.get(), fact, terms_->args(rel.sentences[fact])[position]);
  }
  bytes_ += rel.size() * 4 + 64;
  rel.components.push_back(std::move(ci));
  return rel.components.back().get();
}

}  // namespace ggp::reasoner::ground
