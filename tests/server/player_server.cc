#include "tests/server/player_server.h"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "protocol/test_support.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::server_testing {

namespace fs = std::filesystem;

PlayerServer::PlayerServer(const std::function<void(SessionOptions*)>& tweak) {
  std::random_device rd;
  log_dir_ = (fs::temp_directory_path() / ("ggp-server-test-" + std::to_string(rd()))).string();
  SessionOptions o;
  o.name = "E2EPlayer";
  o.log_dir = log_dir_;
  o.margin = std::chrono::milliseconds(700);
  o.policy = "montecarlo";
  o.max_matches = 16;
  o.machine_backend = "auto";
  o.builder = [](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    return reasoner::CreateMachine(d, mo);
  };
  if (tweak) tweak(&o);
  manager_ = std::make_unique<MatchManager>(o);
  protocol::HttpServerOptions http = protocol::testing::LoopbackOptions();
  http.body_limit = 8 * 1024 * 1024;
  http.io_threads = 2;
  server_ = std::make_unique<protocol::HttpServer>(http, *manager_);
  std::string error;
  started_ = server_->Start(&error);
  EXPECT_TRUE(started_) << error;
}

PlayerServer::~PlayerServer() {
  server_->Stop();
  manager_->Shutdown();
  std::error_code ec;
  fs::remove_all(log_dir_, ec);
}

std::string PlayerServer::Post(const std::string& message) const {
  std::string request = "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: 127.0.0.1\r\n"
                        "Sender: GAMESERVER\r\nReceiver: E2EPlayer\r\n"
                        "Content-Type: text/acl\r\nContent-Length: " +
                        std::to_string(message.size()) + "\r\n\r\n" + message;
  bool closed = false;
  std::string response = protocol::testing::Exchange(port(), request, /*half_close=*/false,
                                                     &closed, std::chrono::seconds(30));
  size_t body = response.find("\r\n\r\n");
  if (!closed || body == std::string::npos) return "<no reply>";
  std::string text = response.substr(body + 4);
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  size_t last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::vector<nlohmann::json> PlayerServer::Events(const std::string& match_id) const {
  std::ifstream in(fs::path(log_dir_) / EventFileName(match_id));
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

bool PlayerServer::WaitForEvent(const std::string& match_id, const std::string& name) const {
  for (int i = 0; i < 3000; ++i) {
    if (!Named(Events(match_id), name).empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::vector<nlohmann::json> Named(const std::vector<nlohmann::json>& events,
                                  const std::string& name) {
  std::vector<nlohmann::json> out;
  for (const auto& e : events) {
    if (e["event"] == name) out.push_back(e);
  }
  return out;
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace ggp::agent::server_testing
