#pragma once
// The player service: implements protocol::PlayerHandler over many concurrent matches
// keyed by exact match id (protocol spec §2, §6).
//
// Replies:
//   info     ((name N) (status available)), status busy once max_matches are live
//   ping, preview   ready
//   start    ready, by the start deadline at the latest (preparation goes on in the
//            background); a START for a live id answers ready and changes nothing;
//            broken rules or an unknown role still answer ready (logged), and every later
//            PLAY of that match still gets a move guessed from the rules. At capacity
//            (options.max_matches live, after expiring the stalest match whose silence
//            exceeds MatchSession::stale_after, or as many still winding down): busy,
//            logged, and nothing of the match is built
//   play     our move by received + playclock - margin; unknown or ended id: busy
//   stop     done at once (final state, goals and the stop event are handled in the
//            background); unknown or ended id: done
//   abort    aborted at once (a machine build in progress is cancelled); unknown or
//            ended id: aborted
// Every request for an id that is not live is logged (warn), naming whether the id ended
// recently (stopped, aborted, expired) or was never seen.
// Matches silent for max(startclock, 10 x playclock) + expiry_slack are expired.
// GDL-II PLAY/STOP (turn, last move, percepts) are answered with a legal move as far as we
// can tell: the joint move is rebuilt from (did ROLE MOVE) percepts when they name every
// role, else the other roles are assumed to have played their first legal move. Belief
// states are not tracked (limitation).
//
// Threads: Handle is called on HTTP threads and returns at once: it only looks the match
// up under a short lock and queues work on the match's worker thread (match_session.h).
// One Watchdog thread sends replies whose deadline fires before the worker is done, and
// expires and reaps matches once per tick. Shutdown() (or the destructor) ends every
// match and joins all threads; call it after the HTTP server has stopped.

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "agent/session/match_session.h"
#include "agent/session/session_options.h"
#include "agent/session/watchdog.h"
#include "protocol/player_handler.h"

namespace ggp::agent {

class MatchManager final : public protocol::PlayerHandler {
 public:
  explicit MatchManager(SessionOptions options);
  ~MatchManager() override;
  MatchManager(const MatchManager&) = delete;
  MatchManager& operator=(const MatchManager&) = delete;

  void Handle(protocol::Request request, protocol::SteadyClock::time_point received,
              protocol::Responder respond) override;

  // Number of live matches (started, not yet stopped, aborted or expired).
  int live_matches() const;
  // True if a match with this exact id is live.
  bool IsLive(const std::string& match_id) const;

  // Ends every live match (logged as abort "shutdown") and joins all threads. Blocks until
  // the workers are done (a search ends by its deadline, a machine build within its
  // budget). Idempotent.
  void Shutdown();

 private:
  void HandleStart(protocol::StartRequest request, protocol::SteadyClock::time_point received,
                   protocol::Responder respond);
  void HandlePlay(protocol::PlayRequest request, protocol::SteadyClock::time_point received,
                  protocol::Responder respond);
  void HandleEnd(const std::string& match_id, EndKind kind, protocol::PlayRequest last_moves,
                 protocol::Responder respond);
  // Watchdog tick: expire silent matches, join and free finished ones.
  void Tick();
  // At capacity: ends the live match silent the longest beyond its stale_after(), if any.
  void ExpireStalest(protocol::SteadyClock::time_point now);
  // The last few ended ids, for log lines about late requests (bounded).
  void EndedRecently(const std::string& match_id, const char* how);
  std::string DescribeUnknown(const std::string& match_id) const;

  SessionOptions options_;
  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<MatchSession>> live_;
  std::vector<std::unique_ptr<MatchSession>> ending_;  // ended, worker maybe still running
  std::deque<std::pair<std::string, const char*>> recently_ended_;  // id, how; oldest first
  bool shut_down_ = false;
  std::unique_ptr<Watchdog> watchdog_;  // last: its thread calls Tick()
};

}  // namespace ggp::agent
