// A bounded fuzz of a live `ggp-agent serve` on loopback: the shared mutation fuzzer
// (tools/fuzz_server.py of ../shared) sends requests built from real messages and rules,
// mutated byte- and token-wise, plus garbage, truncated and oversized requests, one
// connection at a time. The server must answer every request (or close an unreadable one)
// without hanging, stay up, keep its resident memory under a bound set by its own flags,
// still answer INFO afterwards and shut down cleanly on SIGTERM.
//
// The first sequence (3,000 requests, seed 1) is the one that killed the server before
// starts were capped and aborted builds cancelled. Skipped with a message when ../shared
// or python3 is absent.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/http_client.h"
#include "tests/match/child_process.h"
#include "tests/testing/shared_dir.h"

namespace ggp::agent {
namespace {

using match_testing::ChildProcess;
using match_testing::ReadFile;
using match_testing::RunToCompletion;
using namespace std::chrono_literals;

std::string AgentBinary() { return match_testing::AgentBinary(GGP_AGENT_BINARY); }

// The first python3 on PATH ("" if none).
std::string FindPython() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::filesystem::path candidate = std::filesystem::path(dir) / "python3";
    if (!dir.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

// "RSS 12 -> peak 345 MB" in the fuzzer's summary line: the peak, or nullopt.
std::optional<long> PeakRssMb(const std::string& summary) {
  // std::regex is avoided: GCC 12 at -O1 with sanitizers warns inside <regex>.
  const std::string key = " -> peak ";
  const std::size_t rss = summary.find("RSS ");
  if (rss == std::string::npos) return {};
  const std::size_t at = summary.find(key, rss);
  if (at == std::string::npos) return {};
  const std::size_t digits = at + key.size();
  std::size_t end = digits;
  while (end < summary.size() && summary[end] >= '0' && summary[end] <= '9') ++end;
  if (end == digits || summary.compare(end, 3, " MB") != 0) return {};
  return std::stol(summary.substr(digits, end - digits));
}

struct FuzzRun {
  int requests;
  int seed;
  int max_matches;  // --max-matches: 4 mostly answers busy, 40 builds most starts
};

class ServerFuzzTest : public ::testing::TestWithParam<FuzzRun> {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("server_fuzz_test_" + std::to_string(getpid()) + "_" + std::to_string(GetParam().seed) +
            "_" + std::to_string(GetParam().max_matches));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

TEST_P(ServerFuzzTest, ServerSurvivesAnswersAndStaysBounded) {
  GGP_REQUIRE_SHARED();
  const std::string script = testing::SharedDir() + "/tools/fuzz_server.py";
  if (!std::filesystem::exists(script)) GTEST_SKIP() << "no " << script;
  const std::string python = FindPython();
  if (python.empty()) GTEST_SKIP() << "no python3 on PATH";
  // Budgets that bound the process: the matches' trees and builds.
  constexpr long kTreeMb = 32, kBuildMb = 128;
  const long matches = GetParam().max_matches;
  ChildProcess server(
      {AgentBinary(), "serve", "--address", "127.0.0.1", "--port", "0", "--max-matches",
       std::to_string(matches), "--memory-mb", std::to_string(kTreeMb), "--build-mb",
       std::to_string(kBuildMb), "--threads", "1", "--log-dir", Path("logs"),
       // A held `ready` would make every valid START of a 30 s clock take 29 s of this
       // sequential run; holding is tested in agent/session/reply_timing_test.cc.
       "--ready-early"},
      Path("serve.out"), Path("serve.err"));
  ASSERT_TRUE(server.started());
  auto port = match_testing::WaitForPort(Path("serve.err"), "serving on ", 30s);
  ASSERT_TRUE(port.has_value()) << ReadFile(Path("serve.err"));

  const FuzzRun run = GetParam();
  std::string out, err;
  int status = RunToCompletion(
      {python, script, *port, std::to_string(server.pid()), testing::SharedDir() + "/games",
       std::to_string(run.requests), std::to_string(run.seed)},
      dir_.string(), 900s, &out, &err);
  const std::string log = ReadFile(Path("serve.err"));
  const std::string log_tail = log.size() > 4000 ? log.substr(log.size() - 4000) : log;
  EXPECT_EQ(status, 0) << out << err << "\nserver log (tail):\n" << log_tail;
  EXPECT_EQ(out.find("server down"), std::string::npos) << out;
  EXPECT_NE(out.find(" 0 hung"), std::string::npos) << out;
  std::optional<long> peak = PeakRssMb(out);
  ASSERT_TRUE(peak.has_value()) << out;
  // Bounded by the flags: every match's tree and build, plus the process itself.
  EXPECT_LE(*peak, matches * (kTreeMb + kBuildMb) + 512) << out;

  protocol::ClientResult info =
      protocol::SendMessage("127.0.0.1", static_cast<std::uint16_t>(std::stoi(*port)), "(info)");
  EXPECT_TRUE(info.ok()) << info.message;
  EXPECT_NE(info.reply.find("(name "), std::string::npos) << info.reply;
  EXPECT_EQ(server.Stop(60s), 0) << log_tail;
}

// The sequence that found the crash, at the default capacity and at one where most starts
// are built (many builds and searches at once, starts cut by their budgets, aborts during
// builds).
INSTANTIATE_TEST_SUITE_P(Sequences, ServerFuzzTest,
                         ::testing::Values(FuzzRun{3000, 1, 4}, FuzzRun{3000, 1, 40},
                                           FuzzRun{2000, 7, 40}),
                         [](const auto& p) {
                           return "seed" + std::to_string(p.param.seed) + "_max" +
                                  std::to_string(p.param.max_matches);
                         });

}  // namespace
}  // namespace ggp::agent
