#pragma once
// Test helpers of the match runner: small games written for the tests (nim with a pile of
// 3, a one-role counter) loaded through the propositional-network back end, and a scripted
// PlayerLink that records what it was sent and answers from a script.

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "agent/runner/game.h"
#include "agent/runner/player_link.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::runner::testing {

// Nim: roles first, second; pile 3; take 1 or 2; whoever empties the pile wins.
inline constexpr const char* kNimRules = ::ggp::testing::kNim3Gdl;

// Loads `rules` with the propnet back end; fails the current test on error.
Game LoadTestGame(const std::string& key, const std::string& rules, bool uppercase = false);

// Two games of nim, keyed "a" and "b".
inline std::vector<Game> TwoNimGames() {
  std::vector<Game> games;
  games.push_back(LoadTestGame("a", kNimRules));
  games.push_back(LoadTestGame("b", kNimRules));
  return games;
}

// A link whose PLAY replies come from `play` (called with the 0-based turn), recording
// every message. INFO answers `name`.
class ScriptedLink : public PlayerLink {
 public:
  ScriptedLink(std::string name, std::function<LinkReply(int turn)> play);

  const std::string& spec() const override { return spec_; }
  std::string Info() override { return name_; }
  LinkReply Start(const StartCall& call) override;
  LinkReply Play(const TurnCall& call) override;
  LinkReply Stop(const TurnCall& call) override;
  LinkReply Abort(const std::string& message, Millis wait) override;

  std::vector<std::string> messages() const;
  std::vector<Millis> waits() const;  // the wait of each message, same order
  Millis last_wait() const { return waits().back(); }

 private:
  void Record(const std::string& message, Millis wait);

  std::string name_;
  std::string spec_;
  std::function<LinkReply(int)> play_;
  int turn_ = 0;
  mutable std::mutex mu_;
  std::vector<std::string> messages_;
  std::vector<Millis> waits_;
};

LinkReply Ok(std::string body);
LinkReply Failed(std::string code);

}  // namespace ggp::agent::runner::testing
