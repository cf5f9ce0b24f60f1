#include "protocol/http_reader.h"

#include <gtest/gtest.h>

namespace ggp::protocol {
namespace {

using Status = HttpReader::Status;

// The request of the constructed wire example (ggp-base server, first PLAY).
constexpr std::string_view kGgpBasePlay =
    "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: 127.0.0.1\r\nSender: GAMESERVER\r\n"
    "Receiver: MyPlayer\r\nContent-Type: text/acl\r\nContent-Length: 36\r\n\r\n"
    "( PLAY Base.nim3.1700000000000 NIL )";

HttpReader Request(HttpLimits limits = {}) { return HttpReader(HttpReader::Kind::kRequest, limits); }

TEST(HttpReaderTest, WireExampleAtOnce) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed(kGgpBasePlay), Status::kComplete) << r.error();
  EXPECT_EQ(r.message().method(), "POST");
  EXPECT_EQ(r.message().target(), "/");
  EXPECT_EQ(r.message().start[2], "HTTP/1.0");
  ASSERT_NE(r.message().Header("content-length"), nullptr);
  EXPECT_EQ(*r.message().Header("SENDER"), "GAMESERVER");
  EXPECT_EQ(GgpMessageOf(r.message()), "( PLAY Base.nim3.1700000000000 NIL )");
}

TEST(HttpReaderTest, WireExampleByteByByte) {
  HttpReader r = Request();
  for (size_t i = 0; i + 1 < kGgpBasePlay.size(); ++i) {
    ASSERT_EQ(r.Feed(kGgpBasePlay.substr(i, 1)), Status::kNeedMore) << "at byte " << i;
  }
  ASSERT_EQ(r.Feed(kGgpBasePlay.substr(kGgpBasePlay.size() - 1)), Status::kComplete);
  EXPECT_EQ(r.message().body, "( PLAY Base.nim3.1700000000000 NIL )");
}

TEST(HttpReaderTest, DresdenHeaderSpellingAndExtraBytesIgnored) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed("POST / HTTP/1.0\r\nAccept: text/delim\r\nSender: Gamecontroller\r\n"
                   "Receiver: localhost\r\nContent-type: text/acl\r\nContent-length: 6\r\n\r\n"
                   "(INFO)garbage"),
            Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "(INFO)");
}

TEST(HttpReaderTest, BareLineFeeds) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed("POST / HTTP/1.0\nContent-Type: text/acl\nContent-Length: 6\n\n(info)"),
            Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "(info)");
  EXPECT_EQ(*r.message().Header("Content-Type"), "text/acl");
}

TEST(HttpReaderTest, MixedLineEndsSplitAcrossTheTerminator) {
  HttpReader r = Request();
  EXPECT_EQ(r.Feed("\r\nPOST / HTTP/1.1\r\nX: y\r"), Status::kNeedMore);
  EXPECT_EQ(r.Feed("\nContent-Length: 4\n"), Status::kNeedMore);
  EXPECT_EQ(r.Feed("\r"), Status::kNeedMore);
  EXPECT_EQ(r.Feed("\n(pi"), Status::kNeedMore);
  EXPECT_EQ(r.Feed("ng)"), Status::kComplete);
  EXPECT_EQ(r.message().body, "(pin");
  EXPECT_EQ(*r.message().Header("x"), "y");
}

TEST(HttpReaderTest, NoContentLengthCompletesWhenBalanced) {
  HttpReader r = Request();
  EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\n\r\n( play m1 (( take"), Status::kNeedMore);
  EXPECT_EQ(r.Feed(" 2 ) ; not ) this\n #| nor ) |# noop) "), Status::kNeedMore);
  EXPECT_EQ(r.Feed(")"), Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "( play m1 (( take 2 ) ; not ) this\n #| nor ) |# noop) )");
}

TEST(HttpReaderTest, NoContentLengthUntilEof) {
  HttpReader r = Request();
  EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\n\r\ninfo"), Status::kNeedMore);
  EXPECT_EQ(r.FinishAtEof(), Status::kComplete);
  EXPECT_EQ(r.message().body, "info");
  HttpReader unbalanced = Request();
  EXPECT_EQ(unbalanced.Feed("POST / HTTP/1.0\r\n\r\n) (info)"), Status::kNeedMore);
  EXPECT_EQ(unbalanced.FinishAtEof(), Status::kComplete);
}

TEST(HttpReaderTest, GetWithPercentEncodingAndPlus) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed("GET /%28play+m1+%28%28take%202%29+noop%29%29 HTTP/1.1\r\nHost: h\r\n\r\n"),
            Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "(play m1 ((take 2) noop))");
}

TEST(HttpReaderTest, GetWithRawSpacesUpToTheLastSpace) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed("GET /( info ) HTTP/1.0\n\n"), Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "( info )");
}

TEST(HttpReaderTest, OptionsHasNoMessage) {
  HttpReader r = Request();
  ASSERT_EQ(r.Feed("OPTIONS / HTTP/1.1\r\nOrigin: http://x\r\n"
                   "Access-Control-Request-Method: POST\r\n\r\n"),
            Status::kComplete);
  EXPECT_EQ(GgpMessageOf(r.message()), "");
}

TEST(HttpReaderTest, ExpectContinueOnlyForHttp11WithPendingBody) {
  HttpReader r = Request();
  EXPECT_EQ(r.Feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 6\r\n\r\n"),
            Status::kNeedMore);
  EXPECT_TRUE(r.TakeExpectContinue());
  EXPECT_FALSE(r.TakeExpectContinue());
  EXPECT_EQ(r.Feed("(info)"), Status::kComplete);

  HttpReader whole = Request();
  EXPECT_EQ(whole.Feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 6\r\n\r\n(info)"),
            Status::kComplete);
  EXPECT_FALSE(whole.TakeExpectContinue());
}

TEST(HttpReaderTest, Errors) {
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed(std::string_view("\x01\x02\xff garbage\r\n\r\n", 15)), Status::kError);
    EXPECT_NE(r.error().find("malformed request line"), std::string::npos);
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed("POST / FTP/1.0\r\n\r\n"), Status::kError);
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\nContent-Length: 12x\r\n\r\n"), Status::kError);
    EXPECT_NE(r.error().find("bad Content-Length"), std::string::npos);
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), Status::kError);
  }
  {
    HttpReader r = Request({.max_head_bytes = 100, .max_body_bytes = 1000});
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\nX: " + std::string(200, 'a')), Status::kError);
    EXPECT_NE(r.error().find("head longer"), std::string::npos);
  }
  {
    HttpReader r = Request({.max_head_bytes = 100, .max_body_bytes = 1000});
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\nContent-Length: 1001\r\n\r\n"), Status::kError);
    EXPECT_NE(r.error().find("exceeds the limit"), std::string::npos);
  }
  {
    HttpReader r = Request({.max_head_bytes = 100, .max_body_bytes = 1000});
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\n\r\n(" + std::string(600, 'a')), Status::kNeedMore);
    EXPECT_EQ(r.Feed(std::string(600, 'a')), Status::kError);
    EXPECT_NE(r.error().find("exceeds the limit"), std::string::npos);
    EXPECT_EQ(r.Feed("))"), Status::kError);  // sticky
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\nContent-Le"), Status::kNeedMore);
    EXPECT_EQ(r.FinishAtEof(), Status::kError);
    EXPECT_NE(r.error().find("truncated head"), std::string::npos);
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.Feed("POST / HTTP/1.0\r\nContent-Length: 10\r\n\r\n(info"), Status::kNeedMore);
    EXPECT_EQ(r.FinishAtEof(), Status::kError);
    EXPECT_NE(r.error().find("truncated body"), std::string::npos);
  }
  {
    HttpReader r = Request();
    EXPECT_EQ(r.FinishAtEof(), Status::kError);
    EXPECT_FALSE(r.received_anything());
  }
}

// How the bytes are cut into reads must not change the outcome (found by the http_reader
// fuzz target): the head limit holds for a head that arrives in one read, and bytes after a
// balanced body are dropped even when they arrive in the same read.
TEST(HttpReaderTest, SameOutcomeWhateverTheReads) {
  const std::string head =
      "OPTIONS / HTTP/1.1\r\nOrigin: http://x\r\nAccess-Control-Request-Method: POST\r\n\r\n";
  ASSERT_GT(head.size(), 64u);
  HttpReader at_once = Request({.max_head_bytes = 64, .max_body_bytes = 128});
  EXPECT_EQ(at_once.Feed(head), Status::kError);
  EXPECT_NE(at_once.error().find("head longer"), std::string::npos);
  HttpReader in_bytes = Request({.max_head_bytes = 64, .max_body_bytes = 128});
  Status last = Status::kNeedMore;
  for (char c : head) last = in_bytes.Feed(std::string_view(&c, 1));
  EXPECT_EQ(last, Status::kError);

  const std::string post = "POST / HTTP/1.0\r\n\r\n(info)(junk";
  HttpReader whole = Request();
  ASSERT_EQ(whole.Feed(post), Status::kComplete);
  EXPECT_EQ(whole.message().body, "(info)");
  HttpReader split = Request();
  EXPECT_EQ(split.Feed(post.substr(0, post.size() - 5)), Status::kComplete);
  EXPECT_EQ(split.message().body, "(info)");
}

TEST(HttpReaderTest, Replies) {
  HttpReader with_length(HttpReader::Kind::kReply, {});
  EXPECT_EQ(with_length.Feed("HTTP/1.0 200 OK\r\nContent-length: 4\r\n\r\nnoop"),
            Status::kComplete);
  EXPECT_EQ(with_length.message().body, "noop");

  HttpReader until_eof(HttpReader::Kind::kReply, {});
  EXPECT_EQ(until_eof.Feed("HTTP/1.1 200 OK\nContent-Type: text/acl\n\n( take 1 )\n"),
            Status::kNeedMore);
  EXPECT_EQ(until_eof.FinishAtEof(), Status::kComplete);
  EXPECT_EQ(TrimWhitespace(until_eof.message().body), "( take 1 )");

  HttpReader not_http(HttpReader::Kind::kReply, {});
  EXPECT_EQ(not_http.Feed("noop\r\n\r\n"), Status::kError);
}

TEST(HttpReaderTest, PercentDecode) {
  EXPECT_EQ(PercentDecode("a%20b+c%2B%28"), "a b c+(");
  EXPECT_EQ(PercentDecode("%zz%4"), "%zz%4");
  EXPECT_EQ(PercentDecode("100%"), "100%");
}

}  // namespace
}  // namespace ggp::protocol
