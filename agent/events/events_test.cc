// The match event log (event_log.h) and the follower that merges logs for `tail`
// (event_follower.h).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "agent/events/event_follower.h"
#include "agent/events/event_log.h"

namespace ggp::agent {
namespace {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = fs::temp_directory_path() / ("ggp-events-test-" + std::to_string(rd()));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string str() const { return path_.string(); }
  fs::path path() const { return path_; }

 private:
  fs::path path_;
};

std::vector<nlohmann::json> ReadLines(const std::string& file) {
  std::ifstream in(file);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

TEST(EventLogTest, FileNamesAreSafe) {
  EXPECT_EQ(EventFileName("Base.nim3.1700000000000"), "Base.nim3.1700000000000.jsonl");
  EXPECT_EQ(EventFileName("../etc/passwd"), "_._etc_passwd.jsonl");
  EXPECT_EQ(EventFileName(""), "_.jsonl");
  EXPECT_EQ(EventFileName("a b(c)"), "a_b_c_.jsonl");
}

TEST(EventLogTest, FormatsUtcWithMilliseconds) {
  auto t = std::chrono::system_clock::time_point(std::chrono::milliseconds(1700000000123));
  EXPECT_EQ(FormatUtc(t), "2023-11-14T22:13:20.123Z");
}

TEST(EventLogTest, WritesOneFlushedObjectPerLine) {
  TempDir dir;
  MatchEventLog log(dir.str() + "/sub", "m.1");
  ASSERT_TRUE(log.ok());
  log.Write("start", {{"role", "first"}, {"event", "ignored"}});
  // Visible before the log is closed: flushed as it goes.
  auto lines = ReadLines(log.path());
  ASSERT_EQ(lines.size(), 1u);
  log.Write("play", {{"turn", 1}, {"move", "(take 1)"}});
  log.Write("stop");
  lines = ReadLines(log.path());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["event"], "start");
  EXPECT_EQ(lines[0]["match"], "m.1");
  EXPECT_EQ(lines[0]["role"], "first");
  EXPECT_EQ(lines[1]["move"], "(take 1)");
  EXPECT_EQ(lines[2]["event"], "stop");
  EXPECT_EQ(lines[0]["time"].get<std::string>().size(), 24u);
}

TEST(EventLogTest, EmptyDirDisablesTheLog) {
  MatchEventLog log("", "m");
  EXPECT_FALSE(log.ok());
  log.Write("start");  // harmless
}

TEST(EventLogTest, InvalidUtf8DoesNotThrow) {
  TempDir dir;
  MatchEventLog log(dir.str(), "m");
  EXPECT_NO_THROW(log.Write("error", {{"cause", std::string("bad \xff byte")}}));
  EXPECT_EQ(ReadLines(log.path()).size(), 1u);
}

TEST(EventFollowerTest, MergesFilesByTimeAndFollowsNewOnes) {
  TempDir dir;
  {
    std::ofstream a(dir.path() / "a.jsonl");
    a << R"({"time":"2026-01-01T00:00:02.000Z","event":"play","match":"a"})" << '\n';
    std::ofstream b(dir.path() / "b.jsonl");
    b << R"({"time":"2026-01-01T00:00:01.000Z","event":"start","match":"b"})" << '\n';
    std::ofstream ignored(dir.path() / "notes.txt");
    ignored << "not an event file\n";
  }
  EventFollower follower(dir.str());
  auto lines = follower.Poll();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("\"b\""), std::string::npos);
  EXPECT_NE(lines[1].find("\"a\""), std::string::npos);
  EXPECT_TRUE(follower.Poll().empty());

  // A partial line waits; a new file is picked up.
  {
    std::ofstream a(dir.path() / "a.jsonl", std::ios::app);
    a << R"({"time":"2026-01-01T00:00:03.000Z","event":"stop")";
    std::ofstream c(dir.path() / "c.jsonl");
    c << R"({"time":"2026-01-01T00:00:04.000Z","event":"start","match":"c"})" << '\n';
  }
  lines = follower.Poll();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("\"c\""), std::string::npos);
  {
    std::ofstream a(dir.path() / "a.jsonl", std::ios::app);
    a << ",\"match\":\"a\"}\n";
  }
  lines = follower.Poll();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(nlohmann::json::parse(lines[0])["event"], "stop");
  EXPECT_EQ(follower.file_count(), 3u);

  // Truncation: read again from the start.
  {
    std::ofstream b(dir.path() / "b.jsonl", std::ios::trunc);
    b << R"({"event":"x"})" << '\n';
  }
  lines = follower.Poll();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], R"({"event":"x"})");
}

TEST(EventFollowerTest, SingleFileAndMissingPath) {
  TempDir dir;
  EventFollower missing((dir.path() / "nope").string());
  EXPECT_TRUE(missing.Poll().empty());
  std::string file = (dir.path() / "one.log").string();
  {
    std::ofstream f(file);
    f << "{\"event\":\"start\"}\n";
  }
  EventFollower single(file);
  EXPECT_EQ(single.Poll().size(), 1u);
}

}  // namespace
}  // namespace ggp::agent
