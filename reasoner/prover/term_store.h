#pragma once
// Interned ground terms for the prover. Every ground term (constant or compound) gets a
// dense TermId; equal terms have equal ids, so terms compare and hash as integers.
//
// Thread safety: Intern and the accessors may be called concurrently. Lookups of existing
// terms take a shared lock; adding a term takes an exclusive one. Accessors copy out what
// they return, so no reference outlives a concurrent insertion.

#include <cstdint>
#include <deque>
#include <shared_mutex>
#include <span>
#include <unordered_map>
#include <vector>

#include "reasoner/kif/term.h"

namespace ggp::reasoner::prover {

using TermId = int32_t;
inline constexpr TermId kNoTerm = -1;

class TermStore {
 public:
  // The id of constant `symbol`.
  TermId Constant(kif::SymbolId symbol) { return Intern(symbol, true, {}); }
  // The id of `(functor args...)`; `compound` false only for constants.
  TermId Intern(kif::SymbolId functor, bool compound, std::span<const TermId> args);
  // The id of a ground kif term, interning it.
  TermId FromTerm(const kif::Term& t);
  // The id of a ground kif term if already interned.
  TermId Find(const kif::Term& t) const;

  // Structure of a term. Args() copies into `out` (cleared first).
  kif::SymbolId Functor(TermId id) const;
  bool IsCompound(TermId id) const;
  int Arity(TermId id) const;
  void Args(TermId id, std::vector<TermId>* out) const;
  TermId Arg(TermId id, int i) const;

  kif::Term ToTerm(TermId id) const;
  size_t size() const;

 private:
  struct Entry {
    kif::SymbolId functor;
    bool compound;
    uint32_t first_arg;  // index into args_
    uint32_t arity;
  };
  struct Key {
    kif::SymbolId functor;
    bool compound;
    std::vector<TermId> args;
    bool operator==(const Key& o) const {
      return functor == o.functor && compound == o.compound && args == o.args;
    }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };

  TermId FindLocked(const Key& k) const;

  mutable std::shared_mutex mu_;
  std::deque<Entry> entries_;
  std::deque<TermId> args_;
  std::unordered_map<Key, TermId, KeyHash> ids_;
};

}  // namespace ggp::reasoner::prover
