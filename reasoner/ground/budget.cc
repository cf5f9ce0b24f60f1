#include "reasoner/ground/budget.h"

#include <unistd.h>

#include <cstdio>

namespace ggp::reasoner::ground {

size_t ResidentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long size_pages = 0, resident_pages = 0;  // NOLINT(runtime/int): fscanf's type
  const int read = std::fscanf(f, "%lu %lu", &size_pages, &resident_pages);
  std::fclose(f);
  if (read != 2) return 0;
  const long page = sysconf(_SC_PAGESIZE);  // NOLINT(runtime/int): sysconf's type
  return static_cast<size_t>(resident_pages) * static_cast<size_t>(page > 0 ? page : 4096);
}

size_t PeakResidentBytes() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return 0;
  char line[256];
  size_t kb = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    unsigned long v = 0;  // NOLINT(runtime/int): sscanf's type
    if (std::sscanf(line, "VmHWM: %lu kB", &v) == 1) {
      kb = v;
      break;
    }
  }
  std::fclose(f);
  return kb * 1024;
}

}  // namespace ggp::reasoner::ground
