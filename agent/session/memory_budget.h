#pragma once
// The search tree's memory budget when the operator does not fix one (`serve --memory-mb
// 0`, the default): a share of the memory this process can still take, read when a match's
// player starts, after its machine is built.
//
// Why not a fixed number: at competition clocks the tree outgrows any fixed budget that is
// safe on a small machine (connectFourLarger fills 1 GB in about 25 s of one thread, so at
// 60/15 s the tree stopped growing after the first moves), while a container with a 2 GB
// limit is killed by one that suits a workstation. "Can still take" is the smaller of the
// kernel's MemAvailable and the room left under the process's cgroup limit (v2
// memory.max - memory.current, or v1 memory.limit_in_bytes - memory.usage_in_bytes).
//
// Thread safety: every function is safe to call from any thread (they read files and
// compute; nothing is cached).

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace ggp::agent {

// Floor and ceiling of the automatic budget (MiB).
inline constexpr int kMinAutoTreeMb = 256;
inline constexpr int kMaxAutoTreeMb = 16384;

// MemAvailable of a /proc/meminfo text, in bytes; 0 if absent or unreadable.
uint64_t ParseMemAvailable(std::string_view meminfo);

// Room under a cgroup limit: `limit` minus `usage` as the kernel writes them ("max" or a
// byte count, with or without a newline). UINT64_MAX where there is no limit (v2 "max",
// or v1's page-rounded 2^63 that means none), and on unreadable text.
uint64_t CgroupRoom(std::string_view limit, std::string_view usage);

// The memory this process can still take, in bytes: MemAvailable, bounded by the cgroup's
// room where a limit is set. Files are read under `root` (tests pass a folder laid out as
// / is; "" reads the real ones). 0 if nothing could be read.
uint64_t AvailableMemoryBytes(const std::string& root = "");

// The automatic budget for `available` bytes: half of them, within
// [kMinAutoTreeMb, kMaxAutoTreeMb]; kMinAutoTreeMb when `available` is 0 (unknown).
// Half, because the build's memory, the other live matches' trees (each later one sees
// less available) and the allocator's slack live beside the tree.
int AutoTreeMb(uint64_t available);

// The automatic budgets of the live matches of this process, as a ledger: trees grow
// lazily, so matches that start close together all read about the same MemAvailable, and
// four of them taking half each would ask for twice the machine. A new match's automatic
// budget is computed from what is available less what the other live matches hold
// (counted in full, though part of it is already out of MemAvailable: erring small).
//
// Thread safety: the ledger is a process-wide atomic; a lease is moved, not shared.
class TreeBudgetLease {
 public:
  TreeBudgetLease() = default;
  // Holds `mb` in the ledger until Release() or destruction.
  explicit TreeBudgetLease(int mb);
  TreeBudgetLease(TreeBudgetLease&& other) noexcept;
  TreeBudgetLease& operator=(TreeBudgetLease&& other) noexcept;
  TreeBudgetLease(const TreeBudgetLease&) = delete;
  TreeBudgetLease& operator=(const TreeBudgetLease&) = delete;
  ~TreeBudgetLease() { Release(); }

  void Release();
  int mb() const { return mb_; }

  // MiB held by every live lease of the process.
  static int64_t HeldMb();

 private:
  static std::atomic<int64_t> held_mb_;
  int mb_ = 0;
};

// The automatic budget for a new match: AutoTreeMb of `available` less the MiB the live
// leases hold (none when they hold more than is available: the floor).
int AutoTreeMbBeside(uint64_t available, int64_t held_mb);

}  // namespace ggp::agent
