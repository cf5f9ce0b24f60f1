#pragma once
// A child process for end-to-end tests: runs a program with arguments, its stdout and
// stderr going to files, and waits for it with bounds. The destructor stops it (SIGTERM,
// then SIGKILL after a grace period) if it still runs.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ggp::agent::match_testing {

class ChildProcess {
 public:
  // Starts argv[0] with argv (execv, no PATH search); output to the given files.
  ChildProcess(const std::vector<std::string>& argv, const std::string& stdout_path,
               const std::string& stderr_path);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Waits up to `timeout` for the process to exit; its exit status (or -signal), or
  // nullopt if it still runs.
  std::optional<int> Wait(std::chrono::milliseconds timeout);
  // SIGTERM, wait up to `grace`, then SIGKILL. Returns the exit status as Wait.
  std::optional<int> Stop(std::chrono::milliseconds grace = std::chrono::seconds(5));

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

// The ggp-agent binary to test: $GGP_AGENT_BINARY if set, else `built` (the build's own,
// which each test target passes from its GGP_AGENT_BINARY definition).
std::string AgentBinary(const std::string& built);

// The whole content of a file ("" if unreadable).
std::string ReadFile(const std::string& path);

// Polls `path` until it contains `marker` followed by "HOST:PORT" and returns PORT, or
// nullopt after `timeout` (e.g. marker "serving on " in a server log).
std::optional<std::string> WaitForPort(const std::string& path, const std::string& marker,
                                       std::chrono::milliseconds timeout);

// Runs a program to completion (bounded by `timeout`, then killed); returns its exit
// status and fills `out` with its stdout.
int RunToCompletion(const std::vector<std::string>& argv, const std::string& work_dir_for_logs,
                    std::chrono::milliseconds timeout, std::string* out, std::string* err);

}  // namespace ggp::agent::match_testing
