#pragma once
// Plays one whole match against the player over HTTP, as a game master would: START,
// PLAY nil, PLAY with each joint move (the other roles move at random), STOP. Every reply
// of the player is checked against an independent machine for the same rules.

#include <string>
#include <vector>

#include "tests/server/player_server.h"

namespace ggp::agent::server_testing {

struct DriveOptions {
  std::string rules;
  std::string match_id;
  std::string role;          // as written in the rules
  int start_clock = 5;
  int play_clock = 1;
  bool upper_verbs = false;  // "PLAY"/"STOP" instead of "play"/"stop"
  unsigned seed = 1;
};

struct DriveResult {
  bool started = false;            // START answered ready
  int plays = 0;                   // PLAY requests answered
  std::vector<std::string> illegal;  // replies that were not legal (with the turn)
  std::vector<int> goals;          // final goals (role order), from the referee
  bool stopped = false;            // STOP answered done
  std::string error;               // referee problems
};

DriveResult DriveMatch(const PlayerServer& player, const DriveOptions& options);

}  // namespace ggp::agent::server_testing
