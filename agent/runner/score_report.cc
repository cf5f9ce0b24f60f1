#include "agent/runner/score_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace ggp::agent::runner {
namespace {

// gnuplot strings are single-quoted; a quote inside one is doubled.
std::string GnuplotQuoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string Interval(const PlayerStanding& r) {
  return r.ci95() < 0 ? "-" : fmt::format("{:.1f}", r.ci95());
}

}  // namespace

std::string PerGameTable(const std::vector<GameScores>& games) {
  size_t game_width = 4;
  size_t player_width = 6;
  for (const GameScores& g : games) {
    game_width = std::max(game_width, g.game.size());
    for (const PlayerStanding& r : g.standings.rows()) {
      player_width = std::max(player_width, r.player.size());
    }
  }
  std::string out = fmt::format("{:<{}}  {:<{}}  {:>7} {:>7} {:>6}  {:>4} {:>4} {:>4}\n", "game",
                                game_width, "player", player_width, "matches", "average", "+-95%",
                                "win", "draw", "loss");
  for (const GameScores& g : games) {
    for (const PlayerStanding& r : g.standings.rows()) {
      if (r.matches == 0) continue;
      out += fmt::format("{:<{}}  {:<{}}  {:>7} {:>7.1f} {:>6}  {:>4} {:>4} {:>4}\n", g.game,
                         game_width, r.player, player_width, r.matches, r.average(), Interval(r),
                         r.wins, r.draws, r.losses);
    }
  }
  return out;
}

std::string PerGameCsv(const std::vector<GameScores>& games) {
  std::string out =
      "game,player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL\n";
  for (const GameScores& g : games) {
    for (const PlayerStanding& r : g.standings.rows()) {
      if (r.matches == 0 && r.aborted == 0) continue;
      const std::string sd = r.stddev() < 0 ? "" : fmt::format("{:.2f}", r.stddev());
      const std::string ci = r.ci95() < 0 ? "" : fmt::format("{:.2f}", r.ci95());
      out += fmt::format("{},{},{},{},{:.2f},{},{},{},{},{},{},{},{},{}\n", CsvField(g.game),
                         CsvField(r.player), r.matches, r.total, r.average(), sd, ci, r.wins,
                         r.draws, r.losses, r.aborted, r.timeouts, r.connection_errors,
                         r.illegal);
    }
  }
  return out;
}

std::string ScoreBars(const std::vector<GameScores>& games, int width) {
  width = std::max(width, 1);
  size_t label_width = 4;
  for (const GameScores& g : games) {
    for (const PlayerStanding& r : g.standings.rows()) {
      label_width = std::max(label_width, g.game.size() + 1 + r.player.size());
    }
  }
  std::string out;
  for (const GameScores& g : games) {
    for (const PlayerStanding& r : g.standings.rows()) {
      if (r.matches == 0) continue;
      const int filled = std::clamp(
          static_cast<int>(std::lround(r.average() * width / 100.0)), 0, width);
      out += fmt::format("{:<{}} |{}{}| {:5.1f} +-{}\n", g.game + " " + r.player, label_width,
                         std::string(static_cast<size_t>(filled), '#'),
                         std::string(static_cast<size_t>(width - filled), ' '), r.average(),
                         Interval(r));
    }
  }
  return out;
}

std::string GnuplotData(const std::vector<GameScores>& games) {
  std::string out = "# game";
  if (!games.empty()) {
    for (const PlayerStanding& r : games.front().standings.rows()) {
      out += " | " + r.player + " (average, +-95%)";
    }
  }
  out += "\n";
  for (const GameScores& g : games) {
    std::string key = g.game;
    std::replace_if(key.begin(), key.end(), [](char c) { return c == ' ' || c == '\t'; }, '_');
    out += key.empty() ? "?" : key;
    for (const PlayerStanding& r : g.standings.rows()) {
      if (r.matches == 0) {
        out += " NaN 0";
      } else {
        out += fmt::format(" {:.2f} {:.2f}", r.average(), std::max(0.0, r.ci95()));
      }
    }
    out += "\n";
  }
  return out;
}

std::string GnuplotScript(const std::vector<std::string>& players, const std::string& data_path,
                          const std::string& svg_path) {
  std::string out = fmt::format(
      "set terminal svg size 960,540 dynamic\n"
      "set output {}\n"
      "set title 'Average score per game (bars: 95% confidence interval)'\n"
      "set ylabel 'average goal'\n"
      "set yrange [0:105]\n"
      "set style data histograms\n"
      "set style histogram errorbars gap 1 lw 1\n"
      "set style fill solid 0.6 border -1\n"
      "set xtics rotate by -30\n"
      "set key outside right top\n"
      "plot ",
      GnuplotQuoted(svg_path));
  for (size_t p = 0; p < players.size(); ++p) {
    const size_t column = 2 + 2 * p;
    out += fmt::format("{}{} using {}:{}{} title {}", p == 0 ? "" : ", ",
                       p == 0 ? GnuplotQuoted(data_path) : std::string("''"), column, column + 1,
                       p == 0 ? ":xtic(1)" : "", GnuplotQuoted(players[p]));
  }
  return out + "\n";
}

}  // namespace ggp::agent::runner
