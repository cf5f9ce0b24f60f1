#include "agent/runner/match_record.h"

#include <cstdio>
#include <fstream>
#include <random>

namespace ggp::agent::runner {

nlohmann::json ToJson(const MatchRecord& r) {
  nlohmann::json j = nlohmann::json::object();
  j["matchId"] = r.match_id;
  j["randomToken"] = r.random_token;
  j["startTime"] = r.start_time_ms;
  if (r.game_meta_url.has_value()) j["gameMetaURL"] = *r.game_meta_url;
  j["isCompleted"] = r.is_completed;
  j["isAborted"] = r.is_aborted;
  j["states"] = r.states;
  j["moves"] = r.moves;
  j["stateTimes"] = r.state_times_ms;
  if (!r.errors.empty()) j["errors"] = r.errors;
  if (r.is_completed && !r.goal_values.empty()) j["goalValues"] = r.goal_values;
  j["previewClock"] = r.preview_clock;
  j["startClock"] = r.start_clock;
  j["playClock"] = r.play_clock;
  if (r.player_names.has_value()) j["playerNamesFromHost"] = *r.player_names;
  if (r.tournament_name.has_value()) j["tournamentNameFromHost"] = *r.tournament_name;
  j["scrambled"] = r.scrambled;
  return j;
}

MatchRecord FromJson(const nlohmann::json& j) {
  MatchRecord r;
  r.match_id = j.at("matchId").get<std::string>();
  r.random_token = j.at("randomToken").get<std::string>();
  r.start_time_ms = j.at("startTime").get<int64_t>();
  if (j.contains("gameMetaURL")) r.game_meta_url = j.at("gameMetaURL").get<std::string>();
  r.is_completed = j.at("isCompleted").get<bool>();
  r.is_aborted = j.at("isAborted").get<bool>();
  r.states = j.at("states").get<std::vector<std::string>>();
  r.moves = j.at("moves").get<std::vector<std::vector<std::string>>>();
  r.state_times_ms = j.at("stateTimes").get<std::vector<int64_t>>();
  if (j.contains("errors")) r.errors = j.at("errors").get<std::vector<std::vector<std::string>>>();
  if (j.contains("goalValues")) r.goal_values = j.at("goalValues").get<std::vector<int>>();
  r.preview_clock = j.at("previewClock").get<int>();
  r.start_clock = j.at("startClock").get<int>();
  r.play_clock = j.at("playClock").get<int>();
  if (j.contains("playerNamesFromHost")) {
    r.player_names = j.at("playerNamesFromHost").get<std::vector<std::string>>();
  }
  if (j.contains("tournamentNameFromHost")) {
    r.tournament_name = j.at("tournamentNameFromHost").get<std::string>();
  }
  r.scrambled = j.at("scrambled").get<bool>();
  return r;
}

std::string CheckInvariants(const MatchRecord& r, int num_roles) {
  const size_t roles = static_cast<size_t>(num_roles);
  if (r.states.size() != r.moves.size() + 1) return "len(states) != len(moves)+1";
  if (r.state_times_ms.size() != r.states.size()) return "len(stateTimes) != len(states)";
  if (r.errors.size() != r.moves.size() + 1) return "len(errors) != len(moves)+1";
  for (const auto& m : r.moves) {
    if (m.size() != roles) return "a moves entry does not have one move per role";
  }
  for (const auto& e : r.errors) {
    if (e.size() != roles) return "an errors entry does not have one entry per role";
  }
  if (r.is_completed && r.goal_values.size() != roles) return "goalValues is not one per role";
  if (!r.is_completed && !r.goal_values.empty()) return "goalValues before completion";
  if (r.is_completed && r.is_aborted) return "both completed and aborted";
  if (r.player_names.has_value() && r.player_names->size() != roles) {
    return "playerNamesFromHost is not one per role";
  }
  for (size_t i = 1; i < r.state_times_ms.size(); ++i) {
    if (r.state_times_ms[i] < r.state_times_ms[i - 1]) return "stateTimes decrease";
  }
  return "";
}

bool WriteMatchJson(const MatchRecord& record, const std::string& path, std::string* error) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) {
      if (error) *error = "cannot write " + tmp;
      return false;
    }
    out << ToJson(record).dump() << '\n';
    out.flush();
    if (!out) {
      if (error) *error = "write failed: " + tmp;
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error) *error = "cannot rename " + tmp + " to " + path;
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

bool AppendScoreLine(const std::vector<std::string>& names, const std::vector<int>& goals,
                     const std::string& path) {
  std::string line;
  for (size_t i = 0; i < names.size(); ++i) line += (i ? "," : "") + names[i];
  line += "=";
  for (size_t i = 0; i < goals.size(); ++i) line += (i ? "," : "") + std::to_string(goals[i]);
  std::ofstream out(path, std::ios::app);
  out << line << '\n';
  return static_cast<bool>(out);
}

std::string RandomToken(unsigned long long seed) {
  static constexpr char kChars[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<size_t> pick(0, sizeof(kChars) - 2);
  std::string token;
  for (int i = 0; i < 32; ++i) token.push_back(kChars[pick(rng)]);
  return token;
}

}  // namespace ggp::agent::runner
