// PlayerLink over HTTP: each message is one POST on a fresh connection (protocol/http_client.h).

#include <algorithm>
#include <chrono>
#include <thread>
#include <utility>

#include "agent/runner/player_link.h"
#include "protocol/http_client.h"
#include "protocol/replies.h"

namespace ggp::agent::runner {
namespace {

constexpr Millis kConnectTimeout{5'000};  // ggp-base's connect timeout
constexpr Millis kInfoTimeout{2'000};
constexpr Millis kInfoPoll{250};

class HttpLink final : public PlayerLink {
 public:
  HttpLink(std::string spec, std::string host, int port, bool dresden)
      : spec_(std::move(spec)), host_(std::move(host)), port_(port), dresden_(dresden) {}

  const std::string& spec() const override { return spec_; }

  std::string Info() override {
    LinkReply r = Send(dresden_ ? "(INFO)" : "( INFO )", kInfoTimeout);
    protocol::InfoReply info;
    std::string error;
    if (r.error.empty() && protocol::ParseInfoReply(r.body, &info, &error) && !info.name.empty()) {
      name_ = info.name;
    }
    return name_.empty() ? spec_ : name_;
  }
  bool WaitAvailable(Millis timeout, std::string* detail) override {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (true) {
      const auto left = std::chrono::duration_cast<Millis>(until - std::chrono::steady_clock::now());
      LinkReply r = Send(dresden_ ? "(INFO)" : "( INFO )", std::clamp(left, Millis{1}, kInfoTimeout));
      protocol::InfoReply info;
      std::string error;
      if (!r.error.empty()) {
        *detail = r.error + " " + r.detail;
      } else if (!protocol::ParseInfoReply(r.body, &info, &error)) {
        *detail = "INFO reply '" + r.body + "': " + error;
      } else if (info.available()) {
        return true;
      } else {
        *detail = "status '" + info.status + "'";
      }
      if (std::chrono::steady_clock::now() + kInfoPoll >= until) return false;
      std::this_thread::sleep_for(kInfoPoll);
    }
  }
  LinkReply Start(const StartCall& call) override { return Send(call.message, call.wait); }
  LinkReply Play(const TurnCall& call) override { return Send(call.message, call.wait); }
  LinkReply Stop(const TurnCall& call) override { return Send(call.message, call.wait); }
  LinkReply Abort(const std::string& message, Millis wait) override { return Send(message, wait); }

 private:
  LinkReply Send(const std::string& message, Millis wait) {
    protocol::HttpClientOptions options;
    options.connect_timeout = kConnectTimeout;
    options.reply_timeout = wait;
    options.receiver = name_;
    options.style = dresden_ ? protocol::SenderStyle::kDresden : protocol::SenderStyle::kGgpBase;
    protocol::ClientResult result =
        protocol::SendMessage(host_, static_cast<std::uint16_t>(port_), message, options);
    LinkReply reply;
    reply.error = std::string(result.ErrorCode());
    reply.body = std::move(result.reply);
    reply.detail = std::move(result.message);
    reply.elapsed = result.elapsed;
    return reply;
  }

  std::string spec_;
  std::string host_;
  int port_;
  bool dresden_;
  std::string name_;
};

}  // namespace

std::unique_ptr<PlayerLink> MakeHttpLink(const std::string& spec, const LinkOptions& options,
                                         std::string* error) {
  std::string host;
  int port = 0;
  if (!ParseHostPort(spec, &host, &port)) {
    *error = "not a player address (http://host:port/ or builtin:NAME): " + spec;
    return nullptr;
  }
  return std::make_unique<HttpLink>(spec, host, port, options.dresden);
}

bool ParseHostPort(const std::string& spec, std::string* host, int* port) {
  std::string rest = spec;
  if (rest.rfind("http://", 0) == 0) rest = rest.substr(7);
  size_t slash = rest.find('/');
  if (slash != std::string::npos) rest = rest.substr(0, slash);
  size_t colon = rest.rfind(':');
  *port = 9147;
  if (colon != std::string::npos) {
    std::string digits = rest.substr(colon + 1);
    if (digits.empty() || digits.size() > 5 ||
        digits.find_first_not_of("0123456789") != std::string::npos) {
      return false;
    }
    *port = std::stoi(digits);
    rest = rest.substr(0, colon);
  }
  if (rest.empty() || *port <= 0 || *port > 65535) return false;
  if (rest.find_first_of(" \t()") != std::string::npos) return false;
  *host = rest;
  return true;
}

}  // namespace ggp::agent::runner
