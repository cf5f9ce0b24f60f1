#pragma once
// The exact bytes GGP peers put on the wire (protocol spec §1.2 and §1.4).
//
// Thread safety: pure functions.

#include <string>
#include <string_view>

namespace ggp::protocol {

// A player's reply: "HTTP/1.0 200 OK" with the headers of ggp-base's player, verbatim
// (Content-type, Content-length, the Access-Control-* headers including the non-standard
// Access-Control-Allow-Age) plus Access-Control-Max-Age, CRLF line ends, then `body`.
// OPTIONS requests get the same with an empty body.
std::string RenderHttpReply(std::string_view body);

// The interim reply to "Expect: 100-continue".
inline constexpr std::string_view kHttpContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// Which match server's request headers to imitate (spec §1.1 table).
enum class SenderStyle {
  kGgpBase,  // Accept, Host, Sender GAMESERVER, Receiver, Content-Type, Content-Length
  kDresden,  // Accept, Sender Gamecontroller, Receiver, Content-type, Content-length
};

// A match server's request: "POST / HTTP/1.0" with the headers of `style`, then `body`.
// `host` fills Host (ggp-base) or Receiver (Dresden); `receiver` is the player's name
// (ggp-base's Receiver, may be empty).
std::string RenderHttpPost(std::string_view host, std::string_view receiver,
                           std::string_view body, SenderStyle style = SenderStyle::kGgpBase);

}  // namespace ggp::protocol
