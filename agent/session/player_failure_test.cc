// A policy that cannot start must not cost the match or the server: when the player's
// constructor throws (settings it refuses) or its Start throws, START is still answered
// `ready`, every PLAY gets a legal move from the legal policy, STOP is answered, the log
// says why, and the server goes on to its next match.

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
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

// Plays nothing: its Start throws, as a policy failing on a game it cannot handle would.
class FailingStartPlayer : public Player {
 public:
  std::string_view name() const override { return "failing-start"; }
  void Start(std::shared_ptr<const reasoner::StateMachine>, int, const reasoner::State&,
             Deadline) override {
    throw std::runtime_error("start failed on purpose");
  }
  reasoner::Move SelectMove(const reasoner::State&, Deadline, MoveStats*) override { return 0; }
  void Advance(std::span<const reasoner::Move>, const reasoner::State&) override {}
  void Finish() override {}
};

const bool kRegistered =
    RegisterPolicy("refusing-test",
                   [](const PlayerOptions&) -> std::unique_ptr<Player> {
                     throw std::invalid_argument("type must be number, but is string");
                   }) &&
    RegisterPolicy("failing-start-test",
                   [](const PlayerOptions&) { return std::make_unique<FailingStartPlayer>(); });

// Plays nim (pile 3) as first: take, their take, our take ends it. Returns the match's
// error causes.
std::vector<std::string> PlayAMatch(const std::string& policy, const std::string& dir) {
  EXPECT_TRUE(kRegistered);
  SessionOptions o = testing::TestOptions(dir);
  o.policy = policy;
  MatchManager m(o);
  const std::string id = "failing." + policy;
  EXPECT_EQ(Call(m, testing::StartMessage(id, "first", testing::kNim3Rules, 2, 1)), "ready");
  const std::string first = Call(m, "(play " + id + " nil)");
  EXPECT_TRUE(first == "(take 1)" || first == "(take 2)") << first;
  EXPECT_EQ(Call(m, "(play " + id + " (" + first + " noop))"), "noop");
  if (first == "(take 1)") {  // 2 left after ours; they take 1, we take the last
    EXPECT_EQ(Call(m, "(play " + id + " (noop (take 1)))"), "(take 1)");
  }
  EXPECT_EQ(Call(m, "(stop " + id + " nil)"), "done");
  // The server is still there for the next match.
  EXPECT_EQ(Call(m, "(info)"), "((name TestPlayer) (status available))");
  m.Shutdown();
  std::vector<std::string> causes;
  for (const nlohmann::json& e : EventsNamed(ReadEvents(dir, id), "error")) {
    causes.push_back(e.value("cause", ""));
  }
  const auto start = EventsNamed(ReadEvents(dir, id), "start");
  EXPECT_EQ(start.size(), 1u);
  if (!start.empty()) {
    EXPECT_EQ(start[0]["policy"], "legal") << start[0].dump();
  }
  return causes;
}

TEST(PlayerFailureTest, APolicyThatRefusesItsSettingsLeavesTheMatchToTheLegalPolicy) {
  testing::TempDir dir;
  const std::vector<std::string> causes = PlayAMatch("refusing-test", dir.str());
  ASSERT_FALSE(causes.empty());
  EXPECT_NE(causes[0].find("policy refusing-test failed to start (type must be number"),
            std::string::npos)
      << causes[0];
}

TEST(PlayerFailureTest, APolicyWhoseStartThrowsLeavesTheMatchToTheLegalPolicy) {
  testing::TempDir dir;
  const std::vector<std::string> causes = PlayAMatch("failing-start-test", dir.str());
  ASSERT_FALSE(causes.empty());
  EXPECT_NE(causes[0].find("start failed on purpose"), std::string::npos) << causes[0];
}

}  // namespace
}  // namespace ggp::agent
