#include "agent/session/memory_budget.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>

namespace ggp::agent {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kNoLimit = std::numeric_limits<uint64_t>::max();
// cgroup v1 writes "no limit" as the largest page-aligned signed 64-bit value.
constexpr uint64_t kV1NoLimit = uint64_t{1} << 62;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The unsigned number `s` is, or false.
bool ParseCount(std::string_view s, uint64_t* out) {
  s = Trim(s);
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size();
}

// The whole file, or "" if it cannot be read.
std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

uint64_t ParseMemAvailable(std::string_view meminfo) {
  constexpr std::string_view kKey = "MemAvailable:";
  const size_t at = meminfo.find(kKey);
  if (at == std::string_view::npos || (at > 0 && meminfo[at - 1] != '\n')) return 0;
  std::string_view rest = meminfo.substr(at + kKey.size());
  rest = rest.substr(0, rest.find('\n'));
  rest = Trim(rest);
  const size_t unit = rest.find(' ');
  uint64_t kb = 0;
  if (!ParseCount(rest.substr(0, unit), &kb)) return 0;
  if (unit != std::string_view::npos && Trim(rest.substr(unit)) != "kB") return 0;
  return kb > kNoLimit / 1024 ? kNoLimit : kb * 1024;
}

uint64_t CgroupRoom(std::string_view limit, std::string_view usage) {
  uint64_t cap = 0, used = 0;
  if (Trim(limit) == "max" || !ParseCount(limit, &cap) || cap >= kV1NoLimit) return kNoLimit;
  if (!ParseCount(usage, &used)) return kNoLimit;
  return cap > used ? cap - used : 0;
}

uint64_t AvailableMemoryBytes(const std::string& root) {
  uint64_t available = ParseMemAvailable(ReadFile(root + "/proc/meminfo"));
  const std::string cg = root + "/sys/fs/cgroup/";
  uint64_t room = CgroupRoom(ReadFile(cg + "memory.max"), ReadFile(cg + "memory.current"));
  if (room == kNoLimit) {
    room = CgroupRoom(ReadFile(cg + "memory/memory.limit_in_bytes"),
                      ReadFile(cg + "memory/memory.usage_in_bytes"));
  }
  if (room != kNoLimit) available = available == 0 ? room : std::min(available, room);
  return available;
}

int AutoTreeMb(uint64_t available) {
  if (available == 0) return kMinAutoTreeMb;
  const uint64_t half_mb = available / 2 / kMiB;
  return static_cast<int>(std::clamp<uint64_t>(half_mb, kMinAutoTreeMb, kMaxAutoTreeMb));
}

int AutoTreeMbBeside(uint64_t available, int64_t held_mb) {
  if (available == 0) return kMinAutoTreeMb;
  const uint64_t held = static_cast<uint64_t>(std::max<int64_t>(held_mb, 0)) * kMiB;
  // Nothing left beside the others: the floor (AutoTreeMb's reading of 0).
  return AutoTreeMb(held < available ? available - held : 0);
}

std::atomic<int64_t> TreeBudgetLease::held_mb_{0};

TreeBudgetLease::TreeBudgetLease(int mb) : mb_(std::max(mb, 0)) {
  held_mb_.fetch_add(mb_, std::memory_order_relaxed);
}

TreeBudgetLease::TreeBudgetLease(TreeBudgetLease&& other) noexcept : mb_(other.mb_) {
  other.mb_ = 0;
}

TreeBudgetLease& TreeBudgetLease::operator=(TreeBudgetLease&& other) noexcept {
  if (this != &other) {
    Release();
    mb_ = other.mb_;
    other.mb_ = 0;
  }
  return *this;
}

void TreeBudgetLease::Release() {
  held_mb_.fetch_sub(mb_, std::memory_order_relaxed);
  mb_ = 0;
}

int64_t TreeBudgetLease::HeldMb() { return held_mb_.load(std::memory_order_relaxed); }

}  // namespace ggp::agent
