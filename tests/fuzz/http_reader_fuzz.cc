// Fuzz target: the incremental HTTP request reader (protocol/http_reader.h).
//
// The input is the byte stream a peer sends on one connection. The reader must never
// report a sanitizer error, and how the stream is cut into reads must not matter: fed at
// once, byte by byte, or in reads of sizes drawn from the input's hash, it must end in the
// same status (after EOF when it still wants more) and, when complete, with the same
// request line, headers, body and GGP message. This holds under the default limits and
// under small ones that the fuzzer can reach (64-byte heads, 128-byte bodies).

#include <algorithm>
#include <string>
#include <vector>

#include "protocol/http_reader.h"
#include "tests/fuzz/fuzz_check.h"

namespace ggp::testing {
namespace {

using protocol::HttpReader;

struct Outcome {
  HttpReader::Status status = HttpReader::Status::kNeedMore;
  bool at_eof = false;  // the status came from FinishAtEof
  std::string message;  // the parsed message (complete) or the error
};

std::string StatusName(HttpReader::Status s) {
  switch (s) {
    case HttpReader::Status::kNeedMore:
      return "need-more";
    case HttpReader::Status::kComplete:
      return "complete";
    case HttpReader::Status::kError:
      return "error";
  }
  return "?";
}

std::string Describe(const Outcome& o) {
  return StatusName(o.status) + (o.at_eof ? " at eof: " : ": ") + o.message;
}

std::string Printed(const protocol::HttpMessage& m) {
  std::string s = "[" + m.start[0] + "][" + m.start[1] + "][" + m.start[2] + "]\n";
  for (const auto& [name, value] : m.headers) s += name + ": " + value + "\n";
  s += "body[" + m.body + "]\nggp[" + protocol::GgpMessageOf(m) + "]";
  return s;
}

// Feeds `stream` in reads of the given sizes (the last one takes the rest), then EOF if the
// reader still wants more.
Outcome Read(std::string_view stream, const std::vector<size_t>& cuts,
             const protocol::HttpLimits& limits) {
  HttpReader reader(HttpReader::Kind::kRequest, limits);
  Outcome o;
  size_t at = 0;
  for (size_t cut : cuts) {
    if (at >= stream.size() || o.status != HttpReader::Status::kNeedMore) break;
    const size_t n = std::min(cut, stream.size() - at);
    o.status = reader.Feed(stream.substr(at, n));
    at += n;
  }
  if (o.status == HttpReader::Status::kNeedMore && at < stream.size()) {
    o.status = reader.Feed(stream.substr(at));
  }
  if (o.status == HttpReader::Status::kNeedMore) {
    o.status = reader.FinishAtEof();
    o.at_eof = true;
  }
  GGP_FUZZ_CHECK(reader.status() == o.status, "status() disagrees with the last result");
  if (o.status == HttpReader::Status::kComplete) {
    o.message = Printed(reader.message());
  } else {
    GGP_FUZZ_CHECK(!reader.error().empty(), "error without a reason");
    o.message = "(error)";  // the wording may name byte counts, which depend on the reads
  }
  return o;
}

void CheckLimits(std::string_view stream, const protocol::HttpLimits& limits) {
  const Outcome whole = Read(stream, {stream.size()}, limits);
  const Outcome bytes = Read(stream, std::vector<size_t>(stream.size(), 1), limits);
  GGP_FUZZ_CHECK(bytes.status == whole.status && bytes.message == whole.message,
                 "at once: " + Describe(whole) + "\nbyte by byte: " + Describe(bytes));
  FuzzChoices choices(InputHash(stream) ^ limits.max_head_bytes);
  std::vector<size_t> cuts;
  for (size_t total = 0; total < stream.size();) {
    cuts.push_back(choices.Between(1, 24));
    total += cuts.back();
  }
  const Outcome chunks = Read(stream, cuts, limits);
  GGP_FUZZ_CHECK(chunks.status == whole.status && chunks.message == whole.message,
                 "at once: " + Describe(whole) + "\nin reads of 1-24 bytes: " + Describe(chunks));
}

}  // namespace
}  // namespace ggp::testing

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view stream = ggp::testing::AsText(data, size);
  ggp::testing::CheckLimits(stream, ggp::protocol::HttpLimits{});
  ggp::testing::CheckLimits(stream,
                            ggp::protocol::HttpLimits{.max_head_bytes = 64, .max_body_bytes = 128});
  return 0;
}
