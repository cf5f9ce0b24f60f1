// The client against the server and against scripted raw peers on loopback.

#include "protocol/http_client.h"

#include <gtest/gtest.h>

#include <thread>

#include "protocol/http_server.h"
#include "protocol/replies.h"
#include "protocol/test_support.h"

namespace ggp::protocol {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using testing::LoopbackOptions;
using testing::ScriptedHandler;

// A one-connection peer: accepts, reads the request (until `request_end` was seen),
// writes `reply`, then closes or keeps the socket open until the client leaves.
class RawPeer {
 public:
  RawPeer(std::string reply, bool close_after_reply)
      : acceptor_(ioc_, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)),
        reply_(std::move(reply)),
        close_(close_after_reply) {
    thread_ = std::thread([this] { Serve(); });
  }
  ~RawPeer() { thread_.join(); }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  std::string request() {
    thread_.join();
    thread_ = std::thread([] {});
    return request_;
  }

 private:
  void Serve() {
    boost::system::error_code ec;
    tcp::socket socket(ioc_);
    acceptor_.accept(socket, ec);
    if (ec) return;
    char buffer[4096];
    // Reads the head and the body announced by Content-Length.
    for (;;) {
      std::size_t n = socket.read_some(net::buffer(buffer), ec);
      request_.append(buffer, n);
      if (ec) break;
      std::size_t head_end = request_.find("\r\n\r\n");
      std::size_t length_at = request_.find("Content-Length: ");
      if (length_at == std::string::npos) length_at = request_.find("Content-length: ");
      if (head_end != std::string::npos && length_at != std::string::npos &&
          request_.size() >= head_end + 4 + std::stoul(request_.substr(length_at + 16))) {
        break;
      }
    }
    if (!reply_.empty()) net::write(socket, net::buffer(reply_), ec);
    if (!close_) socket.read_some(net::buffer(buffer), ec);  // until the client closes
  }

  net::io_context ioc_;
  tcp::acceptor acceptor_;
  std::string reply_;
  bool close_;
  std::string request_;
  std::thread thread_;
};

TEST(HttpClientTest, InfoAgainstTheServer) {
  ScriptedHandler handler;
  HttpServer server(LoopbackOptions(), handler);
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  ClientResult r = SendMessage("127.0.0.1", server.port(), "( INFO )");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.ErrorCode(), "");
  InfoReply info;
  ASSERT_TRUE(ParseInfoReply(r.reply, &info, &error)) << error;
  EXPECT_TRUE(info.available());
  EXPECT_EQ(info.name, "TestPlayer");

  HttpClientOptions dresden;
  dresden.style = SenderStyle::kDresden;
  ClientResult d = SendMessage("localhost", server.port(), "(PLAY m NIL)", dresden);
  ASSERT_TRUE(d.ok()) << d.message;
  EXPECT_EQ(d.reply, "noop");
}

TEST(HttpClientTest, SendsGgpBaseHeadersAndReadsAReplyWithoutLengthUntilEof) {
  RawPeer peer("HTTP/1.0 200 OK\nContent-type: text/acl\n\n  ( take 1 )\n", true);
  HttpClientOptions options;
  options.receiver = "MyPlayer";
  ClientResult r = SendMessage("127.0.0.1", peer.port(), "( PLAY Base.nim3.1700000000000 NIL )",
                               options);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.reply, "( take 1 )");
  EXPECT_EQ(peer.request(),
            "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: 127.0.0.1\r\nSender: GAMESERVER\r\n"
            "Receiver: MyPlayer\r\nContent-Type: text/acl\r\nContent-Length: 36\r\n\r\n"
            "( PLAY Base.nim3.1700000000000 NIL )");
}

TEST(HttpClientTest, StopsAtContentLengthEvenIfThePeerKeepsTheConnection) {
  RawPeer peer("HTTP/1.0 200 OK\r\nContent-Length: 4\r\n\r\ndone", false);
  HttpClientOptions options;
  options.reply_timeout = std::chrono::seconds(30);
  ClientResult r = SendMessage("127.0.0.1", peer.port(), "(stop m nil)", options);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.reply, "done");
}

TEST(HttpClientTest, TimeoutIsTO) {
  ScriptedHandler handler;
  handler.Hold("play");
  HttpServer server(LoopbackOptions(), handler);
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  HttpClientOptions options;
  options.reply_timeout = std::chrono::milliseconds(300);
  ClientResult r = SendMessage("127.0.0.1", server.port(), "(play m nil)", options);
  EXPECT_EQ(r.error, ClientError::kTimeout);
  EXPECT_EQ(r.ErrorCode(), "TO");
  EXPECT_TRUE(r.reply.empty());
  EXPECT_NE(r.message.find("no complete reply"), std::string::npos) << r.message;
  handler.Release("play", "noop");  // the late reply goes nowhere, harmlessly
  ClientResult again = SendMessage("127.0.0.1", server.port(), "(ping)");
  EXPECT_TRUE(again.ok()) << again.message;
}

TEST(HttpClientTest, ClosedPortIsCE) {
  std::uint16_t port = 0;
  {
    net::io_context ioc;
    tcp::acceptor probe(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    port = probe.local_endpoint().port();
  }
  ClientResult r = SendMessage("127.0.0.1", port, "(info)");
  EXPECT_EQ(r.error, ClientError::kConnection);
  EXPECT_EQ(r.ErrorCode(), "CE");
  EXPECT_FALSE(r.message.empty());
}

TEST(HttpClientTest, PeerClosingWithoutReplyIsCE) {
  RawPeer peer("", true);
  ClientResult r = SendMessage("127.0.0.1", peer.port(), "(info)");
  EXPECT_EQ(r.ErrorCode(), "CE");
  EXPECT_NE(r.message.find("malformed reply"), std::string::npos) << r.message;
}

TEST(HttpClientTest, ParallelCallsFromManyThreads) {
  ScriptedHandler handler;
  HttpServer server(LoopbackOptions(), handler);
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  std::vector<std::future<ClientResult>> futures;
  for (int i = 0; i < 8; ++i) {
    futures.push_back(SendMessageAsync("127.0.0.1", server.port(), "(abort m" + std::to_string(i) + ")"));
  }
  for (auto& f : futures) {
    ClientResult r = f.get();
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.reply, "aborted");
  }
  EXPECT_EQ(handler.count("abort"), 8);
}

}  // namespace
}  // namespace ggp::protocol
