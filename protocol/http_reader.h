#pragma once
// An incremental, tolerant reader for the HTTP/1.x messages GGP peers exchange (protocol
// spec §1): one request per connection from a match server, one reply back.
//
// Tolerance, deliberately beyond strict HTTP: lines may end in CRLF or a bare LF; header
// names are matched in any case; malformed header lines are skipped; the request line may
// lack the version ("GET /x"). Body rules:
//  - with Content-Length: exactly that many bytes (more input is ignored);
//  - requests without it: POST reads until EOF or until the body holds one balanced
//    S-expression (comments skipped; bytes after it are ignored), whichever comes first;
//    GET/OPTIONS/others have no body;
//  - replies without it: until EOF.
// Transfer-Encoding (chunked) is not supported and reported as an error.
//
// Thread safety: none; one reader per connection. Memory: bounded by the limits.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ggp::protocol {

struct HttpMessage {
  // Requests: method, target, version ("" when absent). Replies: version, status, reason.
  std::string start[3];
  std::vector<std::pair<std::string, std::string>> headers;  // names and values as sent
  std::string body;

  const std::string& method() const { return start[0]; }
  const std::string& target() const { return start[1]; }
  // The first header with this name (any case), or nullptr.
  const std::string* Header(std::string_view name) const;
};

struct HttpLimits {
  size_t max_head_bytes = 64 * 1024;       // request/status line plus headers
  size_t max_body_bytes = 16 * 1024 * 1024;
};

class HttpReader {
 public:
  enum class Kind { kRequest, kReply };
  enum class Status { kNeedMore, kComplete, kError };

  HttpReader(Kind kind, HttpLimits limits);

  // Consumes bytes as they arrive. Once kComplete or kError is returned, later calls
  // return the same status and ignore their input.
  Status Feed(std::string_view data);
  // The peer half-closed (EOF). Completes an until-EOF body; anything else unfinished is
  // an error ("truncated ..."), including no input at all (see received_anything()).
  Status FinishAtEof();

  Status status() const { return status_; }
  bool received_anything() const { return received_ > 0; }
  size_t bytes_received() const { return received_; }
  // True once, right after the head of an HTTP/1.1 request carrying
  // "Expect: 100-continue" was read and its body is still due: the caller should answer
  // "HTTP/1.1 100 Continue" before reading on.
  bool TakeExpectContinue();
  // Valid when status() == kComplete.
  const HttpMessage& message() const { return message_; }
  HttpMessage& message() { return message_; }
  // Valid when status() == kError: a one-line reason for the log.
  const std::string& error() const { return error_; }

 private:
  enum class BodyMode { kNone, kLength, kUntilEof, kUntilBalanced };

  Status Fail(std::string reason);
  Status ParseHead(std::string_view head);
  Status FeedBody(std::string_view data);
  // The length of the prefix of `data` that completes a balanced S-expression, or npos.
  size_t ScanBalanced(std::string_view data);

  Kind kind_;
  HttpLimits limits_;
  Status status_ = Status::kNeedMore;
  bool in_head_ = true;
  std::string head_;           // bytes of the head until its terminating empty line
  size_t head_scan_ = 0;       // where to resume looking for the end of the head
  BodyMode body_mode_ = BodyMode::kNone;
  size_t content_length_ = 0;
  size_t received_ = 0;
  bool expect_continue_ = false;
  HttpMessage message_;
  std::string error_;

  // Balanced-S-expression scanner state (kUntilBalanced).
  int depth_ = 0;
  bool seen_open_ = false;
  bool unbalanced_ = false;
  bool in_line_comment_ = false;
  bool in_block_comment_ = false;
  char previous_ = 0;
};

// Decodes a GET path segment as ggp-base does: %XX escapes, '+' is a space; an invalid
// escape is kept literally.
std::string PercentDecode(std::string_view s);

// The GGP message an HTTP request carries: the trimmed body for POST (and other methods
// with a body), the percent-decoded target after its first '/' for GET, "" for OPTIONS.
std::string GgpMessageOf(const HttpMessage& request);

// Removes leading and trailing whitespace (space, tab, CR, LF, FF, VT).
std::string_view TrimWhitespace(std::string_view s);

}  // namespace ggp::protocol
