#include "agent/runner/runner_test_util.h"

#include <gtest/gtest.h>

#include "reasoner/propnet/propnet_machine.h"

namespace ggp::agent::runner::testing {

Game LoadTestGame(const std::string& key, const std::string& rules, bool uppercase) {
  Game game;
  std::string error;
  bool ok = LoadGameText(
      key, rules, uppercase,
      [](const gdl::Description& d) {
        reasoner::MachineBuild build;
        auto propnet = reasoner::propnet::PropnetMachine::Build(d, {});
        build.machine = propnet.machine;
        build.backend = "propnet";
        build.reason = propnet.error;
        return build;
      },
      &game, &error);
  EXPECT_TRUE(ok) << error;
  return game;
}

ScriptedLink::ScriptedLink(std::string name, std::function<LinkReply(int)> play)
    : name_(std::move(name)), spec_("scripted:" + name_), play_(std::move(play)) {}

void ScriptedLink::Record(const std::string& message, Millis wait) {
  std::lock_guard<std::mutex> lock(mu_);
  messages_.push_back(message);
  waits_.push_back(wait);
}

LinkReply ScriptedLink::Start(const StartCall& call) {
  Record(call.message, call.wait);
  return Ok("ready");
}

LinkReply ScriptedLink::Play(const TurnCall& call) {
  Record(call.message, call.wait);
  return play_(turn_++);
}

LinkReply ScriptedLink::Stop(const TurnCall& call) {
  Record(call.message, call.wait);
  return Ok("done");
}

LinkReply ScriptedLink::Abort(const std::string& message, Millis wait) {
  Record(message, wait);
  return Ok("aborted");
}

std::vector<std::string> ScriptedLink::messages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return messages_;
}

std::vector<Millis> ScriptedLink::waits() const {
  std::lock_guard<std::mutex> lock(mu_);
  return waits_;
}

LinkReply Ok(std::string body) {
  LinkReply r;
  r.body = std::move(body);
  return r;
}

LinkReply Failed(std::string code) {
  LinkReply r;
  r.error = std::move(code);
  return r;
}

}  // namespace ggp::agent::runner::testing
