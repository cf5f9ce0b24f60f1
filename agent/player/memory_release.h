#pragma once
// Giving a finished match's memory back to the system.
//
// Why: a search tree of several GB is freed when its match ends (the node pool's slabs, the
// transposition tables, the machine), but the C library's allocator keeps freed chunks in
// its arenas for later mallocs: after four fuzzed matches had pondered until they expired,
// the server stayed at 5.7 GB resident with no match live. That memory is then missing
// from MemAvailable, which the next match's automatic tree budget reads
// (memory_budget.h): one long match would halve the tree of every match after it, and a
// player on a shared machine would hold gigabytes between matches. ReturnFreedMemory asks
// the allocator (glibc's malloc_trim) to hand the free pages of every arena back.
//
// Cost: a walk over the arenas' free chunks, about 15 ms per GB freed (2 GB of 240-byte
// blocks: 33 ms on one core); it takes each arena's lock in turn, so other matches'
// allocations wait that long at worst. Call it after a tree or a match is gone, never on
// a reply's path.
//
// Thread safety: both functions may be called from any thread.

#include <cstdint>

namespace ggp::agent {

// The resident memory of this process in bytes (/proc/self/statm); -1 where unreadable.
int64_t ResidentBytes();

struct MemoryReturned {
  bool supported = false;   // the allocator can return free pages (glibc, no sanitizer)
  int64_t rss_before = -1;  // ResidentBytes() around the call
  int64_t rss_after = -1;
};

// Returns the allocator's free pages to the system where `supported`; otherwise only
// reads the resident size (sanitizer builds replace the allocator; other C libraries
// have no such call).
MemoryReturned ReturnFreedMemory();

}  // namespace ggp::agent
