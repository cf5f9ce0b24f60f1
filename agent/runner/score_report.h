#pragma once
// A tournament's scores game by game: the standings of each game (standings.h) rendered as
// a table, a CSV, a text bar chart and a gnuplot script that draws the same bars as SVG.
// The text forms need nothing installed; the picture needs gnuplot, which the caller runs
// only when it is on the PATH (the CLI), so a machine without it still gets every number.
//
// Layout of every form: games in the order given, players in the standings' order (the
// order of --players), a player shown for a game only if it completed a match of it.
// Averages are mean goals (0-100); "+-95%" is the half-width of the 95% confidence
// interval (PlayerStanding::ci95), "-" (CSV: empty; gnuplot: 0) below two matches.
//
// Pure functions of their arguments; thread-compatible.

#include <string>
#include <vector>

#include "agent/runner/standings.h"

namespace ggp::agent::runner {

struct GameScores {
  std::string game;      // the game's key
  Standings standings;   // only this game's matches
};

// "game  player  matches  average  +-95%  win draw loss", a line per (game, player).
std::string PerGameTable(const std::vector<GameScores>& games);

// game,player,matches,total,average,sd,ci95,wins,draws,losses,aborted,TO,CE,IL
std::string PerGameCsv(const std::vector<GameScores>& games);

// A bar per (game, player): `width` characters for the 0..100 scale, '#' up to the
// average (rounded to the nearest character), then the average and its interval.
std::string ScoreBars(const std::vector<GameScores>& games, int width = 40);

// gnuplot data: a header comment naming the players, then a line per game:
// "game avg0 ci0 avg1 ci1 ..." (a player without matches of that game: "NaN 0").
// Spaces in game keys become '_' (gnuplot splits on whitespace).
std::string GnuplotData(const std::vector<GameScores>& games);

// A gnuplot script drawing clustered bars with error bars from `data_path` (GnuplotData)
// into the SVG `svg_path`: one cluster per game, one bar per player, y from 0 to 100.
std::string GnuplotScript(const std::vector<std::string>& players, const std::string& data_path,
                          const std::string& svg_path);

}  // namespace ggp::agent::runner
