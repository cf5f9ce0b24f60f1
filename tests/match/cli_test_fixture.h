#pragma once
// The fixture of the tests that run the `ggp-agent` binary as a user does
// (match_cli_test.cc, cli_commands_test.cc): a fresh directory per test holding the nim
// rules, removed at the end. The binary comes from the build (GGP_AGENT_BINARY), or from
// the environment variable of the same name.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "agent/runner/runner_test_util.h"
#include "tests/match/child_process.h"
#include "tests/testing/small_games.h"

#ifndef GGP_AGENT_BINARY
#error "GGP_AGENT_BINARY must name the ggp-agent binary"
#endif

namespace ggp::agent::runner {

inline std::string AgentBinary() { return match_testing::AgentBinary(GGP_AGENT_BINARY); }

class MatchCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("match_cli_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    std::ofstream(Path("nim.kif")) << testing::kNimRules;
    ASSERT_TRUE(std::filesystem::exists(AgentBinary())) << AgentBinary();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  // The match JSON files in `out`.
  std::vector<std::string> MatchFiles(const std::string& out) const {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(out)) {
      if (e.path().extension() == ".json" && e.path().stem().string().rfind("standings", 0) != 0) {
        files.push_back(e.path().string());
      }
    }
    return files;
  }

  std::filesystem::path dir_;
};

}  // namespace ggp::agent::runner
