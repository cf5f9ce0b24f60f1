// Incremental HTTP/1.x reader (see http_reader.h for the tolerance rules).

#include "protocol/http_reader.h"

#include <cctype>
#include <charconv>

#include "reasoner/kif/sexpr.h"

namespace ggp::protocol {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

using kif::EqualsIgnoreCase;

bool IsToken(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  return true;
}

std::string Printable(std::string_view s) {
  constexpr size_t kMax = 60;
  std::string out;
  for (char c : s.substr(0, kMax)) {
    out.push_back(std::isprint(static_cast<unsigned char>(c)) ? c : '?');
  }
  if (s.size() > kMax) out += "...";
  return "'" + out + "'";
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

const std::string* HttpMessage::Header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

std::string_view TrimWhitespace(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string PercentDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out.push_back(' ');
    } else if (s[i] == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 &&
               HexValue(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

std::string GgpMessageOf(const HttpMessage& request) {
  if (EqualsIgnoreCase(request.method(), "OPTIONS")) return "";
  if (EqualsIgnoreCase(request.method(), "GET")) {
    std::string_view target = request.target();
    size_t slash = target.find('/');
    target = slash == std::string_view::npos ? std::string_view() : target.substr(slash + 1);
    return std::string(TrimWhitespace(PercentDecode(target)));
  }
  return std::string(TrimWhitespace(request.body));
}

HttpReader::HttpReader(Kind kind, HttpLimits limits) : kind_(kind), limits_(limits) {}

HttpReader::Status HttpReader::Fail(std::string reason) {
  error_ = std::move(reason);
  status_ = Status::kError;
  return status_;
}

bool HttpReader::TakeExpectContinue() {
  bool r = expect_continue_;
  expect_continue_ = false;
  return r;
}

HttpReader::Status HttpReader::Feed(std::string_view data) {
  if (status_ != Status::kNeedMore) return status_;
  received_ += data.size();
  if (!in_head_) return FeedBody(data);

  head_.append(data);
  // Leading empty lines before the start line are skipped (RFC 9112 §2.2).
  size_t start = 0;
  while (start < head_.size() && (head_[start] == '\r' || head_[start] == '\n')) ++start;
  if (head_scan_ < start) head_scan_ = start;
  // The head ends at the first empty line: "\n\n" or "\n\r\n".
  size_t i = head_scan_;
  for (; i < head_.size(); ++i) {
    if (head_[i] != '\n') continue;
    size_t end = 0;
    if (i + 1 >= head_.size()) break;  // the terminator may still be arriving
    if (head_[i + 1] == '\n') {
      end = i + 2;
    } else if (head_[i + 1] == '\r') {
      if (i + 2 >= head_.size()) break;
      if (head_[i + 2] != '\n') continue;
      end = i + 3;
    } else {
      continue;
    }
    // The same limit whether the head came in one read or many.
    if (end > limits_.max_head_bytes) {
      return Fail("request head longer than " + std::to_string(limits_.max_head_bytes) + " bytes");
    }
    std::string rest = head_.substr(end);
    head_.resize(i + 1);
    in_head_ = false;
    if (ParseHead(std::string_view(head_).substr(start)) != Status::kNeedMore) return status_;
    head_.clear();
    head_.shrink_to_fit();
    return FeedBody(rest);
  }
  head_scan_ = i;
  if (head_.size() > limits_.max_head_bytes) {
    return Fail("request head longer than " + std::to_string(limits_.max_head_bytes) +
                " bytes without an empty line");
  }
  return status_;
}

HttpReader::Status HttpReader::ParseHead(std::string_view head) {
  std::vector<std::string_view> lines;
  while (!head.empty()) {
    size_t nl = head.find('\n');
    std::string_view line = head.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    head.remove_prefix(nl + 1);
  }
  if (lines.empty()) return Fail("empty request head");

  // Start line: three parts split at the first and the last space (a GET target may hold
  // unencoded spaces, spec §1.1).
  std::string_view first = TrimWhitespace(lines[0]);
  size_t sp1 = first.find(' ');
  size_t sp2 = first.rfind(' ');
  if (sp1 == std::string_view::npos) return Fail("malformed start line " + Printable(first));
  message_.start[0] = std::string(first.substr(0, sp1));
  if (sp2 == sp1) {
    message_.start[1] = std::string(TrimWhitespace(first.substr(sp1 + 1)));
  } else {
    message_.start[1] = std::string(TrimWhitespace(first.substr(sp1 + 1, sp2 - sp1 - 1)));
    message_.start[2] = std::string(first.substr(sp2 + 1));
  }
  if (kind_ == Kind::kRequest) {
    bool version_ok = message_.start[2].empty() || message_.start[2].rfind("HTTP/", 0) == 0;
    if (!IsToken(message_.start[0]) || !version_ok) {
      return Fail("malformed request line " + Printable(first));
    }
  } else if (message_.start[0].rfind("HTTP/", 0) != 0) {
    return Fail("malformed status line " + Printable(first));
  }

  for (size_t i = 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    size_t colon = line.find(':');
    // Lines without a colon and obsolete folded continuations are skipped.
    if (colon == std::string_view::npos || colon == 0 || IsSpace(line[0])) continue;
    message_.headers.emplace_back(std::string(TrimWhitespace(line.substr(0, colon))),
                                  std::string(TrimWhitespace(line.substr(colon + 1))));
  }

  if (message_.Header("Transfer-Encoding") != nullptr) {
    return Fail("Transfer-Encoding is not supported");
  }
  if (const std::string* length = message_.Header("Content-Length")) {
    const char* b = length->data();
    const char* e = b + length->size();
    auto [ptr, ec] = std::from_chars(b, e, content_length_);
    if (ec != std::errc() || ptr != e) return Fail("bad Content-Length " + Printable(*length));
    if (content_length_ > limits_.max_body_bytes) {
      return Fail("body of " + std::to_string(content_length_) + " bytes exceeds the limit of " +
                  std::to_string(limits_.max_body_bytes));
    }
    body_mode_ = content_length_ == 0 ? BodyMode::kNone : BodyMode::kLength;
  } else if (kind_ == Kind::kReply) {
    body_mode_ = BodyMode::kUntilEof;
  } else if (EqualsIgnoreCase(message_.method(), "POST")) {
    body_mode_ = BodyMode::kUntilBalanced;
  } else {
    body_mode_ = BodyMode::kNone;
  }
  if (kind_ == Kind::kRequest && body_mode_ != BodyMode::kNone && message_.start[2] == "HTTP/1.1") {
    const std::string* expect = message_.Header("Expect");
    expect_continue_ = expect != nullptr && EqualsIgnoreCase(*expect, "100-continue");
  }
  if (body_mode_ == BodyMode::kNone) {
    status_ = Status::kComplete;
    return status_;
  }
  if (body_mode_ == BodyMode::kLength) message_.body.reserve(content_length_);
  return Status::kNeedMore;
}

HttpReader::Status HttpReader::FeedBody(std::string_view data) {
  if (status_ != Status::kNeedMore) return status_;
  if (body_mode_ == BodyMode::kLength) {
    size_t want = content_length_ - message_.body.size();
    message_.body.append(data.substr(0, want));
    if (message_.body.size() == content_length_) {
      expect_continue_ = false;
      status_ = Status::kComplete;
    }
    return status_;
  }
  // The body ends with the S-expression: bytes after it are ignored, however they arrive.
  size_t balanced = std::string_view::npos;
  if (body_mode_ == BodyMode::kUntilBalanced) balanced = ScanBalanced(data);
  if (balanced != std::string_view::npos) data = data.substr(0, balanced);
  if (message_.body.size() + data.size() > limits_.max_body_bytes) {
    return Fail("body exceeds the limit of " + std::to_string(limits_.max_body_bytes) + " bytes");
  }
  message_.body.append(data);
  if (balanced != std::string_view::npos) {
    expect_continue_ = false;
    status_ = Status::kComplete;
  }
  return status_;
}

size_t HttpReader::ScanBalanced(std::string_view data) {
  for (size_t i = 0; i < data.size(); ++i) {
    const char c = data[i];
    char prev = previous_;
    previous_ = c;
    if (in_line_comment_) {
      if (c == '\n') in_line_comment_ = false;
      continue;
    }
    if (in_block_comment_) {
      if (prev == '|' && c == '#') {
        in_block_comment_ = false;
        previous_ = 0;  // "|#|" must not reopen a comment
      }
      continue;
    }
    if (c == ';') {
      in_line_comment_ = true;
    } else if (prev == '#' && c == '|') {
      in_block_comment_ = true;
      previous_ = 0;
    } else if (c == '(') {
      ++depth_;
      seen_open_ = true;
    } else if (c == ')') {
      // An unmatched ')' can never balance: wait for EOF and let the message parser say so.
      if (--depth_ < 0) unbalanced_ = true;
    }
    if (unbalanced_) return std::string_view::npos;
    if (seen_open_ && depth_ == 0) return i + 1;
  }
  return std::string_view::npos;
}

HttpReader::Status HttpReader::FinishAtEof() {
  if (status_ != Status::kNeedMore) return status_;
  if (in_head_) {
    if (received_ == 0) return Fail("connection closed before any byte arrived");
    return Fail("truncated head: connection closed after " + std::to_string(received_) +
                " bytes without an empty line");
  }
  if (body_mode_ == BodyMode::kLength) {
    return Fail("truncated body: connection closed after " + std::to_string(message_.body.size()) +
                " of " + std::to_string(content_length_) + " bytes");
  }
  expect_continue_ = false;
  status_ = Status::kComplete;
  return status_;
}

}  // namespace ggp::protocol
