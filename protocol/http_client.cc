// One GGP request over a fresh connection, with connect and reply deadlines.

#include "protocol/http_client.h"

#include <array>
#include <memory>
#include <utility>

// Boost 1.74 Asio needs <utility> included first under C++20.
#include <boost/asio.hpp>

#include "protocol/http_reader.h"

namespace ggp::protocol {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// The state of one exchange. Everything runs on the calling thread inside ioc.run().
class Exchange {
 public:
  Exchange(std::string_view host, std::uint16_t port, std::string request,
           const HttpClientOptions& options)
      : host_(host),
        port_(port),
        request_(std::move(request)),
        options_(options),
        reader_(HttpReader::Kind::kReply,
                HttpLimits{.max_head_bytes = 64 * 1024, .max_body_bytes = options.max_reply_bytes}) {}

  ClientResult Run() {
    Arm(options_.connect_timeout, "connecting to " + Where() + " timed out after " +
                                      std::to_string(options_.connect_timeout.count()) + " ms");
    resolver_.async_resolve(host_, std::to_string(port_),
                            [this](const boost::system::error_code& ec,
                                   const tcp::resolver::results_type& results) {
                              if (ec) return Fail(ec, "cannot resolve " + host_);
                              Connect(results);
                            });
    ioc_.run();
    return std::move(result_);
  }

 private:
  std::string Where() const { return host_ + ":" + std::to_string(port_); }

  void Arm(std::chrono::milliseconds d, std::string timeout_message) {
    timer_.expires_after(d);
    timer_.async_wait([this, m = std::move(timeout_message)](const boost::system::error_code& ec) {
      if (ec || done_) return;
      Finish(ClientError::kTimeout, m);
    });
  }

  void Connect(const tcp::resolver::results_type& results) {
    net::async_connect(socket_, results,
                       [this](const boost::system::error_code& ec, const tcp::endpoint&) {
                         if (ec) return Fail(ec, "cannot connect to " + Where());
                         Arm(options_.reply_timeout,
                             "no complete reply from " + Where() + " within " +
                                 std::to_string(options_.reply_timeout.count()) + " ms");
                         net::async_write(socket_, net::buffer(request_),
                                          [this](const boost::system::error_code& wec, std::size_t) {
                                            if (wec) return Fail(wec, "cannot send to " + Where());
                                            Read();
                                          });
                       });
  }

  void Read() {
    socket_.async_read_some(
        net::buffer(buffer_), [this](const boost::system::error_code& ec, std::size_t n) {
          HttpReader::Status status;
          if (ec == net::error::eof) {
            status = reader_.FinishAtEof();
          } else if (ec) {
            return Fail(ec, "reading the reply from " + Where() + " failed");
          } else {
            status = reader_.Feed(std::string_view(buffer_.data(), n));
          }
          if (status == HttpReader::Status::kNeedMore) return Read();
          if (status == HttpReader::Status::kError) {
            return Finish(ClientError::kConnection,
                          "malformed reply from " + Where() + ": " + reader_.error());
          }
          result_.reply = std::string(TrimWhitespace(reader_.message().body));
          Finish(ClientError::kNone, "");
        });
  }

  void Fail(const boost::system::error_code& ec, const std::string& what) {
    if (done_) return;  // the timer already decided (its close aborted this operation)
    Finish(ClientError::kConnection, what + ": " + ec.message());
  }

  void Finish(ClientError error, std::string message) {
    if (done_) return;
    done_ = true;
    result_.error = error;
    result_.message = std::move(message);
    if (error != ClientError::kNone) result_.reply.clear();
    boost::system::error_code ignored;
    timer_.cancel();
    resolver_.cancel();
    socket_.close(ignored);
  }

  std::string host_;
  std::uint16_t port_;
  std::string request_;
  const HttpClientOptions& options_;
  net::io_context ioc_{1};
  tcp::resolver resolver_{ioc_};
  tcp::socket socket_{ioc_};
  net::steady_timer timer_{ioc_};
  std::array<char, 16 * 1024> buffer_{};
  HttpReader reader_;
  ClientResult result_;
  bool done_ = false;
};

}  // namespace

std::string_view ClientResult::ErrorCode() const {
  switch (error) {
    case ClientError::kNone:
      return "";
    case ClientError::kTimeout:
      return "TO";
    case ClientError::kConnection:
      return "CE";
  }
  return "CE";
}

ClientResult SendMessage(std::string_view host, std::uint16_t port, std::string_view message,
                         const HttpClientOptions& options) {
  Clock::time_point start = Clock::now();
  std::string request = RenderHttpPost(host, options.receiver, message, options.style);
  auto exchange = std::make_unique<Exchange>(host, port, std::move(request), options);
  ClientResult result = exchange->Run();
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  return result;
}

std::future<ClientResult> SendMessageAsync(std::string host, std::uint16_t port,
                                           std::string message, HttpClientOptions options) {
  return std::async(std::launch::async,
                    [host = std::move(host), port, message = std::move(message),
                     options = std::move(options)] { return SendMessage(host, port, message, options); });
}

}  // namespace ggp::protocol
