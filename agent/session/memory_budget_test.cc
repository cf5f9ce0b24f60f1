#include "agent/session/memory_budget.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <utility>

#include "agent/session/session_test_util.h"

namespace ggp::agent {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();

TEST(MemoryBudgetTest, ReadsMemAvailableInKilobytes) {
  const std::string meminfo =
      "MemTotal:       24576000 kB\n"
      "MemFree:         1000000 kB\n"
      "MemAvailable:    8388608 kB\n"
      "Buffers:            1234 kB\n";
  EXPECT_EQ(ParseMemAvailable(meminfo), uint64_t{8388608} * 1024);
  EXPECT_EQ(ParseMemAvailable("MemTotal: 100 kB\nMemFree: 50 kB\n"), 0u);  // old kernels
  EXPECT_EQ(ParseMemAvailable("MemAvailable: lots kB\n"), 0u);
  EXPECT_EQ(ParseMemAvailable("MemAvailable: 100 MB\n"), 0u);  // not the kernel's unit
  EXPECT_EQ(ParseMemAvailable("XMemAvailable: 100 kB\n"), 0u);
  EXPECT_EQ(ParseMemAvailable(""), 0u);
}

TEST(MemoryBudgetTest, CgroupRoomIsLimitLessUsage) {
  EXPECT_EQ(CgroupRoom("2147483648\n", "536870912\n"), uint64_t{1536} * kMiB);
  EXPECT_EQ(CgroupRoom("1000", "4000"), 0u);  // over the limit already
  EXPECT_EQ(CgroupRoom("max\n", "536870912\n"), kNone);
  EXPECT_EQ(CgroupRoom("9223372036854771712\n", "100\n"), kNone);  // v1's "no limit"
  EXPECT_EQ(CgroupRoom("", ""), kNone);                            // no such files
  EXPECT_EQ(CgroupRoom("2147483648", "garbage"), kNone);
}

TEST(MemoryBudgetTest, AutoBudgetIsHalfWithinFloorAndCeiling) {
  EXPECT_EQ(AutoTreeMb(uint64_t{8192} * kMiB), 4096);
  EXPECT_EQ(AutoTreeMb(uint64_t{300} * kMiB), kMinAutoTreeMb);
  EXPECT_EQ(AutoTreeMb(uint64_t{1} << 50), kMaxAutoTreeMb);
  EXPECT_EQ(AutoTreeMb(0), kMinAutoTreeMb);  // unknown: the floor
}

TEST(MemoryBudgetTest, LeasesHoldTheirBudgetUntilReleased) {
  const int64_t base = TreeBudgetLease::HeldMb();
  {
    TreeBudgetLease a(1000);
    TreeBudgetLease b(500);
    EXPECT_EQ(TreeBudgetLease::HeldMb(), base + 1500);
    TreeBudgetLease c(std::move(a));  // moved, not doubled
    EXPECT_EQ(a.mb(), 0);
    EXPECT_EQ(TreeBudgetLease::HeldMb(), base + 1500);
    b.Release();
    b.Release();  // a second release takes nothing more
    EXPECT_EQ(TreeBudgetLease::HeldMb(), base + 1000);
    c = TreeBudgetLease(200);  // assigning releases what c held
    EXPECT_EQ(TreeBudgetLease::HeldMb(), base + 200);
  }
  EXPECT_EQ(TreeBudgetLease::HeldMb(), base);
}

TEST(MemoryBudgetTest, ANewMatchTakesHalfOfWhatTheOthersDoNotHold) {
  const uint64_t available = uint64_t{16384} * kMiB;
  EXPECT_EQ(AutoTreeMbBeside(available, 0), 8192);
  EXPECT_EQ(AutoTreeMbBeside(available, 8192), 4096);             // the second of two at once
  EXPECT_EQ(AutoTreeMbBeside(available, 12288), 2048);            // the third
  EXPECT_EQ(AutoTreeMbBeside(available, 20000), kMinAutoTreeMb);  // nothing left: the floor
  EXPECT_EQ(AutoTreeMbBeside(0, 0), kMinAutoTreeMb);
}

// A folder laid out as / is, with the files AvailableMemoryBytes reads.
class FakeRoot {
 public:
  FakeRoot()
      : dir_(std::filesystem::temp_directory_path() / ("membudget_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "proc");
    std::filesystem::create_directories(dir_ / "sys/fs/cgroup/memory");
  }
  ~FakeRoot() { std::filesystem::remove_all(dir_); }
  void Write(const std::string& path, const std::string& text) {
    std::ofstream(dir_ / path) << text;
  }
  std::string path() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};

TEST(MemoryBudgetTest, AvailableIsTheSmallerOfMemAvailableAndTheCgroupsRoom) {
  FakeRoot root;
  root.Write("proc/meminfo", "MemTotal: 16777216 kB\nMemAvailable: 8388608 kB\n");
  EXPECT_EQ(AvailableMemoryBytes(root.path()), uint64_t{8192} * kMiB);  // no cgroup files

  root.Write("sys/fs/cgroup/memory.max", "max\n");
  root.Write("sys/fs/cgroup/memory.current", "104857600\n");
  EXPECT_EQ(AvailableMemoryBytes(root.path()), uint64_t{8192} * kMiB);  // v2, unlimited

  root.Write("sys/fs/cgroup/memory.max", "2147483648\n");  // a 2 GiB container
  EXPECT_EQ(AvailableMemoryBytes(root.path()), uint64_t{1948} * kMiB);
  EXPECT_EQ(AutoTreeMb(AvailableMemoryBytes(root.path())), 974);

  std::filesystem::remove(root.path() + "/sys/fs/cgroup/memory.max");  // v1 instead
  root.Write("sys/fs/cgroup/memory/memory.limit_in_bytes", "1073741824\n");
  root.Write("sys/fs/cgroup/memory/memory.usage_in_bytes", "536870912\n");
  EXPECT_EQ(AvailableMemoryBytes(root.path()), uint64_t{512} * kMiB);

  std::filesystem::remove(root.path() + "/proc/meminfo");  // only the cgroup is known
  EXPECT_EQ(AvailableMemoryBytes(root.path()), uint64_t{512} * kMiB);
}

TEST(MemoryBudgetTest, ThisMachineHasSomeMemoryAvailable) {
  // On Linux /proc/meminfo exists; the budget is then within its bounds.
  const uint64_t available = AvailableMemoryBytes();
  ASSERT_GT(available, 0u);
  const int mb = AutoTreeMb(available);
  EXPECT_GE(mb, kMinAutoTreeMb);
  EXPECT_LE(mb, kMaxAutoTreeMb);
}

// serve's default (memory_mb 0) becomes the automatic budget when the player starts, and
// the start event says which budget the tree got; a fixed budget is passed through.
TEST(MemoryBudgetTest, TheSessionResolvesTheAutomaticBudgetAndLogsIt) {
  testing::TempDir dir;
  for (const int asked : {0, 64}) {
    SessionOptions o = testing::TestOptions(dir.str());
    o.player.params["memory_mb"] = asked;
    MatchManager m(o);
    const std::string id = "budget" + std::to_string(asked);
    ASSERT_EQ(testing::Call(m, testing::StartMessage(id, "first", testing::kNim3Rules, 2, 1)),
              "ready");
    EXPECT_EQ(testing::Call(m, "(abort " + id + ")"), "aborted");
    m.Shutdown();
    const auto start = testing::EventsNamed(testing::ReadEvents(dir.str(), id), "start");
    ASSERT_EQ(start.size(), 1u);
    const nlohmann::json& tree = start[0]["tree"];
    ASSERT_TRUE(tree.is_object()) << start[0].dump();
    if (asked == 0) {
      EXPECT_GE(tree["mb"].get<int>(), kMinAutoTreeMb) << tree.dump();
      EXPECT_LE(tree["mb"].get<int>(), kMaxAutoTreeMb) << tree.dump();
      EXPECT_TRUE(tree.contains("available_mb")) << tree.dump();
      EXPECT_TRUE(tree.contains("held_mb")) << tree.dump();
    } else {
      EXPECT_EQ(tree["mb"].get<int>(), 64) << tree.dump();
      EXPECT_FALSE(tree.contains("available_mb")) << tree.dump();
    }
  }
}

// Two matches live at once: the second's automatic budget is computed beside the first's,
// which the ledger holds until the first match is over.
TEST(MemoryBudgetTest, ConcurrentMatchesShareTheAutomaticBudget) {
  testing::TempDir dir;
  SessionOptions o = testing::TestOptions(dir.str());
  o.player.params["memory_mb"] = 0;
  const int64_t base = TreeBudgetLease::HeldMb();
  MatchManager m(o);
  ASSERT_EQ(testing::Call(m, testing::StartMessage("one", "first", testing::kNim3Rules, 2, 1)),
            "ready");
  ASSERT_EQ(testing::Call(m, testing::StartMessage("two", "first", testing::kNim3Rules, 2, 1)),
            "ready");
  // Both players live: their leases are held (the start events are read after shutdown,
  // when the log has them for sure).
  const int64_t both = TreeBudgetLease::HeldMb();
  EXPECT_EQ(testing::Call(m, "(abort one)"), "aborted");
  EXPECT_EQ(testing::Call(m, "(abort two)"), "aborted");
  m.Shutdown();
  EXPECT_EQ(TreeBudgetLease::HeldMb(), base);  // both released with their players
  const auto first = testing::EventsNamed(testing::ReadEvents(dir.str(), "one"), "start");
  const auto second = testing::EventsNamed(testing::ReadEvents(dir.str(), "two"), "start");
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(second.size(), 1u);
  const int first_mb = first[0]["tree"]["mb"].get<int>();
  EXPECT_EQ(first[0]["tree"]["held_mb"].get<int64_t>(), base);
  EXPECT_EQ(second[0]["tree"]["held_mb"].get<int64_t>(), base + first_mb) << second[0].dump();
  EXPECT_EQ(both, base + first_mb + second[0]["tree"]["mb"].get<int>());
}

}  // namespace
}  // namespace ggp::agent
