// Loopback test helpers for protocol/.

#include "protocol/test_support.h"

#include <algorithm>
#include <array>

#include "protocol/replies.h"

namespace ggp::protocol::testing {

namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpServerOptions LoopbackOptions() {
  HttpServerOptions o;
  o.address = "127.0.0.1";
  o.port = 0;
  o.io_threads = 2;
  o.body_limit = 64 * 1024;
  o.read_timeout = std::chrono::milliseconds(400);
  o.write_timeout = std::chrono::milliseconds(5000);
  o.linger_timeout = std::chrono::milliseconds(1000);
  o.name = "test";
  return o;
}

RawClient::RawClient(std::uint16_t port) {
  boost::system::error_code ec;
  socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  connected_ = !ec;
}

bool RawClient::Send(std::string_view bytes) {
  boost::system::error_code ec;
  net::write(socket_, net::buffer(bytes.data(), bytes.size()), ec);
  return !ec;
}

void RawClient::ShutdownSend() {
  boost::system::error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
}

void RawClient::Close() {
  boost::system::error_code ignored;
  socket_.close(ignored);
}

bool RawClient::ReadWhile(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  if (done() || eof_) return true;
  std::array<char, 8192> buffer{};
  bool finished = false;
  std::function<void()> read_more = [&] {
    socket_.async_read_some(net::buffer(buffer), [&](const boost::system::error_code& ec,
                                                     std::size_t n) {
      received_.append(buffer.data(), n);
      if (ec) {
        eof_ = true;
        if (ec != net::error::eof) read_error_ = ec.message();
        finished = true;
        return;
      }
      if (done()) {
        finished = true;
        return;
      }
      read_more();
    });
  };
  read_more();
  ioc_.restart();
  ioc_.run_for(timeout);
  if (!finished) {
    // Abort the pending read and let its handler run before `buffer` goes away.
    boost::system::error_code ignored;
    socket_.cancel(ignored);
    ioc_.restart();
    ioc_.run();
    return false;
  }
  return true;
}

bool RawClient::ReadUntil(std::string_view needle, std::chrono::milliseconds timeout) {
  bool ok = ReadWhile([&] { return received_.find(needle) != std::string::npos; }, timeout);
  return ok && received_.find(needle) != std::string::npos;
}

bool RawClient::ReadToEof(std::chrono::milliseconds timeout) {
  return ReadWhile([] { return false; }, timeout) && eof_;
}

std::string Exchange(std::uint16_t port, std::string_view bytes, bool half_close, bool* closed,
                     std::chrono::milliseconds timeout) {
  RawClient client(port);
  if (!client.connected()) {
    if (closed != nullptr) *closed = false;
    return "";
  }
  client.Send(bytes);
  if (half_close) client.ShutdownSend();
  bool eof = client.ReadToEof(timeout);
  if (closed != nullptr) *closed = eof;
  return client.received();
}

ScriptedHandler::~ScriptedHandler() {
  std::vector<std::pair<std::string, Responder>> held;
  {
    std::lock_guard<std::mutex> lock(mu_);
    held.swap(held_);
  }
  // Dropped responders answer `busy` on their own (or nothing, if the server is gone).
}

void ScriptedHandler::Handle(Request request, SteadyClock::time_point, Responder respond) {
  std::string verb(VerbOf(request));
  std::function<void(Request, Responder)> behaviour;
  {
    std::lock_guard<std::mutex> lock(mu_);
    requests_.push_back(request);
    behaviour = behaviour_;
    if (!behaviour &&
        std::find(held_verbs_.begin(), held_verbs_.end(), verb) != held_verbs_.end()) {
      held_.emplace_back(verb, std::move(respond));
      cv_.notify_all();
      return;
    }
  }
  cv_.notify_all();
  if (behaviour) {
    behaviour(std::move(request), std::move(respond));
    return;
  }
  if (verb == "info") {
    respond(RenderInfoReply("TestPlayer", true));
  } else if (verb == "play") {
    respond("noop");
  } else if (verb == "stop") {
    respond(std::string(kReplyDone));
  } else if (verb == "abort") {
    respond(std::string(kReplyAborted));
  } else {
    respond(std::string(kReplyReady));
  }
}

void ScriptedHandler::Hold(std::string_view verb) {
  std::lock_guard<std::mutex> lock(mu_);
  held_verbs_.emplace_back(verb);
}

void ScriptedHandler::Release(std::string_view verb, std::string reply) {
  std::vector<Responder> to_answer;
  {
    std::lock_guard<std::mutex> lock(mu_);
    held_verbs_.erase(std::remove(held_verbs_.begin(), held_verbs_.end(), verb), held_verbs_.end());
    for (auto it = held_.begin(); it != held_.end();) {
      if (it->first == verb) {
        to_answer.push_back(std::move(it->second));
        it = held_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (Responder& r : to_answer) r(reply);
}

bool ScriptedHandler::WaitFor(std::string_view verb, int count, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  return cv_.wait_for(lock, timeout, [&] {
    return std::count_if(requests_.begin(), requests_.end(),
                         [&](const Request& r) { return VerbOf(r) == verb; }) >= count;
  });
}

void ScriptedHandler::SetBehaviour(std::function<void(Request, Responder)> behaviour) {
  std::lock_guard<std::mutex> lock(mu_);
  behaviour_ = std::move(behaviour);
}

std::vector<Request> ScriptedHandler::requests() const {
  std::lock_guard<std::mutex> lock(mu_);
  return requests_;
}

int ScriptedHandler::count(std::string_view verb) const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(std::count_if(requests_.begin(), requests_.end(),
                                        [&](const Request& r) { return VerbOf(r) == verb; }));
}

}  // namespace ggp::protocol::testing
