#include "agent/runner/tournament.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace ggp::agent::runner {
namespace {

// A match id not used before in this run (ids carry epoch milliseconds).
std::string FreshMatchId(const std::string& prefix, const std::string& key,
                         std::string* previous) {
  std::string id = MakeMatchId(prefix, key);
  while (id == *previous) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    id = MakeMatchId(prefix, key);
  }
  *previous = id;
  return id;
}

bool WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

bool RunTournament(const std::vector<Game>& games, const std::vector<std::string>& players,
                   const TournamentOptions& options, const TournamentProgress& progress,
                   TournamentResult* result, std::string* error) {
  *result = TournamentResult{Standings(players), 0, {}};
  for (const std::string& spec : players) {  // fail early on a bad spec
    if (!MakeLink(spec, options.link, error)) return false;
  }
  if (!options.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.out_dir, ec);
    if (ec) {
      *error = "cannot create " + options.out_dir + ": " + ec.message();
      return false;
    }
  }

  struct Planned {
    const Game* game;
    std::vector<int> seating;
  };
  std::vector<Planned> plan;
  for (const Game& game : games) {
    auto seatings = Seatings(game.num_roles(), static_cast<int>(players.size()));
    for (int round = 0; round < options.rounds; ++round) {
      for (const auto& s : seatings) plan.push_back({&game, s});
    }
  }

  std::string previous_id;
  for (size_t i = 0; i < plan.size(); ++i) {
    const Planned& p = plan[i];
    TournamentMatch info{static_cast<int>(i), static_cast<int>(plan.size()), p.game, {}};
    std::vector<std::unique_ptr<PlayerLink>> links;
    std::vector<PlayerLink*> seats;
    for (size_t r = 0; r < p.seating.size(); ++r) {
      const std::string& spec = players[static_cast<size_t>(p.seating[r])];
      info.players.push_back(spec);
      LinkOptions link = options.link;
      if (link.seed != 0) link.seed = link.seed * 1000003ull + i * 101ull + r + 1;
      links.push_back(MakeLink(spec, link, error));
      if (!links.back()) return false;
      seats.push_back(links.back().get());
    }
    MatchOptions match = options.match;
    match.match_id = FreshMatchId(options.name, p.game->key, &previous_id);
    match.tournament_name = options.name;
    if (match.seed != 0) match.seed = match.seed * 1000003ull + i + 1;
    if (!options.out_dir.empty()) match.json_path = options.out_dir + "/" + match.match_id + ".json";
    MatchResult m = RunMatch(*p.game, seats, match, [&](const MatchRecord& rec, std::string_view phase) {
      if (progress) progress(info, rec, phase);
    });
    if (!m.problem.empty()) result->problems.push_back(match.match_id + ": " + m.problem);
    result->standings.Add(p.seating, m.record);
    ++result->matches;
    if (!options.out_dir.empty() && m.record.is_completed) {
      AppendScoreLine(info.players, m.record.goal_values, options.out_dir + "/scores");
    }
  }

  if (!options.out_dir.empty()) {
    bool ok = WriteText(options.out_dir + "/standings.csv", result->standings.Csv());
    ok = WriteText(options.out_dir + "/standings.json", result->standings.Json().dump(2) + "\n") && ok;
    if (!ok) result->problems.push_back("cannot write the standings into " + options.out_dir);
  }
  return true;
}

}  // namespace ggp::agent::runner
