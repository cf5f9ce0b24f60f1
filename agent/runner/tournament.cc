#include "agent/runner/tournament.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>

namespace ggp::agent::runner {
namespace {

bool WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

// The state the workers share; every member is guarded by mu_ (the progress callback too,
// so its calls never overlap).
class SharedRun {
 public:
  SharedRun(const TournamentProgress& progress, TournamentResult* result)
      : progress_(progress), result_(result) {}

  // The next schedule index to play, or false when none is left.
  bool Next(size_t total, size_t* index) {
    std::lock_guard<std::mutex> lock(mu_);
    if (next_ >= total) return false;
    *index = next_++;
    return true;
  }

  // A match id not used before in this run (ids carry epoch milliseconds).
  std::string FreshMatchId(const std::string& prefix, const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    std::string id = MakeMatchId(prefix, key);
    while (!used_ids_.insert(id).second) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      id = MakeMatchId(prefix, key);
    }
    return id;
  }

  void Progress(const TournamentMatch& info, const MatchRecord& record, std::string_view phase) {
    if (!progress_) return;
    std::lock_guard<std::mutex> lock(mu_);
    progress_(info, record, phase);
  }

  void Problem(std::string problem) {
    std::lock_guard<std::mutex> lock(mu_);
    result_->problems.push_back(std::move(problem));
  }

  void Skipped() {
    std::lock_guard<std::mutex> lock(mu_);
    ++result_->skipped;
  }

  void Finished(size_t game, const std::vector<int>& seating, const MatchResult& m,
                const std::vector<std::string>& specs, const std::string& out_dir) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!m.problem.empty()) result_->problems.push_back(m.record.match_id + ": " + m.problem);
    result_->standings.Add(seating, m.record, m.replies);
    result_->per_game.at(game).standings.Add(seating, m.record, m.replies);
    ++result_->matches;
    if (!out_dir.empty() && m.record.is_completed &&
        !AppendScoreLine(specs, m.record.goal_values, out_dir + "/scores")) {
      result_->problems.push_back("cannot append to " + out_dir + "/scores");
    }
  }

 private:
  std::mutex mu_;
  const TournamentProgress& progress_;
  TournamentResult* result_;
  size_t next_ = 0;
  std::set<std::string> used_ids_;
};

// Plays schedule entry `i` with fresh links.
void PlayOne(const std::vector<Game>& games, const std::vector<std::string>& players,
             const TournamentOptions& options, const std::vector<ScheduledMatch>& plan, size_t i,
             SharedRun* shared) {
  const ScheduledMatch& p = plan[i];
  const Game& game = games[p.game];
  TournamentMatch info{static_cast<int>(i), static_cast<int>(plan.size()), &game, {}};
  std::vector<std::unique_ptr<PlayerLink>> links;
  std::vector<PlayerLink*> seats;
  for (size_t r = 0; r < p.seating.size(); ++r) {
    const std::string& spec = players[static_cast<size_t>(p.seating[r])];
    info.players.push_back(spec);
    LinkOptions link = options.link;
    if (link.seed != 0) link.seed = link.seed * 1000003ull + i * 101ull + r + 1;
    std::string error;
    links.push_back(MakeLink(spec, link, &error));
    if (!links.back()) {  // checked before the run; only a policy failing to build
      shared->Problem("match " + std::to_string(i + 1) + ": " + error);
      return;
    }
    seats.push_back(links.back().get());
  }
  if (options.ready_wait > Millis{0}) {
    for (size_t r = 0; r < seats.size(); ++r) {
      std::string detail;
      if (!seats[r]->WaitAvailable(options.ready_wait, &detail)) {
        info.unavailable.push_back(fmt::format("{} not available after {} ms ({})", info.players[r],
                                               options.ready_wait.count(), detail));
      }
    }
  }
  for (const std::string& u : info.unavailable) {
    shared->Problem(fmt::format("match {}: {}; {}", i + 1, u,
                                options.skip_unavailable ? "skipped" : "played anyway"));
  }
  if (options.skip_unavailable && !info.unavailable.empty()) {
    shared->Skipped();
    shared->Progress(info, MatchRecord{}, "skipped");
    return;
  }
  MatchOptions match = options.match;
  match.match_id = shared->FreshMatchId(options.name, game.key);
  match.tournament_name = options.name;
  if (match.seed != 0) match.seed = match.seed * 1000003ull + i + 1;
  if (!options.out_dir.empty()) match.json_path = options.out_dir + "/" + match.match_id + ".json";
  MatchResult m = RunMatch(game, seats, match, [&](const MatchRecord& rec, std::string_view phase) {
    shared->Progress(info, rec, phase);
  });
  shared->Finished(p.game, p.seating, m, info.players, options.out_dir);
}

}  // namespace

std::vector<ScheduledMatch> TournamentSchedule(const std::vector<Game>& games, int num_players,
                                               const TournamentOptions& options) {
  std::vector<ScheduledMatch> round;
  for (size_t g = 0; g < games.size(); ++g) {
    const int roles = games[g].num_roles();
    for (auto& s :
         options.gauntlet ? GauntletSeatings(roles, num_players) : Seatings(roles, num_players)) {
      round.push_back({g, std::move(s)});
    }
  }
  std::vector<ScheduledMatch> plan;
  if (round.empty()) return plan;
  const size_t total = options.matches > 0
                           ? static_cast<size_t>(options.matches)
                           : round.size() * static_cast<size_t>(std::max(0, options.rounds));
  while (plan.size() < total) plan.push_back(round[plan.size() % round.size()]);
  return plan;
}

bool RunTournament(const std::vector<Game>& games, const std::vector<std::string>& players,
                   const TournamentOptions& options, const TournamentProgress& progress,
                   TournamentResult* result, std::string* error) {
  *result = TournamentResult{Standings(players), {}, 0, 0, {}};
  for (const Game& game : games) result->per_game.push_back({game.key, Standings(players)});
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

  const std::vector<ScheduledMatch> plan =
      TournamentSchedule(games, static_cast<int>(players.size()), options);
  SharedRun shared(progress, result);
  auto work = [&] {
    size_t i = 0;
    while (shared.Next(plan.size(), &i)) PlayOne(games, players, options, plan, i, &shared);
  };
  const size_t workers = std::min(plan.size(), static_cast<size_t>(std::max(1, options.parallel)));
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::thread> threads;
    for (size_t w = 0; w < workers; ++w) threads.emplace_back(work);
    for (std::thread& t : threads) t.join();
  }

  if (!options.out_dir.empty()) {
    bool ok = WriteText(options.out_dir + "/standings.csv", result->standings.Csv());
    ok = WriteText(options.out_dir + "/standings.json", result->standings.Json().dump(2) + "\n") &&
         ok;
    ok = WriteText(options.out_dir + "/per_game.csv", PerGameCsv(result->per_game)) && ok;
    if (!ok) result->problems.push_back("cannot write the standings into " + options.out_dir);
  }
  return true;
}

}  // namespace ggp::agent::runner
