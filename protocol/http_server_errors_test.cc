// The server against malformed, truncated, oversized and silent clients, and responders
// used after their connection or the server is gone.

#include <gtest/gtest.h>

#include "protocol/http_client.h"
#include "protocol/http_server.h"
#include "protocol/http_wire.h"
#include "protocol/replies.h"
#include "protocol/test_support.h"

namespace ggp::protocol {
namespace {

using testing::Exchange;
using testing::LoopbackOptions;
using testing::RawClient;
using testing::ScriptedHandler;

class HttpServerErrorsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<HttpServer>(LoopbackOptions(), handler_);
    std::string error;
    ASSERT_TRUE(server_->Start(&error)) << error;
  }
  std::uint16_t port() const { return server_->port(); }

  // After each mishap the server must still answer a normal request.
  void ExpectStillServing() {
    ClientResult r = SendMessage("127.0.0.1", port(), "(ping)");
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.reply, "ready");
  }

  ScriptedHandler handler_;
  std::unique_ptr<HttpServer> server_;
};

TEST_F(HttpServerErrorsTest, MalformedRequestsGetBusyAndNeverReachTheHandler) {
  const std::string busy = RenderHttpReply("busy");
  const std::pair<std::string, bool> cases[] = {
      // {bytes, half-close after sending}
      {std::string("\x01\x02\xfe\xff garbage\r\n\r\n", 16), false},
      {"POST / HTTP/1.0\r\nContent-Le", true},                               // truncated head
      {"POST / HTTP/1.0\r\nContent-Length: 20\r\n\r\n(info)", true},         // truncated body
      {"POST / HTTP/1.0\r\nContent-Length: 12\r\n\r\n(play m1 nil", false},  // unbalanced
      {"POST / HTTP/1.0\r\n\r\n(play m1 nil", true},                         // unbalanced at EOF
      {"POST / HTTP/1.0\r\nContent-Length: 8\r\n\r\n(fly m1)", false},       // unknown verb
      {"POST / HTTP/1.0\r\nContent-Length: 0\r\n\r\n", false},               // empty body
      {"POST / HTTP/1.0\r\nContent-Length: 12\r\n\r\n(start m1 r)", false},  // wrong field count
      {"PUT / HTTP/1.0\r\nContent-Length: 6\r\n\r\n(info)", false},          // unsupported method
      {"POST / HTTP/1.0\r\nContent-Length: -1\r\n\r\n", false},              // bad length
      {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n(info)\r\n0\r\n\r\n", false},
      {"GET /%28nonsense HTTP/1.0\r\n\r\n", false},
  };
  for (const auto& [bytes, half_close] : cases) {
    bool closed = false;
    EXPECT_EQ(Exchange(port(), bytes, half_close, &closed), busy) << bytes;
    EXPECT_TRUE(closed) << bytes;
  }
  EXPECT_TRUE(handler_.requests().empty());
  ExpectStillServing();
}

// Without Content-Length the body ends with its S-expression: what follows is ignored,
// however the bytes are cut into reads (here the extra ')' arrives with the message).
TEST_F(HttpServerErrorsTest, BytesAfterTheMessageWithoutContentLengthAreIgnored) {
  EXPECT_EQ(Exchange(port(), "POST / HTTP/1.0\r\n\r\n(play m1 nil))", true),
            RenderHttpReply("noop"));
  ASSERT_EQ(handler_.count("play"), 1);
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, BodyOverTheLimitWithContentLength) {
  RawClient client(port());
  ASSERT_TRUE(client.connected());
  client.Send("POST / HTTP/1.0\r\nContent-Length: 10000000\r\n\r\n(start m r (");
  // The server answers at once from the header and closes after the client does.
  ASSERT_TRUE(client.ReadUntil(RenderHttpReply("busy")));
  client.Close();
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, BodyOverTheLimitWithoutContentLength) {
  RawClient client(port());
  ASSERT_TRUE(client.connected());
  client.Send("POST / HTTP/1.0\r\n\r\n(start m r (");
  std::string chunk(16 * 1024, 'x');
  chunk += ' ';
  // 128 KiB of body against a 64 KiB limit; the server keeps draining while we send.
  for (int i = 0; i < 8; ++i) client.Send(chunk);
  client.ShutdownSend();
  ASSERT_TRUE(client.ReadToEof());
  EXPECT_EQ(client.received(), RenderHttpReply("busy"));
  EXPECT_TRUE(handler_.requests().empty());
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, SilentClientIsDisconnectedAfterTheReadTimeout) {
  RawClient client(port());
  ASSERT_TRUE(client.connected());
  ASSERT_TRUE(client.ReadToEof());  // the server's 400 ms read timeout closes it
  EXPECT_EQ(client.received(), "");
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, StalledPartialRequestGetsBusyAfterTheReadTimeout) {
  RawClient client(port());
  ASSERT_TRUE(client.connected());
  client.Send("POST / HTTP/1.0\r\nContent-Length: 100\r\n\r\n(play m");
  ASSERT_TRUE(client.ReadToEof());
  EXPECT_EQ(client.received(), RenderHttpReply("busy"));
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, ClientClosesImmediately) {
  for (int i = 0; i < 5; ++i) {
    RawClient client(port());
    ASSERT_TRUE(client.connected());
    client.Close();
  }
  ExpectStillServing();
}

TEST_F(HttpServerErrorsTest, DroppedResponderAnswersBusy) {
  handler_.SetBehaviour([](Request, Responder) {});
  EXPECT_EQ(Exchange(port(), RenderHttpPost("h", "", "(play m nil)")), RenderHttpReply("busy"));
}

TEST_F(HttpServerErrorsTest, ThrowingHandlerAnswersBusy) {
  handler_.SetBehaviour([](Request, Responder) { throw std::runtime_error("boom"); });
  EXPECT_EQ(Exchange(port(), RenderHttpPost("h", "", "(info)")), RenderHttpReply("busy"));
}

TEST_F(HttpServerErrorsTest, SecondCallOfAResponderIsIgnored) {
  handler_.SetBehaviour([](Request, Responder respond) {
    respond("first");
    respond("second");
  });
  EXPECT_EQ(Exchange(port(), RenderHttpPost("h", "", "(info)")), RenderHttpReply("first"));
}

TEST_F(HttpServerErrorsTest, ResponderAfterThePeerLeftIsHarmless) {
  handler_.Hold("play");
  {
    RawClient client(port());
    ASSERT_TRUE(client.connected());
    client.Send(RenderHttpPost("h", "", "(play m nil)"));
    ASSERT_TRUE(handler_.WaitFor("play", 1));
    client.Close();
  }
  handler_.Release("play", "noop");
  ExpectStillServing();
}

TEST(HttpServerLifetimeTest, ResponderAfterTheServerIsGoneIsHarmless) {
  ScriptedHandler handler;
  handler.Hold("play");
  handler.Hold("start");
  {
    HttpServer server(LoopbackOptions(), handler);
    std::string error;
    ASSERT_TRUE(server.Start(&error)) << error;
    RawClient client(server.port());
    ASSERT_TRUE(client.connected());
    client.Send(RenderHttpPost("h", "", "(play m nil)"));
    ASSERT_TRUE(handler.WaitFor("play", 1));
    RawClient other(server.port());
    ASSERT_TRUE(other.connected());
    other.Send(RenderHttpPost("h", "", "(start m r () 1 1)"));
    ASSERT_TRUE(handler.WaitFor("start", 1));
    server.Stop();
    server.Stop();  // idempotent
  }
  // Both held responders outlive the server: one is called, the other dropped.
  handler.Release("play", "noop");
  SUCCEED();
}

// Idle connections up to the cap hold their places; the next one is answered busy at once
// (the idle ones are still open), and once they leave the server serves again.
TEST(HttpServerLimitsTest, ConnectionsBeyondTheCapAreAnsweredBusy) {
  ScriptedHandler handler;
  HttpServerOptions options = LoopbackOptions();
  options.max_connections = 2;
  HttpServer server(options, handler);
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  auto idle1 = std::make_unique<RawClient>(server.port());
  auto idle2 = std::make_unique<RawClient>(server.port());
  ASSERT_TRUE(idle1->connected() && idle2->connected());
  idle1->Send("POST / HTTP/1.0\r\n");  // the server has accepted both once it reads this
  idle2->Send("POST / HTTP/1.0\r\n");
  bool over_cap_seen = false;
  for (int i = 0; i < 200 && !over_cap_seen; ++i) {
    over_cap_seen =
        Exchange(server.port(), RenderHttpPost("h", "", "(ping)")) == RenderHttpReply("busy");
  }
  EXPECT_TRUE(over_cap_seen);
  idle1.reset();
  idle2.reset();
  bool served = false;
  for (int i = 0; i < 200 && !served; ++i) {
    ClientResult r = SendMessage("127.0.0.1", server.port(), "(ping)");
    served = r.ok() && r.reply == "ready";
  }
  EXPECT_TRUE(served);
}

}  // namespace
}  // namespace ggp::protocol
