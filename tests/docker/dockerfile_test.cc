// docker/Dockerfile and README.md must agree on how the player is built and started: the
// image runs the README's setup command and the README's entry command, on the port it
// exposes. Reads the files only; no Docker engine is needed.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/testing/shared_dir.h"

namespace {

std::string ReadFile(const std::string& relative) {
  std::ifstream in(ggp::testing::SourceDir() + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first line starting with `instruction ` (Dockerfile syntax), without the keyword.
std::string Instruction(const std::string& dockerfile, const std::string& instruction) {
  std::istringstream lines(dockerfile);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(instruction + " ", 0) == 0) return line.substr(instruction.size() + 1);
  }
  return "";
}

// CMD ["a", "b"] -> "a b".
std::string EntryCommand(const std::string& dockerfile) {
  nlohmann::json argv = nlohmann::json::parse(Instruction(dockerfile, "CMD"), nullptr, false);
  if (!argv.is_array()) return "";
  std::string command;
  for (const auto& a : argv) command += (command.empty() ? "" : " ") + a.get<std::string>();
  return command;
}

// "scripts/setup release" out of "scripts/setup release && ...": from "scripts/" up to
// the first shell operator.
std::string SetupCommand(const std::string& dockerfile) {
  std::string run = Instruction(dockerfile, "RUN");
  size_t begin = run.find("scripts/");
  if (begin == std::string::npos) return "";
  std::string command = run.substr(begin, run.find_first_of("&|;", begin) - begin);
  while (!command.empty() && command.back() == ' ') command.pop_back();
  return command;
}

TEST(DockerfileTest, BuildsOnBookwormWithTheSetupScript) {
  const std::string dockerfile = ReadFile("docker/Dockerfile");
  ASSERT_FALSE(dockerfile.empty()) << "docker/Dockerfile is missing";
  EXPECT_EQ(Instruction(dockerfile, "FROM"), "debian:bookworm");
  const std::string setup = SetupCommand(dockerfile);
  EXPECT_EQ(setup, "scripts/setup release");
  const std::string script = setup.substr(0, setup.find(' '));
  auto perms = std::filesystem::status(ggp::testing::SourceDir() + "/" + script).permissions();
  EXPECT_NE(perms & std::filesystem::perms::owner_exec, std::filesystem::perms::none)
      << script << " must exist and be executable";
}

TEST(DockerfileTest, ServesOnTheExposedPort) {
  const std::string dockerfile = ReadFile("docker/Dockerfile");
  const std::string port = Instruction(dockerfile, "EXPOSE");
  EXPECT_EQ(port, "9147");
  const std::string command = EntryCommand(dockerfile);
  EXPECT_EQ(command.rfind("build/release/ggp-agent serve", 0), 0u) << command;
  EXPECT_NE(command.find("--port " + port), std::string::npos) << command;
  // scripts/run starts the same binary.
  EXPECT_NE(ReadFile("scripts/run").find("build/release/ggp-agent"), std::string::npos);
}

TEST(DockerfileTest, ReadmeNamesTheSameSetupAndEntryCommands) {
  const std::string dockerfile = ReadFile("docker/Dockerfile");
  const std::string readme = ReadFile("README.md");
  ASSERT_FALSE(readme.empty());
  EXPECT_NE(readme.find("docker/Dockerfile"), std::string::npos);
  const std::string setup = SetupCommand(dockerfile);
  const std::string command = EntryCommand(dockerfile);
  ASSERT_FALSE(setup.empty());
  ASSERT_FALSE(command.empty());
  EXPECT_NE(readme.find("`" + setup + "`"), std::string::npos)
      << "README.md should name the image's setup command `" << setup << "`";
  EXPECT_NE(readme.find("`" + command + "`"), std::string::npos)
      << "README.md should name the image's entry command `" << command << "`";
}

}  // namespace
