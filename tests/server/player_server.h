#pragma once
// A real player on loopback for the end-to-end tests: HttpServer (127.0.0.1, ephemeral
// port) + MatchManager with the real machine factory, event files in a temporary
// directory. Requests are sent as raw HTTP/1.0 bytes, the way ggp-base's server writes
// them, and the reply body is read to EOF.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/session/match_manager.h"
#include "protocol/http_server.h"

namespace ggp::agent::server_testing {

class PlayerServer {
 public:
  // `tweak` may change the session options before the server starts.
  explicit PlayerServer(const std::function<void(SessionOptions*)>& tweak = {});
  ~PlayerServer();

  bool started() const { return started_; }
  std::uint16_t port() const { return server_->port(); }
  MatchManager& manager() { return *manager_; }
  const std::string& log_dir() const { return log_dir_; }

  // POSTs `message` with ggp-base's headers and returns the trimmed reply body;
  // "<no reply>" if the exchange failed.
  std::string Post(const std::string& message) const;

  // The events of one match's file, in order.
  std::vector<nlohmann::json> Events(const std::string& match_id) const;
  // Waits (polling, up to 30 s as a hang guard) until the match's file has an event named
  // `name`: replies are sent before their events are logged, so a test reads the file
  // after the final event (stop, abort) is there. True if it appeared.
  bool WaitForEvent(const std::string& match_id, const std::string& name) const;

 private:
  std::string log_dir_;
  std::unique_ptr<MatchManager> manager_;
  std::unique_ptr<protocol::HttpServer> server_;
  bool started_ = false;
};

std::vector<nlohmann::json> Named(const std::vector<nlohmann::json>& events,
                                  const std::string& name);

std::string Upper(std::string s);

}  // namespace ggp::agent::server_testing
