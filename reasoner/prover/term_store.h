#pragma once
// Interned ground terms for the prover. Every ground term (constant or compound) gets a
// dense TermId; equal terms have equal ids, so terms compare and hash as integers.
//
// Thread safety: Intern, Find and the accessors may be called concurrently. Reading a term
// (Functor, IsCompound, Arity, Arg, Args, ToTerm) takes no lock: entries live in chunks
// that never move, published with release/acquire, and an id is only ever handed out after
// its entry is complete. Looking up a term by structure (Intern, Find) takes a shared lock;
// adding one takes an exclusive lock.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <span>
#include <vector>

#include "reasoner/kif/term.h"

namespace ggp::reasoner::prover {

using TermId = int32_t;
inline constexpr TermId kNoTerm = -1;

class TermStore {
 public:
  TermStore();
  ~TermStore();
  TermStore(const TermStore&) = delete;
  TermStore& operator=(const TermStore&) = delete;

  // The id of constant `symbol`.
  TermId Constant(kif::SymbolId symbol) { return Intern(symbol, false, {}); }
  // The id of `(functor args...)`; `compound` false only for constants.
  TermId Intern(kif::SymbolId functor, bool compound, std::span<const TermId> args);
  // The id of a ground kif term, interning it.
  TermId FromTerm(const kif::Term& t);
  // The id of a ground kif term if already interned, else kNoTerm.
  TermId Find(const kif::Term& t) const;

  // Structure of a term (no locking; `id` must come from this store).
  kif::SymbolId Functor(TermId id) const { return At(id).functor; }
  bool IsCompound(TermId id) const { return At(id).compound; }
  int Arity(TermId id) const { return static_cast<int>(At(id).arity); }
  TermId Arg(TermId id, int i) const { return At(id).args[i]; }
  std::span<const TermId> ArgSpan(TermId id) const {
    const Entry& e = At(id);
    return {e.args, e.arity};
  }
  // Copies the arguments into `out`.
  void Args(TermId id, std::vector<TermId>* out) const;

  kif::Term ToTerm(TermId id) const;
  size_t size() const { return static_cast<size_t>(count_.load(std::memory_order_acquire)); }

 private:
  struct Entry {
    kif::SymbolId functor;
    bool compound;
    uint32_t arity;
    const TermId* args;  // into an argument block; stable
  };
  static size_t HashOf(kif::SymbolId functor, bool compound, std::span<const TermId> args);

  // Chunk k holds kFirstChunk << k entries; ids map to (chunk, offset) by bit arithmetic.
  static constexpr int kFirstChunkBits = 10;
  static constexpr int kMaxChunks = 31 - kFirstChunkBits;
  static constexpr size_t kArgBlock = size_t{1} << 16;

  const Entry& At(TermId id) const {
    uint32_t x = static_cast<uint32_t>(id) + (1u << kFirstChunkBits);
    int top = 31 - __builtin_clz(x);
    int chunk = top - kFirstChunkBits;
    uint32_t offset = x - (1u << top);
    return chunks_[static_cast<size_t>(chunk)].load(std::memory_order_acquire)[offset];
  }
  // The id of the term, or kNoTerm (a lock held). Its slot of the index: `*slot`.
  TermId FindLocked(kif::SymbolId functor, bool compound, std::span<const TermId> args, size_t hash,
                    size_t* slot) const;
  void GrowIndex();                                       // exclusive lock held
  const TermId* StoreArgs(std::span<const TermId> args);  // exclusive lock held

  mutable std::shared_mutex mu_;
  std::array<std::atomic<Entry*>, kMaxChunks> chunks_;
  std::atomic<int32_t> count_{0};
  std::vector<std::unique_ptr<TermId[]>> arg_blocks_;
  size_t arg_used_ = kArgBlock;  // in the last block
  // Open addressing over the entries: id + 1 per slot, 0 = empty; at most half full.
  std::vector<uint32_t> index_;
};

}  // namespace ggp::reasoner::prover
