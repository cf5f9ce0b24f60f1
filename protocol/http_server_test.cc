// The server against well-formed traffic of every shape the spec lists, on loopback.

#include "protocol/http_server.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <csignal>
#include <future>
#include <mutex>
#include <thread>

#include "protocol/http_client.h"
#include "protocol/http_wire.h"
#include "protocol/replies.h"
#include "protocol/test_support.h"

namespace ggp::protocol {
namespace {

using testing::Exchange;
using testing::LoopbackOptions;
using testing::RawClient;
using testing::ScriptedHandler;

constexpr std::string_view kGgpBasePlay =
    "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: 127.0.0.1\r\nSender: GAMESERVER\r\n"
    "Receiver: MyPlayer\r\nContent-Type: text/acl\r\nContent-Length: 36\r\n\r\n"
    "( PLAY Base.nim3.1700000000000 NIL )";

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<HttpServer>(LoopbackOptions(), handler_);
    std::string error;
    ASSERT_TRUE(server_->Start(&error)) << error;
    ASSERT_NE(server_->port(), 0);
  }
  std::uint16_t port() const { return server_->port(); }

  ScriptedHandler handler_;
  std::unique_ptr<HttpServer> server_;
};

TEST_F(HttpServerTest, WireExampleGetsTheExactReplyAndTheConnectionCloses) {
  bool closed = false;
  std::string reply = Exchange(port(), kGgpBasePlay, /*half_close=*/false, &closed);
  EXPECT_TRUE(closed);
  EXPECT_EQ(reply,
            "HTTP/1.0 200 OK\r\nContent-type: text/acl\r\nContent-length: 4\r\n"
            "Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, GET, OPTIONS\r\n"
            "Access-Control-Allow-Headers: Content-Type\r\nAccess-Control-Allow-Age: 86400\r\n"
            "Access-Control-Max-Age: 86400\r\n\r\nnoop");
  auto requests = handler_.requests();
  ASSERT_EQ(requests.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<PlayRequest>(requests[0]));
  EXPECT_EQ(std::get<PlayRequest>(requests[0]).match_id, "Base.nim3.1700000000000");
  EXPECT_TRUE(std::get<PlayRequest>(requests[0]).no_moves);
}

TEST_F(HttpServerTest, DresdenHeadersAndPackedUpperCaseStart) {
  std::string body =
      "(START nim3.1700000000000 SECOND ((ROLE FIRST) (ROLE SECOND) (INIT (PILE 3))) 10 5)";
  std::string request = RenderHttpPost("localhost", "", body, SenderStyle::kDresden);
  EXPECT_NE(request.find("Content-length: "), std::string::npos);
  EXPECT_EQ(Exchange(port(), request), RenderHttpReply("ready"));
  auto requests = handler_.requests();
  ASSERT_EQ(requests.size(), 1u);
  const auto& start = std::get<StartRequest>(requests[0]);
  EXPECT_EQ(start.match_id, "nim3.1700000000000");
  EXPECT_EQ(start.rules.size(), 3u);
}

TEST_F(HttpServerTest, EveryVerbReachesTheHandler) {
  const std::pair<std::string, std::string> cases[] = {
      {"(info)", RenderInfoReply("TestPlayer", true)},
      {"( PING )", "ready"},
      {"(preview ((role a)) 3)", "ready"},
      {"(start m r ((role r)) 1 1)", "ready"},
      {"(play m ((take 1)))", "noop"},
      {"(PLAY m 1 NOOP ())", "noop"},
      {"(stop m nil)", "done"},
      {"(STOP m 2 NOOP NIL)", "done"},
      {"( ABORT m )", "aborted"},
  };
  for (const auto& [body, reply] : cases) {
    EXPECT_EQ(Exchange(port(), RenderHttpPost("127.0.0.1", "P", body)), RenderHttpReply(reply))
        << body;
  }
  EXPECT_EQ(handler_.requests().size(), std::size(cases));
}

TEST_F(HttpServerTest, NoContentLengthClientHalfCloses) {
  EXPECT_EQ(Exchange(port(), "POST / HTTP/1.0\r\nContent-Type: text/acl\r\n\r\n(info)\n"),
            RenderHttpReply(RenderInfoReply("TestPlayer", true)));
}

TEST_F(HttpServerTest, NoContentLengthAnswersOnceTheMessageBalances) {
  bool closed = false;
  std::string reply = Exchange(port(), "POST / HTTP/1.0\r\n\r\n( PLAY m1 (( take 2 ) noop ) )",
                               /*half_close=*/false, &closed);
  EXPECT_TRUE(closed);
  EXPECT_EQ(reply, RenderHttpReply("noop"));
}

TEST_F(HttpServerTest, BareLineFeeds) {
  EXPECT_EQ(Exchange(port(), "POST / HTTP/1.0\nContent-Length: 6\n\n(ping)", false),
            RenderHttpReply("ready"));
}

TEST_F(HttpServerTest, HeaderNamesInAnyCase) {
  EXPECT_EQ(Exchange(port(), "POST / HTTP/1.0\r\nCONTENT-LENGTH: 6\r\ncontent-type: text/acl\r\n\r\n"
                             "(ping)trailing",
                     false),
            RenderHttpReply("ready"));
}

TEST_F(HttpServerTest, GetWithPercentEncodingAndPlus) {
  EXPECT_EQ(Exchange(port(), "GET /%28play+m1+%28%28take%202%29+noop%29%29 HTTP/1.1\r\nHost: x\r\n\r\n",
                     false),
            RenderHttpReply("noop"));
  auto requests = handler_.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(kif::ToString(std::get<PlayRequest>(requests[0]).moves[0]), "(take 2)");
}

TEST_F(HttpServerTest, OptionsGetsTheCorsHeadersAndAnEmptyBody) {
  EXPECT_EQ(Exchange(port(),
                     "OPTIONS / HTTP/1.1\r\nOrigin: http://localhost\r\n"
                     "Access-Control-Request-Method: POST\r\n\r\n",
                     false),
            RenderHttpReply(""));
  EXPECT_TRUE(handler_.requests().empty());
}

TEST_F(HttpServerTest, ExpectContinue) {
  RawClient client(port());
  ASSERT_TRUE(client.connected());
  client.Send("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 6\r\n\r\n");
  ASSERT_TRUE(client.ReadUntil("\r\n\r\n"));
  EXPECT_EQ(client.received(), kHttpContinue);
  client.Send("(info)");
  ASSERT_TRUE(client.ReadToEof());
  EXPECT_EQ(client.received(),
            std::string(kHttpContinue) + RenderHttpReply(RenderInfoReply("TestPlayer", true)));
}

// INFO must not wait for a pending PLAY: held PLAYs stay unanswered (deterministically)
// while INFO requests sent afterwards complete.
TEST_F(HttpServerTest, InfoIsAnsweredWhilePlaysArePending) {
  handler_.Hold("play");
  HttpClientOptions slow;
  slow.reply_timeout = std::chrono::seconds(60);
  std::vector<std::future<ClientResult>> plays;
  for (int i = 0; i < 3; ++i) {
    plays.push_back(SendMessageAsync("127.0.0.1", port(), "(play m" + std::to_string(i) + " nil)", slow));
  }
  ASSERT_TRUE(handler_.WaitFor("play", 3));
  for (int i = 0; i < 5; ++i) {
    ClientResult info = SendMessage("127.0.0.1", port(), "(info)");
    ASSERT_TRUE(info.ok()) << info.message;
    InfoReply parsed;
    std::string error;
    ASSERT_TRUE(ParseInfoReply(info.reply, &parsed, &error)) << error;
    EXPECT_EQ(parsed.name, "TestPlayer");
  }
  for (auto& p : plays) {
    EXPECT_EQ(p.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
  }
  EXPECT_EQ(handler_.count("info"), 5);
  handler_.Release("play", "(take 1)");
  for (auto& p : plays) {
    ClientResult r = p.get();
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.reply, "(take 1)");
  }
}

// The same with a handler that answers PLAY from its own thread after about a second (and
// not before the INFO was answered, so a slow machine cannot reorder them; a server that
// serialised requests would still fail: its INFO would come last).
TEST_F(HttpServerTest, DelayedPlayRepliesFromAnotherThread) {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> order;
  std::vector<std::thread> workers;
  handler_.SetBehaviour([&](Request request, Responder respond) {
    if (VerbOf(request) == "play") {
      std::lock_guard<std::mutex> lock(mu);
      workers.emplace_back([&, respond = std::move(respond)] {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        {
          std::unique_lock<std::mutex> wait_lock(mu);
          cv.wait_for(wait_lock, std::chrono::seconds(20), [&] { return !order.empty(); });
        }
        respond("noop");
      });
    } else {
      respond(RenderInfoReply("TestPlayer", true));
    }
  });
  auto play = std::async(std::launch::async, [&] {
    ClientResult r = SendMessage("127.0.0.1", port(), "(play m nil)");
    std::lock_guard<std::mutex> lock(mu);
    order.push_back("play:" + r.reply);
  });
  ASSERT_TRUE(handler_.WaitFor("play", 1));
  ClientResult info = SendMessage("127.0.0.1", port(), "(info)");
  {
    std::lock_guard<std::mutex> lock(mu);
    order.push_back(info.ok() ? "info" : "info failed: " + info.message);
  }
  cv.notify_all();
  play.get();
  for (auto& w : workers) w.join();
  EXPECT_EQ(order, (std::vector<std::string>{"info", "play:noop"}));
}

TEST_F(HttpServerTest, ReplyFromInsideHandleIsDelivered) {
  handler_.SetBehaviour([](Request, Responder respond) { respond("inline"); });
  EXPECT_EQ(Exchange(port(), RenderHttpPost("h", "", "(info)")), RenderHttpReply("inline"));
}

TEST_F(HttpServerTest, ManyConcurrentClients) {
  std::vector<std::future<ClientResult>> results;
  for (int i = 0; i < 16; ++i) results.push_back(SendMessageAsync("127.0.0.1", port(), "(ping)"));
  for (auto& f : results) {
    ClientResult r = f.get();
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.reply, "ready");
  }
  EXPECT_EQ(handler_.count("ping"), 16);
}

TEST_F(HttpServerTest, RequestStopThenWaitReturns) {
  std::thread stopper([this] { server_->RequestStop(); });
  server_->Wait();
  stopper.join();
  RawClient late(port());
  // Nothing serves the port any more: either the connect fails or no reply comes.
  if (late.connected()) {
    late.Send(RenderHttpPost("h", "", "(info)"));
    late.ReadToEof(std::chrono::milliseconds(300));
    EXPECT_EQ(late.received(), "");
  }
}

TEST(HttpServerStartTest, PortInUseIsAnError) {
  ScriptedHandler handler;
  HttpServer first(LoopbackOptions(), handler);
  std::string error;
  ASSERT_TRUE(first.Start(&error)) << error;
  HttpServerOptions same = LoopbackOptions();
  same.port = first.port();
  HttpServer second(same, handler);
  EXPECT_FALSE(second.Start(&error));
  EXPECT_NE(error.find("bind"), std::string::npos) << error;
  HttpServerOptions bad = LoopbackOptions();
  bad.address = "not-an-address";
  HttpServer third(bad, handler);
  EXPECT_FALSE(third.Start(&error));
  EXPECT_NE(error.find("bad address"), std::string::npos) << error;
}

TEST(HttpServerStopTest, HandledSignalEndsWait) {
  ScriptedHandler handler;
  HttpServerOptions options = LoopbackOptions();
  options.handle_signals = true;
  HttpServer server(options, handler);
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  // Without the server's handler SIGTERM would end the test process.
  std::raise(SIGTERM);
  server.Wait();
  SUCCEED();
}

TEST(HttpServerStopTest, HandlerMayRequestStop) {
  ScriptedHandler handler;
  HttpServer server(LoopbackOptions(), handler);
  handler.SetBehaviour([&server](Request, Responder respond) {
    respond("done");
    server.RequestStop();
  });
  std::string error;
  ASSERT_TRUE(server.Start(&error)) << error;
  ClientResult result;
  std::thread client([&result, port = server.port()] {
    result = SendMessage("127.0.0.1", port, "(stop m nil)");
  });
  server.Wait();
  client.join();
  EXPECT_EQ(handler.count("stop"), 1);
  // The reply given before the stop request still went out.
  EXPECT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(result.reply, "done");
}

}  // namespace
}  // namespace ggp::protocol
