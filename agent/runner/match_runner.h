#pragma once
// Plays one match the way ggp-base's GameServer does (GGP protocol notes §5):
//
//  1. INFO to every seat (names for playerNamesFromHost), then the initial state is
//     recorded and START goes to all seats in parallel; the runner waits up to
//     STARTCLOCK + start grace and records "TO"/"CE" as errors[0] (replies are ignored).
//  2. Until the state is terminal: a fallback move per role is drawn first (ggp-base: a
//     uniformly random legal move; Dresden style: the first legal move), PLAY goes to all
//     seats in parallel (NIL first, then the previous joint move, role order), each reply
//     is awaited up to PLAYCLOCK + play grace and judged (move_judge.h); the joint move,
//     the next state, its time and the errors are appended and the JSON file rewritten.
//  3. At the terminal state: goals (a role without goal gets 0), isCompleted, the file is
//     written, then STOP with the last joint move (NIL if none) waited up to PLAYCLOCK.
//  With abort_after = N >= 0 the match is aborted after N moves instead: ABORT to all
//  (1 s wait), isAborted, no goals, file written.
//  Every START and PLAY reply's latency is counted per seat (reply_stats.h) against the
//  clock of its message; STOP and ABORT are not.
//
// Blocking: RunMatch blocks until the match is over; it starts one thread per seat for
// each round of messages and joins them before going on. The links must not be used by
// anyone else meanwhile. `progress` is called on the calling thread after START ("start"),
// before each PLAY round ("play"), after every move ("move") and at the end ("end").

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/runner/game.h"
#include "agent/runner/match_record.h"
#include "agent/runner/player_link.h"
#include "agent/runner/reply_stats.h"
#include "agent/runner/server_messages.h"

namespace ggp::agent::runner {

struct MatchOptions {
  std::string match_id;            // empty: "<id_prefix>.<game key>.<epoch ms>"
  std::string id_prefix = "Local";
  int start_clock = 10;            // seconds
  int play_clock = 5;              // seconds
  // kDresden: packed messages and Dresden headers, first-legal fallback, case-insensitive
  // legality (load the game upper-cased to imitate Dresden fully).
  ServerStyle style = ServerStyle::kGgpBase;
  std::optional<Millis> start_grace;  // default 0 (ggp-base) or 1 s (Dresden)
  Millis play_grace{1000};
  int abort_after = -1;            // >= 0: abort after this many moves
  unsigned long long seed = 0;     // fallback moves and random token; 0: random
  std::string json_path;           // where to (re)write the match JSON; "" = nowhere
  std::optional<std::string> tournament_name;
};

struct MatchResult {
  MatchRecord record;
  std::vector<std::string> names;  // player names, role order (also in the record)
  std::vector<ReplyStats> replies;  // role order: START and PLAY latencies
  std::string problem;             // non-empty when something went wrong besides the
                                   // players (a file write failed, a role had no legal move)
};

using MatchProgress = std::function<void(const MatchRecord& record, std::string_view phase)>;

// `seats[r]` plays role r. Requires seats.size() == game.num_roles() (else returns at once
// with a problem).
MatchResult RunMatch(const Game& game, const std::vector<PlayerLink*>& seats,
                     const MatchOptions& options, const MatchProgress& progress = {});

// "<prefix>.<key>.<epoch ms>".
std::string MakeMatchId(const std::string& prefix, const std::string& key);

// Milliseconds since the epoch (system clock).
int64_t EpochMillis();

}  // namespace ggp::agent::runner
