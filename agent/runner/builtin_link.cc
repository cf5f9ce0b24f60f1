// PlayerLink to a policy run in-process (agent/player/registry.h).

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "agent/player/registry.h"
#include "agent/runner/player_link.h"

namespace ggp::agent::runner {
namespace {

constexpr std::string_view kBuiltinPrefix = "builtin:";

class BuiltinLink final : public PlayerLink {
 public:
  BuiltinLink(std::string spec, std::string policy, std::unique_ptr<Player> player, Millis margin)
      : spec_(std::move(spec)), policy_(std::move(policy)), player_(std::move(player)),
        margin_(margin) {}

  const std::string& spec() const override { return spec_; }
  std::string Info() override { return policy_; }

  LinkReply Start(const StartCall& call) override {
    return Timed(call.wait, [&](Deadline begin) {
      machine_ = call.machine;
      role_ = call.role;
      player_->Start(machine_, role_, call.initial, DeadlineFor(begin, call.clock));
      started_ = true;
      return std::string("ready");
    });
  }

  LinkReply Play(const TurnCall& call) override {
    return Timed(call.wait, [&](Deadline begin) -> std::string {
      if (!started_) throw std::runtime_error("PLAY before START");
      if (!call.last_joint.empty()) player_->Advance(call.last_joint, call.state);
      MoveStats stats;
      reasoner::Move m = player_->SelectMove(call.state, DeadlineFor(begin, call.clock), &stats);
      return kif::ToString(machine_->MoveTerm(role_, m), machine_->symbols());
    });
  }

  LinkReply Stop(const TurnCall& call) override {
    return Timed(call.wait, [&](Deadline) {
      if (started_) {
        if (!call.last_joint.empty()) player_->Advance(call.last_joint, call.state);
        player_->Finish();
        started_ = false;
      }
      return std::string("done");
    });
  }

  LinkReply Abort(const std::string& /*message*/, Millis wait) override {
    return Timed(wait, [&](Deadline) {
      if (started_) player_->Finish();
      started_ = false;
      return std::string("aborted");
    });
  }

 private:
  Deadline DeadlineFor(Deadline begin, Millis clock) const {
    return begin + std::max(Millis{0}, clock - margin_);
  }

  // Runs `body` on this thread, classifying like the HTTP client: too slow is "TO", an
  // exception is "CE".
  template <typename F>
  LinkReply Timed(Millis wait, F&& body) {
    const Deadline begin = SteadyClock::now();
    LinkReply reply;
    try {
      reply.body = body(begin);
    } catch (const std::exception& e) {
      reply.error = "CE";
      reply.detail = std::string("policy failed: ") + e.what();
    }
    reply.elapsed = std::chrono::duration_cast<Millis>(SteadyClock::now() - begin);
    if (reply.error.empty() && reply.elapsed > wait) {
      reply.error = "TO";
      reply.detail = "answered after " + std::to_string(reply.elapsed.count()) + " ms";
    }
    return reply;
  }

  std::string spec_;
  std::string policy_;
  std::unique_ptr<Player> player_;
  Millis margin_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  int role_ = 0;
  bool started_ = false;
};

}  // namespace

bool ParsePolicyParams(std::string_view text, nlohmann::json* out, std::string* error) {
  *out = nlohmann::json::object();
  while (!text.empty()) {
    const size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
    const size_t eq = pair.find('=');
    if (eq == 0 || eq == std::string_view::npos || eq + 1 == pair.size()) {
      *error = "expected key=value, got '" + std::string(pair) + "'";
      return false;
    }
    const std::string value(pair.substr(eq + 1));
    nlohmann::json parsed = nlohmann::json::parse(value, nullptr, /*allow_exceptions=*/false);
    (*out)[std::string(pair.substr(0, eq))] =
        parsed.is_discarded() || parsed.is_structured() || parsed.is_null() ? nlohmann::json(value)
                                                                           : parsed;
  }
  return true;
}

std::unique_ptr<PlayerLink> MakeBuiltinLink(const std::string& spec, const LinkOptions& options,
                                            std::string* error) {
  std::string policy = spec.substr(std::min(spec.size(), kBuiltinPrefix.size()));
  PlayerOptions player_options;
  player_options.seed = options.seed;
  player_options.threads = options.threads;
  const size_t query = policy.find('?');
  if (query != std::string::npos) {
    if (!ParsePolicyParams(std::string_view(policy).substr(query + 1), &player_options.params, error)) {
      *error = "bad parameters in '" + spec + "': " + *error;
      return nullptr;
    }
    policy.resize(query);
  }
  std::unique_ptr<Player> player;
  try {
    player = MakePlayer(policy, player_options);
  } catch (const std::exception& e) {  // e.g. a parameter of the wrong type
    *error = "cannot make '" + spec + "': " + e.what();
    return nullptr;
  }
  if (!player) {
    std::string known;
    for (const std::string& n : PolicyNames()) known += " " + n;
    *error = "unknown policy '" + policy + "' (known:" + known + ")";
    return nullptr;
  }
  return std::make_unique<BuiltinLink>(spec, policy, std::move(player), options.builtin_margin);
}

std::unique_ptr<PlayerLink> MakeLink(const std::string& spec, const LinkOptions& options,
                                     std::string* error) {
  if (spec.rfind(kBuiltinPrefix, 0) == 0) return MakeBuiltinLink(spec, options, error);
  return MakeHttpLink(spec, options, error);
}

}  // namespace ggp::agent::runner
