#pragma once
// Memory for the nodes of one search tree. Blocks come in size classes (multiples of
// kGranule bytes up to kMaxPooled) carved from slabs of kSlabBytes; a freed block goes on
// its class's free list and is handed out again by the next allocation of that class.
//
// Why: a tree is discarded on a background thread (NodeCollector) while the search grows
// the next one. With the C library's allocator the chunks one thread frees are sorted into
// bins by the next mallocs of the thread that allocates: after a move that discards a
// tree of a million nodes, half of the search thread's time went into malloc and its
// iterations fell to a fifth (blocker, one thread against a peer). Here an allocation is a
// pop from a list or a bump in a slab, whichever thread freed the block.
//
// Memory: slabs are kept until the pool is destroyed (with the search's TreeAccount, after
// its last node); a class's free blocks are reused only by that class. Blocks larger than
// kMaxPooled go to operator new and delete directly.
//
// Thread safety: Allocate and Free may be called from any thread (one mutex, held for a
// list operation). Every block must be freed before the pool is destroyed.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ggp::agent::search {

class NodePool {
 public:
  static constexpr size_t kGranule = 64;
  static constexpr size_t kMaxPooled = 16384;
  static constexpr size_t kSlabBytes = size_t{1} << 20;

  NodePool() = default;
  ~NodePool();
  NodePool(const NodePool&) = delete;
  NodePool& operator=(const NodePool&) = delete;

  // The bytes a request of `bytes` really takes (its class's size; unchanged above
  // kMaxPooled).
  static size_t BlockSize(size_t bytes);
  // A block of at least `bytes` (aligned to 16), uninitialised. Throws std::bad_alloc.
  void* Allocate(size_t bytes);
  // Returns a block from Allocate(bytes) (the same `bytes`).
  void Free(void* block, size_t bytes);

  // Bytes taken from the system for slabs.
  int64_t slab_bytes() const;
  // Blocks handed out and not yet freed (pooled and large).
  int64_t live_blocks() const;

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  static constexpr size_t kClasses = kMaxPooled / kGranule;

  mutable std::mutex mu_;
  std::array<FreeBlock*, kClasses> free_{};          // mu_
  std::vector<std::unique_ptr<std::byte[]>> slabs_;  // mu_
  std::byte* bump_ = nullptr;                        // mu_: the current slab's free end
  size_t bump_left_ = 0;                             // mu_
  int64_t live_ = 0;                                 // mu_
};

}  // namespace ggp::agent::search
