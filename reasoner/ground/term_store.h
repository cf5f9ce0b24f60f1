#pragma once
// Hash-consed ground terms: every distinct ground term gets one dense TermId, so
// equality is integer comparison and a term can index arrays. Constants (`b`) and
// function terms (`(cell 1 1 b)`, also `(f)` with no arguments) are kept apart, as in
// kif::Term.
//
// Ownership: the store owns every node; spans returned by args() stay valid until the
// next insertion. Thread safety: const methods may be called concurrently once building
// is over; insertion is single-threaded.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "reasoner/kif/term.h"

namespace ggp::reasoner::ground {

using TermId = uint32_t;
inline constexpr TermId kNoTerm = 0xFFFFFFFFu;

class TermStore {
 public:
  TermStore();

  // Interns a constant / a function term with these (already interned) arguments.
  TermId Atom(kif::SymbolId symbol) { return Intern(symbol, false, {}); }
  TermId Compound(kif::SymbolId functor, std::span<const TermId> args) {
    return Intern(functor, true, args);
  }
  // Looks a term up without inserting it.
  std::optional<TermId> FindCompound(kif::SymbolId functor, std::span<const TermId> args) const;
  std::optional<TermId> FindAtom(kif::SymbolId symbol) const;

  // Interns a ground kif::Term (returns kNoTerm if it has a variable).
  TermId FromKif(const kif::Term& t);
  // Finds a ground kif::Term without inserting (nullopt if absent or not ground).
  std::optional<TermId> FindKif(const kif::Term& t) const;
  kif::Term ToKif(TermId id) const;

  kif::SymbolId functor(TermId id) const { return nodes_[id].symbol; }
  bool is_compound(TermId id) const { return nodes_[id].compound; }
  std::span<const TermId> args(TermId id) const {
    const Node& n = nodes_[id];
    return {args_.data() + n.args_begin, n.arity};
  }
  size_t size() const { return nodes_.size(); }
  // Estimated heap bytes held.
  size_t ApproxBytes() const {
    return nodes_.capacity() * sizeof(Node) + args_.capacity() * sizeof(TermId) +
           slots_.capacity() * sizeof(uint64_t);
  }

 private:
  struct Node {
    kif::SymbolId symbol;
    uint32_t args_begin;
    uint32_t arity : 31;
    uint32_t compound : 1;
  };
  static uint64_t HashOf(kif::SymbolId s, bool compound, std::span<const TermId> args);
  bool Equals(TermId id, kif::SymbolId s, bool compound, std::span<const TermId> args) const;
  std::optional<TermId> Find(kif::SymbolId s, bool compound, std::span<const TermId> args,
                             uint64_t hash) const;
  TermId Intern(kif::SymbolId s, bool compound, std::span<const TermId> args);
  void Grow();

  std::vector<Node> nodes_;
  std::vector<TermId> args_;
  std::vector<uint64_t> hashes_;  // per node
  // Open addressing, size a power of 2: a slot holds the term's hash's high 32 bits above
  // its id + 1 (0: empty), so a probe reads a node only where the tags agree.
  std::vector<uint64_t> slots_;
};

}  // namespace ggp::reasoner::ground
