#include "tests/match/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace ggp::agent::match_testing {
namespace {

int DecodeStatus(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return -1000;
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& stdout_path,
                           const std::string& stderr_path) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    int out = open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) _exit(126);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    close(out);
    close(err);
    execv(args[0], args.data());
    _exit(127);
  }
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !status_.has_value()) Stop();
}

std::optional<int> ChildProcess::Wait(std::chrono::milliseconds timeout) {
  if (status_.has_value() || pid_ <= 0) return status_;
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int status = 0;
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      status_ = DecodeStatus(status);
      return status_;
    }
    if (r < 0 || std::chrono::steady_clock::now() >= end) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::optional<int> ChildProcess::Stop(std::chrono::milliseconds grace) {
  if (pid_ <= 0 || status_.has_value()) return status_;
  kill(pid_, SIGTERM);
  if (auto s = Wait(grace)) return s;
  kill(pid_, SIGKILL);
  return Wait(std::chrono::seconds(10));
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::optional<std::string> WaitForPort(const std::string& path, const std::string& marker,
                                       std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (true) {
    std::string text = ReadFile(path);
    size_t at = text.find(marker);
    size_t colon = at == std::string::npos ? at : text.find(':', at + marker.size());
    if (colon != std::string::npos) {
      size_t digits = text.find_first_not_of("0123456789", colon + 1);
      if (digits != std::string::npos && digits > colon + 1) {
        return text.substr(colon + 1, digits - colon - 1);
      }
    }
    if (std::chrono::steady_clock::now() >= end) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int RunToCompletion(const std::vector<std::string>& argv, const std::string& work_dir_for_logs,
                    std::chrono::milliseconds timeout, std::string* out, std::string* err) {
  static int counter = 0;
  const std::string base = work_dir_for_logs + "/run" + std::to_string(++counter);
  ChildProcess child(argv, base + ".out", base + ".err");
  std::optional<int> status = child.Wait(timeout);
  if (!status) status = child.Stop();
  if (out) *out = ReadFile(base + ".out");
  if (err) *err = ReadFile(base + ".err");
  return status.value_or(-1);
}

std::string AgentBinary(const std::string& built) {
  const char* env = std::getenv("GGP_AGENT_BINARY");
  return env != nullptr && *env != '\0' ? env : built;
}

}  // namespace ggp::agent::match_testing
