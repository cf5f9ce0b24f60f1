#pragma once
// Tournament bookkeeping: who sits where (Seatings) and the standings table.
//
// Seatings for a game with n roles among P players (indices 0..P-1):
//  - P >= n: every ordered choice of n distinct players, i.e. every pairing (or n-tuple)
//    of players in every role assignment: P!/(P-n)! seatings (3 players, 2 roles: 6).
//  - P < n: players repeat: every n-tuple over the P players in which each player sits at
//    least once (2 players, 3 roles: 6). A repeated builtin is independent per seat; a
//    repeated HTTP player receives two STARTs with the same match id, which most players
//    (ggp-agent included) cannot serve, so give HTTP players one seat each.
// Order is lexicographic in seat indices, so runs are reproducible.
// GauntletSeatings keeps those in which player 0 sits exactly once: one player against
// all the others (e.g. a served player against builtins), in every role.
//
// Standings count seats: a player sitting twice in one match has two results. Per seat:
// win if its goal is above every other seat's goal, draw if it ties the best of the
// others, loss otherwise; in single-role games goal 100 is a win, anything else a loss.
// The mean score (average) comes with a 95% confidence interval by the normal
// approximation: average +- 1.96 sd / sqrt(matches), sd the sample standard deviation of
// the seat's goals (n - 1 in the denominator); undefined below two matches.
// Errors count the seat's TO, CE and IL entries over START and every PLAY. Aborted
// matches count only their errors (they have no goals). Reply statistics (reply_stats.h)
// are merged per player over every seat it had.
//
// Thread safety: plain values, not synchronised.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/runner/match_record.h"
#include "agent/runner/reply_stats.h"

namespace ggp::agent::runner {

std::vector<std::vector<int>> Seatings(int num_roles, int num_players);
std::vector<std::vector<int>> GauntletSeatings(int num_roles, int num_players);

struct PlayerStanding {
  std::string player;
  int matches = 0;      // completed matches (seats)
  long long total = 0;  // sum of goals
  long long total_squares = 0;  // sum of squared goals
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int aborted = 0;      // seats in aborted matches
  int timeouts = 0;     // TO
  int connection_errors = 0;  // CE
  int illegal = 0;      // IL
  ReplyStats replies;   // START and PLAY latencies
  double average() const { return matches > 0 ? static_cast<double>(total) / matches : 0.0; }
  // Sample standard deviation of the goals; negative (undefined) below two matches.
  double stddev() const;
  // Half-width of the 95% confidence interval on average(), 1.96 stddev / sqrt(matches);
  // negative (undefined) below two matches.
  double ci95() const;
};

// A CSV field: as is, or quoted (inner quotes doubled) when it holds a comma or a quote.
std::string CsvField(const std::string& text);

class Standings {
 public:
  explicit Standings(std::vector<std::string> players = {});

  // Adds one match: seating[r] is the player index in role r; replies[r], when given,
  // are role r's reply statistics (MatchResult::replies).
  void Add(const std::vector<int>& seating, const MatchRecord& record,
           const std::vector<ReplyStats>& replies = {});

  // Rows ordered by average score, then total, then name.
  std::vector<PlayerStanding> Ranked() const;
  const std::vector<PlayerStanding>& rows() const { return rows_; }

  // A fixed-width text table with a header line; "+-95%" is ci95() ("-" if undefined),
  // "slowest" is ReplyStats::slowest.
  std::string Table() const;
  // CSV with a header (sd and ci95 empty when undefined):
  // player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL,replies,late,slowest
  std::string Csv() const;
  // {"players":[{"player":...,"matches":...,"average":...,"sd":...,"ci95":...,...,
  // "replies":...,"slowest_at":...}]}, ranked; sd and ci95 null when undefined.
  nlohmann::json Json() const;

 private:
  std::vector<PlayerStanding> rows_;
};

}  // namespace ggp::agent::runner
