#include "agent/search/node_pool.h"

#include <cassert>
#include <new>

// Free blocks are poisoned under AddressSanitizer (GCC defines __SANITIZE_ADDRESS__,
// clang answers __has_feature), so the tree's use-after-free bugs are still reported.
#if defined(__SANITIZE_ADDRESS__)
#define GGP_NODE_POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GGP_NODE_POOL_ASAN 1
#endif
#endif

#if defined(GGP_NODE_POOL_ASAN)
#include <sanitizer/asan_interface.h>
#define GGP_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define GGP_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define GGP_POISON(p, n) ((void)(p), (void)(n))
#define GGP_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace ggp::agent::search {
namespace {

size_t ClassOf(size_t bytes) { return bytes == 0 ? 0 : (bytes - 1) / NodePool::kGranule; }

}  // namespace

NodePool::~NodePool() {
  // A block still out would point into a slab freed here: a caller's bug.
  assert(live_ == 0);
  for (auto& slab : slabs_) GGP_UNPOISON(slab.get(), kSlabBytes);
}

size_t NodePool::BlockSize(size_t bytes) {
  if (bytes > kMaxPooled) return bytes;
  return (ClassOf(bytes) + 1) * kGranule;
}

void* NodePool::Allocate(size_t bytes) {
  if (bytes > kMaxPooled) {
    void* p = ::operator new(bytes);
    std::lock_guard<std::mutex> lock(mu_);
    ++live_;
    return p;
  }
  const size_t c = ClassOf(bytes);
  const size_t size = (c + 1) * kGranule;
  std::lock_guard<std::mutex> lock(mu_);
  if (FreeBlock* head = free_[c]) {
    GGP_UNPOISON(head, size);
    free_[c] = head->next;
    ++live_;
    return head;
  }
  if (bump_left_ < size) {
    // The rest of the current slab (less than one block of this class) is left unused.
    slabs_.push_back(std::make_unique_for_overwrite<std::byte[]>(kSlabBytes));
    bump_ = slabs_.back().get();
    bump_left_ = kSlabBytes;
    GGP_POISON(bump_, bump_left_);
  }
  void* p = bump_;
  GGP_UNPOISON(p, size);
  bump_ += size;
  bump_left_ -= size;
  ++live_;
  return p;
}

void NodePool::Free(void* block, size_t bytes) {
  if (block == nullptr) return;
  if (bytes > kMaxPooled) {
    ::operator delete(block);
    std::lock_guard<std::mutex> lock(mu_);
    --live_;
    return;
  }
  const size_t c = ClassOf(bytes);
  auto* b = static_cast<FreeBlock*>(block);
  std::lock_guard<std::mutex> lock(mu_);
  b->next = free_[c];
  free_[c] = b;
  --live_;
  GGP_POISON(b, (c + 1) * kGranule);
}

int64_t NodePool::slab_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int64_t>(slabs_.size() * kSlabBytes);
}

int64_t NodePool::live_blocks() const {
  std::lock_guard<std::mutex> lock(mu_);
  return live_;
}

}  // namespace ggp::agent::search
