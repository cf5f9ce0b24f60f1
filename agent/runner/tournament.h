#pragma once
// A round robin of local matches. One round is, for each game, one match per seating
// (standings.h: every assignment of distinct players to the roles; with `gauntlet`, only
// those in which player 0 sits once, so it plays every match). The schedule is `rounds`
// rounds, one after the other (round 1 of every game, then round 2, ...), or, when
// `matches` > 0, as many rounds as it takes, cut after exactly `matches` matches.
//
// `parallel` matches run at once (default 1: one at a time, so every match gets the
// machine to itself and timing stays fair); each worker takes the next match of the
// schedule when its previous one is over. An HTTP player then receives several matches
// at once, each with its own match id.
//
// Each match gets fresh links (a builtin policy starts from scratch), its JSON written to
// <out_dir>/<matchId>.json and a line appended to <out_dir>/scores (ggp-base's CLI runner
// format, one line per match); at the end standings.csv, standings.json and per_game.csv
// (score_report.h) are written.
//
// With `ready_wait` > 0, every seat's player must say it is available (INFO, see
// PlayerLink::WaitAvailable) before its match starts; one that does not within
// `ready_wait` is reported in `problems` and named in the match's `unavailable`; the match
// is then played anyway (the referee plays that seat's moves as timeouts), or, with
// `skip_unavailable`, not played at all: it counts in no standings, `skipped` grows and
// `progress` gets the phase "skipped" (with an empty record) instead of the match's own.
// Match ids are "<name>.<game key>.<epoch ms>", unique within the run (also across
// matches that start in the same millisecond).
//
// Blocking: RunTournament blocks until every match is over. `progress` is called on the
// thread that runs the match (the calling thread when parallel is 1), never by two
// threads at once, so it needs no locking of its own; with parallel > 1 calls about
// different matches interleave.

#include <functional>
#include <string>
#include <vector>

#include "agent/runner/game.h"
#include "agent/runner/match_runner.h"
#include "agent/runner/player_link.h"
#include "agent/runner/score_report.h"
#include "agent/runner/standings.h"

namespace ggp::agent::runner {

struct TournamentOptions {
  std::string name = "Local";  // match id prefix and tournamentNameFromHost
  int rounds = 1;
  int matches = 0;        // > 0: repeat rounds until this many matches (rounds ignored)
  int parallel = 1;       // matches at once (>= 1)
  bool gauntlet = false;  // only seatings with player 0 in exactly one seat
  MatchOptions match;     // clocks, style, grace; seed 0 = random (else varied per match)
  LinkOptions link;       // builtin seeds are derived per match and seat when non-zero
  std::string out_dir;    // "" = write nothing
  Millis ready_wait{0};   // > 0: wait for every player's INFO "available" before a match
  bool skip_unavailable = false;  // with ready_wait: don't play a match a player missed
};

struct TournamentMatch {
  int index = 0;  // 0-based position in the schedule
  int total = 0;  // matches in the schedule
  const Game* game = nullptr;
  std::vector<std::string> players;  // specs, role order
  // With ready_wait: one entry per seat whose player did not say it was available,
  // "<spec> not available after <ms> ms (<detail>)"; set before the match starts.
  std::vector<std::string> unavailable;
};

struct TournamentResult {
  Standings standings;
  std::vector<GameScores> per_game;  // one per game, in the order of `games`
  int matches = 0;                   // played (skipped ones excluded)
  int skipped = 0;                   // not played: a player was not available (skip_unavailable)
  std::vector<std::string> problems;  // runner problems (file writes, broken games)
};

using TournamentProgress = std::function<void(const TournamentMatch& match,
                                              const MatchRecord& record, std::string_view phase)>;

// The schedule's seatings in order: (game index, seating) pairs, as described above.
struct ScheduledMatch {
  size_t game = 0;
  std::vector<int> seating;
};
std::vector<ScheduledMatch> TournamentSchedule(const std::vector<Game>& games, int num_players,
                                               const TournamentOptions& options);

// Plays the schedule. Returns false with `error` only if a player spec is unusable or the
// output directory cannot be made (then no match is played).
bool RunTournament(const std::vector<Game>& games, const std::vector<std::string>& players,
                   const TournamentOptions& options, const TournamentProgress& progress,
                   TournamentResult* result, std::string* error);

}  // namespace ggp::agent::runner
