#pragma once
// The facts derived so far, per relation (symbol + arity), with one index per argument
// position (and, built on first use, indexes over several arguments or over the components
// of a compound argument), and the per-round boundaries semi-naive evaluation needs.
//
// A fact is identified by its sentence term: `(cell 1 1 b)` for cell/3, the atom
// `terminal` for terminal/0. Facts of a relation are numbered in insertion order; a round
// sees facts [0, old_end) as old and [old_end, delta_end) as new (the delta).
//
// Thread safety: single-threaded build structure.

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "reasoner/ground/term_store.h"

namespace ggp::reasoner::ground {

inline constexpr uint32_t kNoFact = 0xFFFFFFFFu;

struct Relation {
  kif::SymbolId symbol = -1;
  uint32_t arity = 0;
  bool is_static = false;
  // A demand relation (demand.h): joined, never kept in an emitted body or emitted itself.
  bool is_filter = false;
  std::vector<TermId> sentences;  // fact number -> sentence term
  uint32_t old_end = 0;
  uint32_t delta_end = 0;

  // Per argument position: value -> (most recent fact with that value, count); chains
  // continue through prev_ (fact * arity + position) in decreasing fact order.
  struct Chain {
    uint32_t head = kNoFact;
    uint32_t count = 0;
  };
  std::vector<std::unordered_map<TermId, Chain>> index;
  std::vector<uint32_t> prev;

  // Indices over several argument positions at once (bit i of the mask = argument i),
  // keyed by a hash of those arguments (a collision only adds candidates, which matching
  // rejects). Created on first use; pointers stay valid.
  struct CompositeIndex {
    std::unordered_map<uint64_t, Chain> chains;
    std::vector<uint32_t> prev;  // per fact
  };
  std::map<uint32_t, std::unique_ptr<CompositeIndex>> composite;

  // Indices over the components of one compound argument: the facts whose argument at
  // `position` is a `functor` term of `arity` components, keyed by a hash of the
  // components in `mask` (CompositeKey over the components). (true (cell ?x ?y ?p)) with
  // ?x and ?y bound reads the fluents of one cell, not every fluent. Created on first use;
  // pointers stay valid.
  struct ComponentIndex {
    uint32_t position = 0;
    kif::SymbolId functor = -1;
    uint32_t arity = 0;
    uint32_t mask = 0;
    std::unordered_map<uint64_t, Chain> chains;
    std::vector<uint32_t> prev;  // per fact (kNoFact for facts of another shape)
  };
  std::vector<std::unique_ptr<ComponentIndex>> components;

  uint32_t size() const { return static_cast<uint32_t>(sentences.size()); }
};

class FactStore {
 public:
  explicit FactStore(TermStore* terms) : terms_(terms) {}

  // The relation index of symbol/arity, creating it if new.
  int RelationOf(kif::SymbolId symbol, uint32_t arity);
  // -1 if the relation was never created.
  int FindRelation(kif::SymbolId symbol, uint32_t arity) const;
  Relation& relation(int r) { return relations_[static_cast<size_t>(r)]; }
  const Relation& relation(int r) const { return relations_[static_cast<size_t>(r)]; }
  size_t num_relations() const { return relations_.size(); }

  // The sentence term of relation r with these arguments (interned).
  TermId SentenceOf(int r, std::span<const TermId> args);
  // Adds the fact; returns false if it was already there.
  bool Add(int r, TermId sentence);
  // Removes every fact of relation r (and its indices).
  void Clear(int r);
  bool Contains(TermId sentence) const {
    return sentence < is_fact_.size() && is_fact_[sentence] != 0;
  }
  // The arguments of a sentence of relation r.
  std::span<const TermId> ArgsOf(int r, TermId sentence) const {
    return relations_[static_cast<size_t>(r)].arity == 0 ? std::span<const TermId>{}
                                                         : terms_->args(sentence);
  }
  // The index of relation r over the argument positions in `mask` (arity <= 32),
  // built from the facts so far and kept up to date by Add.
  Relation::CompositeIndex* Composite(int r, uint32_t mask);
  // The key of argument values `args` (indexed by position) under `mask`.
  static uint64_t CompositeKey(uint32_t mask, const TermId* args);
  // The index of relation r over the components in `mask` (arity <= 32) of its argument
  // at `position` where that is a `functor` term of `arity` components, built from the
  // facts so far and kept up to date by Add.
  Relation::ComponentIndex* Components(int r, uint32_t position, kif::SymbolId functor,
                                       uint32_t arity, uint32_t mask);

  // Estimated heap bytes held by facts and indices.
  size_t ApproxBytes() const { return bytes_; }

 private:
  // Adds fact number `fact`, whose argument at ci->position is `arg`, to `ci`.
  void IndexComponents(Relation::ComponentIndex* ci, uint32_t fact, TermId arg);

  TermStore* terms_;
  std::vector<Relation> relations_;
  std::unordered_map<uint64_t, int> by_key_;
  std::vector<uint8_t> is_fact_;  // by sentence term id
  size_t bytes_ = 0;
};

}  // namespace ggp::reasoner::ground
