#include "agent/player/memory_release.h"

#include <unistd.h>

#include <cstdio>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

// Sanitizers bring their own allocator; glibc's malloc_trim would only walk arenas that
// nothing uses.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GGP_FOREIGN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define GGP_FOREIGN_ALLOCATOR 1
#endif
#endif

namespace ggp::agent {

int64_t ResidentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return -1;
  long long size = 0;
  long long resident = 0;
  const int read = std::fscanf(f, "%lld %lld", &size, &resident);
  std::fclose(f);
  if (read != 2) return -1;
  return static_cast<int64_t>(resident) * static_cast<int64_t>(sysconf(_SC_PAGESIZE));
}

MemoryReturned ReturnFreedMemory() {
  MemoryReturned r;
  r.rss_before = ResidentBytes();
#if defined(__GLIBC__) && !defined(GGP_FOREIGN_ALLOCATOR)
  malloc_trim(0);
  r.supported = true;
#endif
  r.rss_after = ResidentBytes();
  return r;
}

}  // namespace ggp::agent
