// Byte-exact HTTP requests and replies of GGP peers.

#include "protocol/http_wire.h"

namespace ggp::protocol {

std::string RenderHttpReply(std::string_view body) {
  std::string s;
  s.reserve(300 + body.size());
  s.append("HTTP/1.0 200 OK\r\n");
  s.append("Content-type: text/acl\r\n");
  s.append("Content-length: ").append(std::to_string(body.size())).append("\r\n");
  s.append("Access-Control-Allow-Origin: *\r\n");
  s.append("Access-Control-Allow-Methods: POST, GET, OPTIONS\r\n");
  s.append("Access-Control-Allow-Headers: Content-Type\r\n");
  s.append("Access-Control-Allow-Age: 86400\r\n");
  s.append("Access-Control-Max-Age: 86400\r\n");
  s.append("\r\n");
  s.append(body);
  return s;
}

std::string RenderHttpPost(std::string_view host, std::string_view receiver,
                           std::string_view body, SenderStyle style) {
  std::string s;
  s.reserve(200 + body.size());
  s.append("POST / HTTP/1.0\r\n");
  s.append("Accept: text/delim\r\n");
  if (style == SenderStyle::kGgpBase) {
    s.append("Host: ").append(host).append("\r\n");
    s.append("Sender: GAMESERVER\r\n");
    s.append("Receiver: ").append(receiver).append("\r\n");
    s.append("Content-Type: text/acl\r\n");
    s.append("Content-Length: ").append(std::to_string(body.size())).append("\r\n");
  } else {
    s.append("Sender: Gamecontroller\r\n");
    s.append("Receiver: ").append(host).append("\r\n");
    s.append("Content-type: text/acl\r\n");
    s.append("Content-length: ").append(std::to_string(body.size())).append("\r\n");
  }
  s.append("\r\n");
  s.append(body);
  return s;
}

}  // namespace ggp::protocol
