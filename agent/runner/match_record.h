#pragma once
// The record of one match in ggp-base's format (Match.toJSON, GGP protocol notes §4.1),
// kept by the match runner and rewritten to disk after every state.
//
// Invariants kept by the runner (and checked by CheckInvariants):
//   states.size() == state_times.size() == moves.size() + 1
//   errors.size() == moves.size() + 1 (entry 0 is the START phase), once START is done
//   every moves/errors entry has one string per role; goal_values only when completed.
// States and moves are KIF strings in ggp-base's spaced style (kif_style.h). Error strings
// are "", "TO", "CE", "IL <move>" or "IL null".
//
// Thread safety: plain data; the functions are pure except the file writers, which must
// not be called concurrently for the same path.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ggp::agent::runner {

struct MatchRecord {
  std::string match_id;
  std::string random_token;                 // 32 alphanumerics
  int64_t start_time_ms = 0;                // epoch ms
  std::optional<std::string> game_meta_url;  // absent for ad-hoc games
  bool is_completed = false;
  bool is_aborted = false;
  std::vector<std::string> states;
  std::vector<std::vector<std::string>> moves;
  std::vector<int64_t> state_times_ms;
  std::vector<std::vector<std::string>> errors;
  std::vector<int> goal_values;             // role order; only once completed
  int preview_clock = -1;
  int start_clock = 0;
  int play_clock = 0;
  std::optional<std::vector<std::string>> player_names;  // playerNamesFromHost
  std::optional<std::string> tournament_name;            // tournamentNameFromHost
  bool scrambled = false;
};

// The JSON object ggp-base writes. Optional keys are omitted as ggp-base omits them:
// gameMetaURL when unknown, errors when empty, goalValues until completed,
// playerNamesFromHost and tournamentNameFromHost when unset.
nlohmann::json ToJson(const MatchRecord& record);

// Reads a record back (for tests and tools). Throws nlohmann::json::exception when a
// required key is missing or has the wrong type.
MatchRecord FromJson(const nlohmann::json& json);

// An empty string when the invariants above hold, else what is wrong.
std::string CheckInvariants(const MatchRecord& record, int num_roles);

// Writes ToJson(record) to `path` atomically (a temporary file renamed over it), so a
// reader never sees half a file. Returns false (with a reason in `error`) on I/O failure.
bool WriteMatchJson(const MatchRecord& record, const std::string& path, std::string* error);

// Appends "nameA,nameB=0,100" and a newline to `path` (ggp-base's CLI runner writes the
// same line without the newline). Returns false on I/O failure.
bool AppendScoreLine(const std::vector<std::string>& names, const std::vector<int>& goals,
                     const std::string& path);

// 32 characters from [A-Za-z0-9], drawn from `seed`.
std::string RandomToken(unsigned long long seed);

}  // namespace ggp::agent::runner
