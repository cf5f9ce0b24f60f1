// HttpServer: the listener, the io threads and the stop protocol.

#include "protocol/http_server.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>

#include "protocol/http_connection.h"

namespace ggp::protocol {
namespace {

using internal::ServerCore;
namespace net = internal::net;
using tcp = internal::tcp;

void DoAccept(ServerCore* core);

void RetryAcceptSoon(ServerCore* core) {
  // Accept failures such as "too many open files" would otherwise spin.
  core->accept_retry.expires_after(std::chrono::milliseconds(100));
  core->accept_retry.async_wait([core](const boost::system::error_code& ec) {
    if (!ec) DoAccept(core);
  });
}

void DoAccept(ServerCore* core) {
  // Each connection gets its own strand: its handlers never run concurrently, while
  // different connections proceed in parallel on the io threads.
  core->acceptor.async_accept(
      net::make_strand(core->ioc), [core](const boost::system::error_code& ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted || !core->acceptor.is_open()) return;
        if (ec) {
          spdlog::warn("[{}] accept failed: {}", core->options.name, ec.message());
          RetryAcceptSoon(core);
          return;
        }
        std::uint64_t id = core->next_connection_id.fetch_add(1);
        std::make_shared<internal::Connection>(std::move(socket), *core, id)->Start();
        DoAccept(core);
      });
}

void RunIo(ServerCore* core) {
  for (;;) {
    try {
      core->ioc.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("[{}] io thread caught: {}", core->options.name, e.what());
    }
  }
}

}  // namespace

HttpServer::HttpServer(HttpServerOptions options, PlayerHandler& handler)
    : core_(std::make_unique<ServerCore>(std::move(options), handler)) {}

HttpServer::~HttpServer() { Stop(); }

bool HttpServer::Start(std::string* error) {
  ServerCore& core = *core_;
  if (core.started) {
    *error = "the server was already started";
    return false;
  }
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(core.options.address, ec);
  if (ec) {
    *error = "bad address '" + core.options.address + "': " + ec.message();
    return false;
  }
  tcp::endpoint endpoint(address, core.options.port);
  auto fail = [&](const char* what) {
    *error = std::string(what) + " " + endpoint.address().to_string() + ":" +
             std::to_string(endpoint.port()) + ": " + ec.message();
    boost::system::error_code ignored;
    core.acceptor.close(ignored);
    return false;
  };
  if (core.acceptor.open(endpoint.protocol(), ec)) return fail("cannot open a socket for");
  if (core.acceptor.set_option(net::socket_base::reuse_address(true), ec)) {
    return fail("cannot set SO_REUSEADDR for");
  }
  if (core.acceptor.bind(endpoint, ec)) return fail("cannot bind");
  if (core.acceptor.listen(net::socket_base::max_listen_connections, ec)) {
    return fail("cannot listen on");
  }
  core.port = core.acceptor.local_endpoint(ec).port();
  core.started = true;

  if (core.options.handle_signals) {
    core.signals.emplace(core.ioc, SIGINT, SIGTERM);
    core.signals->async_wait([this](const boost::system::error_code& sec, int signal_number) {
      if (sec) return;
      spdlog::info("[{}] signal {} received; stopping", core_->options.name, signal_number);
      RequestStop();
    });
  }
  DoAccept(&core);
  int threads = std::max(1, core.options.io_threads);
  for (int i = 0; i < threads; ++i) core.threads.emplace_back(RunIo, &core);
  spdlog::info("[{}] listening on {}:{} with {} io threads", core.options.name,
               core.options.address, core.port.load(), threads);
  return true;
}

std::uint16_t HttpServer::port() const { return core_->port.load(); }

void HttpServer::RequestStop() {
  ServerCore* core = core_.get();
  {
    std::lock_guard<std::mutex> lock(core->stop_mu);
    if (core->stop_requested) return;
    core->stop_requested = true;
  }
  core->stop_cv.notify_all();
  // The acceptor lives on its strand while io threads run.
  net::post(core->accept_strand, [core] {
    boost::system::error_code ignored;
    core->acceptor.close(ignored);
    core->accept_retry.cancel();
  });
}

void HttpServer::Wait() {
  {
    std::unique_lock<std::mutex> lock(core_->stop_mu);
    core_->stop_cv.wait(lock, [this] { return core_->stop_requested; });
  }
  Stop();
}

void HttpServer::Stop() {
  ServerCore& core = *core_;
  RequestStop();
  if (core.stopped) return;
  const auto self = std::this_thread::get_id();
  for (std::thread& t : core.threads) {
    if (t.get_id() == self) {
      spdlog::error("[{}] Stop() called from an io thread; ignored", core.options.name);
      return;
    }
  }
  if (!core.threads.empty()) {
    std::unique_lock<std::mutex> lock(core.stop_mu);
    bool flushed = core.stop_cv.wait_for(lock, core.options.stop_grace,
                                         [&] { return core.replies_in_flight.load() <= 0; });
    if (!flushed) {
      spdlog::warn("[{}] stopping with {} replies unsent", core.options.name,
                   core.replies_in_flight.load());
    }
  }
  {
    // From here on responders touch nothing.
    std::lock_guard<std::mutex> lock(core.gate->mu);
    core.gate->closed = true;
  }
  core.ioc.stop();
  for (std::thread& t : core.threads) t.join();
  core.threads.clear();
  core.stopped = true;
  // No io thread runs any more: the io objects may be touched from here.
  boost::system::error_code ignored;
  core.acceptor.close(ignored);
  if (core.signals) core.signals->cancel(ignored);
  if (core.started) spdlog::info("[{}] stopped", core.options.name);
}

}  // namespace ggp::protocol
