// One player connection: read one request, hand it to the handler, write the reply, close.

#include "protocol/http_connection.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <utility>

#include "protocol/http_wire.h"
#include "protocol/replies.h"

namespace ggp::protocol::internal {
namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
constexpr std::size_t kLogExcerpt = 200;

long long WallMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string LogExcerpt(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, kLogExcerpt)) {
    out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  }
  if (s.size() > kLogExcerpt) out += "... (" + std::to_string(s.size()) + " bytes)";
  return out;
}

Connection::Connection(tcp::socket socket, ServerCore& core, std::uint64_t id)
    : strand_(socket.get_executor()),
      socket_(std::move(socket)),
      timer_(strand_),
      core_(core),
      id_(id),
      reader_(HttpReader::Kind::kRequest,
              HttpLimits{.max_head_bytes = 64 * 1024, .max_body_bytes = core.options.body_limit}),
      buffer_(kReadChunk) {
  boost::system::error_code ec;
  auto endpoint = socket_.remote_endpoint(ec);
  peer_ = ec ? std::string("?")
             : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
  core_.open_connections.fetch_add(1);
}

Connection::~Connection() { core_.open_connections.fetch_sub(1); }

void Connection::Start() {
  const int open = core_.open_connections.load();
  if (open > core_.options.max_connections) {
    BadRequest(std::to_string(open) + " connections open, more than the " +
               std::to_string(core_.options.max_connections) + " allowed");
    return;
  }
  ArmTimer(core_.options.read_timeout);
  DoRead();
}

void Connection::ArmTimer(std::chrono::steady_clock::duration d) {
  // Re-arming cancels the previous wait; the generation check also discards a previous
  // expiry whose handler was already queued.
  std::uint64_t generation = ++timer_generation_;
  timer_.expires_after(d);
  timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec || generation != self->timer_generation_) return;
    self->OnTimer();
  });
}

void Connection::OnTimer() {
  switch (phase_) {
    case Phase::kReading:
      // The read handler sees operation_aborted and decides what to do.
      timed_out_ = true;
      socket_.cancel();
      break;
    case Phase::kWriting:
      spdlog::warn("[{}] #{} writing the reply to {} timed out", core_.options.name, id_, peer_);
      Close();
      break;
    case Phase::kLingering:
      Close();
      break;
    case Phase::kAwaitingReply:
    case Phase::kDone:
      break;
  }
}

void Connection::DoRead() {
  socket_.async_read_some(net::buffer(buffer_),
                          [self = shared_from_this()](const boost::system::error_code& ec,
                                                      std::size_t n) { self->OnRead(ec, n); });
}

void Connection::OnRead(const boost::system::error_code& ec, std::size_t n) {
  if (phase_ != Phase::kReading) return;
  if (timed_out_) {
    if (!reader_.received_anything()) {
      spdlog::debug("[{}] #{} {} sent nothing before the read timeout; closing", core_.options.name,
                    id_, peer_);
      Close();
    } else {
      BadRequest("read timeout after " + std::to_string(reader_.bytes_received()) + " bytes");
    }
    return;
  }
  HttpReader::Status status;
  if (ec == net::error::eof) {
    status = reader_.FinishAtEof();
    if (status == HttpReader::Status::kError && !reader_.received_anything()) {
      spdlog::debug("[{}] #{} {} closed without sending anything", core_.options.name, id_, peer_);
      Close();
      return;
    }
  } else if (ec) {
    spdlog::debug("[{}] #{} read from {} failed: {}", core_.options.name, id_, peer_, ec.message());
    Close();
    return;
  } else {
    status = reader_.Feed(std::string_view(buffer_.data(), n));
  }
  switch (status) {
    case HttpReader::Status::kComplete:
      OnRequest();
      return;
    case HttpReader::Status::kError:
      BadRequest(reader_.error());
      return;
    case HttpReader::Status::kNeedMore:
      break;
  }
  if (reader_.TakeExpectContinue()) {
    // The client waits for this before sending its body.
    net::async_write(
        socket_, net::buffer(kHttpContinue),
        [self = shared_from_this()](const boost::system::error_code& wec, std::size_t) {
          if (wec) {
            self->Close();
            return;
          }
          self->DoRead();
        });
    return;
  }
  DoRead();
}

void Connection::OnRequest() {
  received_ = SteadyClock::now();
  const HttpMessage& http = reader_.message();
  const std::string& method = http.method();
  what_ = method;
  std::string message = GgpMessageOf(http);
  spdlog::debug("[{}] #{} received {} from {} at t={} ({} bytes): {}", core_.options.name, id_,
                method, peer_, WallMillis(), reader_.bytes_received(), LogExcerpt(message));
  auto is = [&](std::string_view m) {
    return method.size() == m.size() &&
           std::equal(method.begin(), method.end(), m.begin(), [](char a, char b) {
             return std::toupper(static_cast<unsigned char>(a)) == b;
           });
  };
  if (is("OPTIONS")) {
    Reply("", /*counted=*/false);
    return;
  }
  if (!is("POST") && !is("GET")) {
    BadRequest("unsupported method '" + LogExcerpt(method) + "'");
    return;
  }
  Request request;
  std::string error;
  if (!ParseRequest(message, &request, &error)) {
    BadRequest("unparseable message (" + error + "): " + LogExcerpt(message));
    return;
  }
  what_ = method + " " + std::string(VerbOf(request));

  // Await the handler's reply. The never-expiring wait keeps this connection alive until
  // DeliverReply re-arms the timer for the write.
  phase_ = Phase::kAwaitingReply;
  ++timer_generation_;
  timer_.expires_at(std::chrono::steady_clock::time_point::max());
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code&) {});

  std::string tag = "[" + core_.options.name + "] #" + std::to_string(id_);
  Responder respond = MakeResponder(core_.gate, weak_from_this(), std::move(tag));
  try {
    core_.handler.Handle(std::move(request), received_, std::move(respond));
  } catch (const std::exception& e) {
    // The responder was moved into Handle: if it was dropped uncalled, `busy` goes out.
    spdlog::error("[{}] #{} handler threw: {}", core_.options.name, id_, e.what());
  }
}

void Connection::DeliverReply(std::string reply) {
  if (phase_ != Phase::kAwaitingReply) {
    core_.ReplyDone();
    return;
  }
  Reply(std::move(reply), /*counted=*/true);
}

void Connection::BadRequest(const std::string& reason) {
  spdlog::warn("[{}] #{} bad request from {}: {}; answering busy", core_.options.name, id_, peer_,
               reason);
  if (what_.empty()) what_ = "bad request";
  if (received_ == SteadyClock::time_point{}) received_ = SteadyClock::now();
  Reply(std::string(kReplyBusy), /*counted=*/false);
}

void Connection::Reply(std::string body, bool counted) {
  phase_ = Phase::kWriting;
  reply_counted_ = counted;
  reply_excerpt_ = LogExcerpt(body);
  out_ = RenderHttpReply(body);
  ArmTimer(core_.options.write_timeout);
  net::async_write(socket_, net::buffer(out_),
                   [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
                     self->OnWritten(ec);
                   });
}

void Connection::OnWritten(const boost::system::error_code& ec) {
  if (reply_counted_) {
    reply_counted_ = false;
    core_.ReplyDone();
  }
  if (phase_ != Phase::kWriting) return;
  auto elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - received_);
  if (ec) {
    spdlog::warn("[{}] #{} reply '{}' to {} for {} could not be sent after {} ms: {}",
                 core_.options.name, id_, reply_excerpt_, what_, peer_, elapsed.count(),
                 ec.message());
    Close();
    return;
  }
  spdlog::debug("[{}] #{} sent reply to {} at t={}, {} ms after receipt: {}", core_.options.name,
                id_, what_, WallMillis(), elapsed.count(), reply_excerpt_);
  // Half-close, then wait for the peer's close: closing with unread input would send a
  // reset that can destroy the reply before the peer reads it.
  boost::system::error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  phase_ = Phase::kLingering;
  ArmTimer(core_.options.linger_timeout);
  DoLinger();
}

void Connection::DoLinger() {
  socket_.async_read_some(
      net::buffer(buffer_),
      [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
        if (self->phase_ != Phase::kLingering) return;
        if (ec) {
          self->Close();
          return;
        }
        self->DoLinger();
      });
}

void Connection::Close() {
  phase_ = Phase::kDone;
  ++timer_generation_;
  timer_.cancel();
  boost::system::error_code ignored;
  socket_.close(ignored);
}

}  // namespace ggp::protocol::internal
