// The fallback move when the player is late: armed for the new state before the player
// hears of the move (a player's Advance can block on a slow state machine call), and the
// player's own suggestion (Player::FallbackAfter) when it is legal there.

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <string>
#include <vector>

#include "agent/player/registry.h"
#include "agent/session/match_manager.h"
#include "agent/session/session_test_util.h"

namespace ggp::agent {
namespace {

using testing::Call;
using testing::EventsNamed;
using testing::ReadEvents;

// Nim (moves 0 = take 1, 1 = take 2, 2 = noop): plays its first legal move; its Advance
// blocks, until the test releases it, whenever we are to move in the new state (as a
// search waiting out a slow machine call would); it suggests `hint` as its fallback.
class StuckPlayer : public Player {
 public:
  StuckPlayer(reasoner::Move hint, std::shared_future<void> release)
      : hint_(hint), release_(std::move(release)) {}
  std::string_view name() const override { return "stuck"; }
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State&, Deadline) override {
    machine_ = std::move(machine);
    role_ = role;
    ws_ = machine_->NewWorkspace();
  }
  reasoner::Move SelectMove(const reasoner::State& state, Deadline, MoveStats*) override {
    std::vector<reasoner::Move> legal;
    machine_->LegalMoves(state, role_, *ws_, &legal);
    return legal.front();
  }
  void Advance(std::span<const reasoner::Move>, const reasoner::State& next) override {
    std::vector<reasoner::Move> legal;
    machine_->LegalMoves(next, role_, *ws_, &legal);
    if (legal.size() > 1) release_.wait();
  }
  reasoner::Move FallbackAfter(std::span<const reasoner::Move>) const override { return hint_; }
  void Finish() override {}

 private:
  reasoner::Move hint_;
  std::shared_future<void> release_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  int role_ = 0;
  std::unique_ptr<reasoner::Workspace> ws_;
};

// Plays nim with a pile of 5 as `first` against a scripted second, whose (take 1) leaves
// us 3 stones while our player is stuck in Advance; returns what the watchdog sent.
std::string StuckReply(const std::string& policy_params_hint, reasoner::Move hint,
                       const std::string& dir) {
  auto release = std::make_shared<std::promise<void>>();
  std::shared_future<void> released = release->get_future().share();
  RegisterPolicy("stuck-test", [hint, released](const PlayerOptions&) {
    return std::make_unique<StuckPlayer>(hint, released);
  });
  SessionOptions o = testing::TestOptions(dir);
  o.policy = "stuck-test";
  o.builder = [](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    reasoner::MachineBuild b = testing::NimBuilder(d, mo);
    if (b.machine) b.machine = testing::MakeNimMachine(d.symbols, d.roles, 5);
    return b;
  };
  MatchManager m(o);
  const std::string id = "stuck." + policy_params_hint;
  EXPECT_EQ(Call(m, testing::StartMessage(id, "first", testing::kNim3Rules, 2, 1)), "ready");
  EXPECT_EQ(Call(m, "(play " + id + " nil)"), "(take 1)");                 // 4 left
  EXPECT_EQ(Call(m, "(play " + id + " ((take 1) noop))"), "noop");         // their turn
  const std::string reply = Call(m, "(play " + id + " (noop (take 1)))");  // 3 left: stuck
  release->set_value();
  EXPECT_EQ(Call(m, "(abort " + id + ")"), "aborted");
  m.Shutdown();
  const auto plays = EventsNamed(ReadEvents(dir, id), "play");
  EXPECT_EQ(plays.size(), 3u);
  if (plays.size() == 3u) {
    EXPECT_EQ(plays[2]["fallback"], true);
  }
  return reply;
}

// Before the player's Advance, the fallback of the previous state (noop: it was their
// turn) would have been sent, and noop is not legal when we are to move.
TEST(SessionFallbackTest, ArmedForTheNewStateBeforeThePlayerAdvances) {
  testing::TempDir dir;
  EXPECT_EQ(StuckReply("none", -1, dir.str()), "(take 1)");
}

TEST(SessionFallbackTest, ThePlayersSuggestionIsSentWhenLegal) {
  testing::TempDir dir;
  EXPECT_EQ(StuckReply("take2", 1, dir.str()), "(take 2)");
  // A suggestion that is not legal there (noop on our turn) falls back to the first move.
  testing::TempDir other;
  EXPECT_EQ(StuckReply("noop", 2, other.str()), "(take 1)");
}

}  // namespace
}  // namespace ggp::agent
