#include "tests/server/match_driver.h"

#include "tests/server/referee.h"

namespace ggp::agent::server_testing {

DriveResult DriveMatch(const PlayerServer& player, const DriveOptions& o) {
  DriveResult result;
  Referee referee(o.rules, "prover", o.seed);
  if (!referee.ok()) {
    result.error = "referee: " + referee.error();
    return result;
  }
  int ours = referee.RoleIndex(o.role);
  if (ours < 0) {
    result.error = "referee: no role " + o.role;
    return result;
  }
  std::string play = o.upper_verbs ? "PLAY" : "play";
  std::string stop = o.upper_verbs ? "STOP" : "stop";
  std::string nil = o.upper_verbs ? "NIL" : "nil";
  result.started = player.Post("(" + std::string(o.upper_verbs ? "START" : "start") + " " +
                               o.match_id + " " + o.role + " (" + o.rules + ") " +
                               std::to_string(o.start_clock) + " " +
                               std::to_string(o.play_clock) + ")") == "ready";
  std::string last = nil;
  for (int turn = 0; !referee.terminal() && turn < 200; ++turn) {
    std::string reply = player.Post("(" + play + " " + o.match_id + " " + last + ")");
    ++result.plays;
    std::vector<std::string> joint;
    for (int r = 0; r < referee.num_roles(); ++r) {
      if (r != ours) {
        joint.push_back(referee.RandomLegal(r));
      } else if (referee.IsLegal(r, reply)) {
        joint.push_back(reply);
      } else {
        result.illegal.push_back("turn " + std::to_string(turn) + ": '" + reply + "'");
        joint.push_back(referee.RandomLegal(r));  // what a server substitutes
      }
    }
    referee.Apply(joint);
    last = JointText(joint);
  }
  result.goals = referee.Goals();
  result.stopped = player.Post("(" + stop + " " + o.match_id + " " + last + ")") == "done";
  return result;
}

}  // namespace ggp::agent::server_testing
