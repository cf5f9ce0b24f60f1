#pragma once
// A round robin of local matches: for each game, `rounds` times, one match per seating
// (standings.h: every assignment of distinct players to the roles), played one at a time
// so every match gets the machine to itself and timing stays fair.
//
// Each match gets fresh links (a builtin policy starts from scratch), its JSON written to
// <out_dir>/<matchId>.json and a line appended to <out_dir>/scores (ggp-base's CLI runner
// format, one line per match); at the end standings.csv and standings.json are written.
// Match ids are "<name>.<game key>.<epoch ms>", unique within the run.
//
// Blocking: RunTournament blocks until every match is over; `progress` is called on the
// calling thread (see MatchProgress) with the match's position in the schedule.

#include <functional>
#include <string>
#include <vector>

#include "agent/runner/game.h"
#include "agent/runner/match_runner.h"
#include "agent/runner/player_link.h"
#include "agent/runner/standings.h"

namespace ggp::agent::runner {

struct TournamentOptions {
  std::string name = "Local";  // match id prefix and tournamentNameFromHost
  int rounds = 1;
  MatchOptions match;          // clocks, style, grace; seed 0 = random (else varied per match)
  LinkOptions link;            // builtin seeds are derived per match and seat when non-zero
  std::string out_dir;         // "" = write nothing
};

struct TournamentMatch {
  int index = 0;                       // 0-based position in the schedule
  int total = 0;                       // matches in the schedule
  const Game* game = nullptr;
  std::vector<std::string> players;    // specs, role order
};

struct TournamentResult {
  Standings standings;
  int matches = 0;
  std::vector<std::string> problems;   // runner problems (file writes, broken games)
};

using TournamentProgress = std::function<void(const TournamentMatch& match,
                                              const MatchRecord& record, std::string_view phase)>;

// Plays the schedule. Returns false with `error` only if a player spec is unusable (then no
// match is played).
bool RunTournament(const std::vector<Game>& games, const std::vector<std::string>& players,
                   const TournamentOptions& options, const TournamentProgress& progress,
                   TournamentResult* result, std::string* error);

}  // namespace ggp::agent::runner
