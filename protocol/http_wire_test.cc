#include "protocol/http_wire.h"

#include <gtest/gtest.h>

namespace ggp::protocol {
namespace {

TEST(HttpWireTest, ReplyBytesMatchTheWireExample) {
  EXPECT_EQ(RenderHttpReply("noop"),
            "HTTP/1.0 200 OK\r\n"
            "Content-type: text/acl\r\n"
            "Content-length: 4\r\n"
            "Access-Control-Allow-Origin: *\r\n"
            "Access-Control-Allow-Methods: POST, GET, OPTIONS\r\n"
            "Access-Control-Allow-Headers: Content-Type\r\n"
            "Access-Control-Allow-Age: 86400\r\n"
            "Access-Control-Max-Age: 86400\r\n"
            "\r\n"
            "noop");
}

TEST(HttpWireTest, EmptyReplyForOptions) {
  std::string r = RenderHttpReply("");
  EXPECT_NE(r.find("\r\nContent-length: 0\r\n"), std::string::npos);
  EXPECT_EQ(r.substr(r.size() - 4), "\r\n\r\n");
}

TEST(HttpWireTest, GgpBasePostMatchesTheWireExample) {
  EXPECT_EQ(RenderHttpPost("127.0.0.1", "MyPlayer", "( PLAY Base.nim3.1700000000000 NIL )"),
            "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: 127.0.0.1\r\nSender: GAMESERVER\r\n"
            "Receiver: MyPlayer\r\nContent-Type: text/acl\r\nContent-Length: 36\r\n\r\n"
            "( PLAY Base.nim3.1700000000000 NIL )");
}

TEST(HttpWireTest, DresdenPost) {
  EXPECT_EQ(RenderHttpPost("player.example", "ignored", "(INFO)", SenderStyle::kDresden),
            "POST / HTTP/1.0\r\nAccept: text/delim\r\nSender: Gamecontroller\r\n"
            "Receiver: player.example\r\nContent-type: text/acl\r\nContent-length: 6\r\n\r\n"
            "(INFO)");
}

}  // namespace
}  // namespace ggp::protocol
