#pragma once
// Helpers for the session tests: a MatchManager whose machines are the hand-written nim
// test double, request text in, reply text out.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "agent/player/nim_test_machine.h"
#include "agent/session/match_manager.h"
#include "protocol/messages.h"
#include "reasoner/gdl/validate.h"

namespace ggp::agent::testing {

// Nim machines for rules that validate and have two roles; upper-case move names when the
// rules spell TAKE. Otherwise no machine, like a factory rejecting broken rules.
inline reasoner::MachineBuild NimBuilder(const gdl::Description& d,
                                         const reasoner::MachineOptions& /*options*/) {
  reasoner::MachineBuild b;
  if (!gdl::Validate(d).ok() || d.roles.size() != 2) {
    b.reason = "test builder: rules rejected";
    return b;
  }
  NimSpelling spelling;
  if (d.symbols->Find("TAKE")) spelling = NimSpelling{"TAKE", "NOOP"};
  b.machine = MakeNimMachine(d.symbols, d.roles, 3, spelling);
  b.backend = "nim-test";
  b.reason = "test double";
  return b;
}

// Service options for the session tests: nim machines, montecarlo, quick ticks, and the
// margin applied as given (900 ms of a 1 s clock, fixed: plays are answered within 100 ms).
inline SessionOptions TestOptions(const std::string& log_dir) {
  SessionOptions o;
  o.name = "TestPlayer";
  o.log_dir = log_dir;
  o.margin = std::chrono::milliseconds(900);
  o.max_margin_share = 1.0;
  o.fixed_margin = true;
  o.policy = "montecarlo";
  o.player.seed = 11;
  o.builder = NimBuilder;
  o.tick = std::chrono::milliseconds(20);
  return o;
}

// "(start ID ROLE (RULES) START PLAY)".
inline std::string StartMessage(const std::string& id, const std::string& role,
                                const std::string& rules, int start_clock, int play_clock) {
  return "(start " + id + " " + role + " (" + rules + ") " + std::to_string(start_clock) + " " +
         std::to_string(play_clock) + ")";
}

inline std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("ggp-session-test-" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// A pending reply: the future of what the handler sends.
inline std::future<std::string> Send(protocol::PlayerHandler& handler, const std::string& text) {
  protocol::Request request;
  std::string error;
  EXPECT_TRUE(protocol::ParseRequest(text, &request, &error)) << text << ": " << error;
  auto promise = std::make_shared<std::promise<std::string>>();
  auto future = promise->get_future();
  handler.Handle(std::move(request), protocol::SteadyClock::now(),
                 [promise](std::string reply) { promise->set_value(std::move(reply)); });
  return future;
}

// Sends and waits for the reply ("<no reply>" after a generous hang guard).
inline std::string Call(protocol::PlayerHandler& handler, const std::string& text) {
  auto f = Send(handler, text);
  if (f.wait_for(std::chrono::seconds(30)) != std::future_status::ready) return "<no reply>";
  return f.get();
}

// The events of one match's event file, in order.
inline std::vector<nlohmann::json> ReadEvents(const std::string& dir, const std::string& id) {
  std::ifstream in(std::filesystem::path(dir) / EventFileName(id));
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::vector<nlohmann::json> EventsNamed(const std::vector<nlohmann::json>& events,
                                               const std::string& name) {
  std::vector<nlohmann::json> out;
  for (const auto& e : events) {
    if (e["event"] == name) out.push_back(e);
  }
  return out;
}

// Polls `pred` every 10 ms for up to 30 s (a hang guard, not a timing assertion).
template <typename Pred>
bool Eventually(Pred pred) {
  for (int i = 0; i < 3000; ++i) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return pred();
}

}  // namespace ggp::agent::testing
