#include "agent/runner/standings.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

namespace ggp::agent::runner {

std::vector<std::vector<int>> Seatings(int num_roles, int num_players) {
  std::vector<std::vector<int>> out;
  if (num_roles <= 0 || num_players <= 0) return out;
  const bool distinct = num_players >= num_roles;
  std::vector<int> seats;
  std::function<void()> extend = [&] {
    if (static_cast<int>(seats.size()) == num_roles) {
      for (int p = 0; p < num_players && !distinct; ++p) {
        if (std::find(seats.begin(), seats.end(), p) == seats.end()) return;
      }
      out.push_back(seats);
      return;
    }
    for (int p = 0; p < num_players; ++p) {
      if (distinct && std::find(seats.begin(), seats.end(), p) != seats.end()) continue;
      seats.push_back(p);
      extend();
      seats.pop_back();
    }
  };
  extend();
  return out;
}

std::vector<std::vector<int>> GauntletSeatings(int num_roles, int num_players) {
  std::vector<std::vector<int>> out;
  for (auto& seating : Seatings(num_roles, num_players)) {
    if (std::count(seating.begin(), seating.end(), 0) == 1) out.push_back(std::move(seating));
  }
  return out;
}

double PlayerStanding::stddev() const {
  if (matches < 2) return -1;
  // n * sum(x^2) - (sum x)^2 is exact in integers (goals are at most 100).
  const long long n = matches;
  const double spread = static_cast<double>(n * total_squares - total * total);
  return std::sqrt(std::max(0.0, spread) / static_cast<double>(n * (n - 1)));
}

double PlayerStanding::ci95() const {
  if (matches < 2) return -1;
  return 1.96 * stddev() / std::sqrt(static_cast<double>(matches));
}

Standings::Standings(std::vector<std::string> players) {
  for (std::string& p : players) {
    PlayerStanding row;
    row.player = std::move(p);
    rows_.push_back(std::move(row));
  }
}

void Standings::Add(const std::vector<int>& seating, const MatchRecord& record,
                    const std::vector<ReplyStats>& replies) {
  for (size_t r = 0; r < seating.size(); ++r) {
    PlayerStanding& row = rows_.at(static_cast<size_t>(seating[r]));
    if (r < replies.size()) row.replies.Merge(replies[r]);
    for (const auto& entry : record.errors) {
      if (r >= entry.size()) continue;
      const std::string& e = entry[r];
      if (e == "TO") ++row.timeouts;
      if (e == "CE") ++row.connection_errors;
      if (e.rfind("IL", 0) == 0) ++row.illegal;
    }
    if (!record.is_completed || record.goal_values.size() != seating.size()) {
      ++row.aborted;
      continue;
    }
    const int goal = record.goal_values[r];
    ++row.matches;
    row.total += goal;
    row.total_squares += static_cast<long long>(goal) * goal;
    if (seating.size() == 1) {
      ++(goal == 100 ? row.wins : row.losses);
      continue;
    }
    int best_other = -1;
    for (size_t o = 0; o < seating.size(); ++o) {
      if (o != r) best_other = std::max(best_other, record.goal_values[o]);
    }
    if (goal > best_other) {
      ++row.wins;
    } else if (goal == best_other) {
      ++row.draws;
    } else {
      ++row.losses;
    }
  }
}

std::vector<PlayerStanding> Standings::Ranked() const {
  std::vector<PlayerStanding> out = rows_;
  std::stable_sort(out.begin(), out.end(), [](const PlayerStanding& a, const PlayerStanding& b) {
    if (a.average() != b.average()) return a.average() > b.average();
    if (a.total != b.total) return a.total > b.total;
    return a.player < b.player;
  });
  return out;
}

std::string Standings::Table() const {
  size_t width = 6;
  for (const auto& r : rows_) width = std::max(width, r.player.size());
  std::string out = fmt::format(
      "{:<4}{:<{}}  {:>7} {:>7} {:>7} {:>6}  {:>4} {:>4} {:>4}  {:>4} {:>4} {:>4}  {:>7} {:>4} {:>7}\n",
      "#", "player", width, "matches", "total", "average", "+-95%", "win", "draw", "loss", "TO",
      "CE", "IL", "replies", "late", "slowest");
  int rank = 0;
  for (const auto& r : Ranked()) {
    const std::string ci = r.ci95() < 0 ? "-" : fmt::format("{:.1f}", r.ci95());
    out += fmt::format(
        "{:<4}{:<{}}  {:>7} {:>7} {:>7.1f} {:>6}  {:>4} {:>4} {:>4}  {:>4} {:>4} {:>4}  {:>7} {:>4} {:>7.2f}\n",
        ++rank, r.player, width, r.matches, r.total, r.average(), ci, r.wins, r.draws, r.losses,
        r.timeouts, r.connection_errors, r.illegal, r.replies.replies, r.replies.late,
        r.replies.slowest);
  }
  return out;
}

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string Standings::Csv() const {
  std::string out =
      "player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL,replies,late,"
      "slowest\n";
  for (const auto& r : Ranked()) {
    const std::string name = CsvField(r.player);
    const std::string sd = r.stddev() < 0 ? "" : fmt::format("{:.2f}", r.stddev());
    const std::string ci = r.ci95() < 0 ? "" : fmt::format("{:.2f}", r.ci95());
    out += fmt::format("{},{},{},{:.2f},{},{},{},{},{},{},{},{},{},{},{},{:.3f}\n", name,
                       r.matches, r.total, r.average(), sd, ci, r.wins, r.draws, r.losses,
                       r.aborted, r.timeouts, r.connection_errors, r.illegal, r.replies.replies,
                       r.replies.late, r.replies.slowest);
  }
  return out;
}

nlohmann::json Standings::Json() const {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& r : Ranked()) {
    nlohmann::json row = {{"player", r.player}, {"matches", r.matches}, {"total", r.total},
                          {"average", r.average()},
                          {"sd", r.stddev() < 0 ? nlohmann::json() : nlohmann::json(r.stddev())},
                          {"ci95", r.ci95() < 0 ? nlohmann::json() : nlohmann::json(r.ci95())},
                          {"wins", r.wins}, {"draws", r.draws},
                          {"losses", r.losses}, {"aborted", r.aborted}, {"TO", r.timeouts},
                          {"CE", r.connection_errors}, {"IL", r.illegal}};
    row.update(r.replies.Json());
    players.push_back(std::move(row));
  }
  return {{"players", players}};
}

}  // namespace ggp::agent::runner
