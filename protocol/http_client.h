#pragma once
// The match server's side of the wire (protocol spec §1.1, §1.3, §5): sends one GGP
// message to a player over a fresh TCP connection and returns its reply, the way ggp-base's
// GameServer does (POST / HTTP/1.0 with its headers, read the reply until Content-Length
// or EOF). Failures are classified like ggp-base: timeouts (connect or reply) are "TO",
// anything else (unknown host, refused, reset, malformed reply) is "CE".
//
// Blocking and threading: SendMessage blocks the calling thread until the reply, an error
// or a timeout; each call owns its io_context and socket, so any number of calls may run
// at once from different threads. SendMessageAsync runs one call on a new thread (the
// runner sends to all roles in parallel and collects the futures).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>
#include <string>
#include <string_view>

#include "protocol/http_wire.h"

namespace ggp::protocol {

struct HttpClientOptions {
  std::chrono::milliseconds connect_timeout{5'000};  // host resolution + TCP connect
  // From the established connection to the complete reply (writing the request included),
  // like Dresden's clock; the runner passes PLAYCLOCK + grace here.
  std::chrono::milliseconds reply_timeout{10'000};
  std::string receiver;                         // the player's name (Receiver header)
  SenderStyle style = SenderStyle::kGgpBase;    // which server's headers to imitate
  std::size_t max_reply_bytes = 1024 * 1024;    // larger replies are a CE
};

enum class ClientError { kNone, kTimeout, kConnection };

struct ClientResult {
  ClientError error = ClientError::kNone;
  std::string reply;    // the reply body with surrounding whitespace trimmed (when ok())
  std::string message;  // what went wrong (empty when ok())
  std::chrono::milliseconds elapsed{0};  // from the call to its return

  bool ok() const { return error == ClientError::kNone; }
  // The match-log error code: "" when ok, "TO" for timeouts, "CE" for the rest.
  std::string_view ErrorCode() const;
};

// Sends `message` to http://host:port/ and waits for the reply. Never throws for network
// problems (they are results); may throw std::bad_alloc.
ClientResult SendMessage(std::string_view host, std::uint16_t port, std::string_view message,
                         const HttpClientOptions& options = {});

// SendMessage on a new thread (std::async, launch::async); the arguments are copied.
std::future<ClientResult> SendMessageAsync(std::string host, std::uint16_t port,
                                           std::string message, HttpClientOptions options = {});

}  // namespace ggp::protocol
