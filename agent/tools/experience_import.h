#pragma once
// Imports the match records of earlier matches (ggp-base's Match.toJSON, as its servers
// and `ggp-agent match` / `tournament` write them) into the experience store as opponent-
// model experience (agent/search/model_experience.h), so that the next match of the game
// starts with models of how those players moved.
//
// The GGP start message names no opponent; match records do (playerNamesFromHost). So for
// every role of every record the moves go to two documents of the store under the game's
// key (store::GameKey of the rules, as agent/session files them):
//   (key, role, "opponent-model")        every opponent met in that role, pooled;
//   (key, role, "opponent-model:NAME")   the player NAME in that role, when the record
//                                        names it (store::OpponentModelKind).
// `serve --opponent NAME` makes the player read the named documents first.
//
// A record is read from its "moves" (one move text per role per ply, any KIF spacing),
// "playerNamesFromHost" (optional) and "startTime" (optional; records are imported oldest
// first). Its moves must replay as legal moves on `machine` from the initial state, or the
// record is skipped with the reason: another game, scrambled symbols, a damaged file.
// Moves are stored in the project's print ("(mark 1 1)"), as MatchSession stores them.
//
// Blocking (a replay per record, then one store write per document); single thread. Thread
// safe for distinct arguments (the machine is only read, the store serialises its calls).

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "agent/search/model_experience.h"
#include "agent/store/store.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::tools {

struct RecordMoves {
  search::MatchMoves moves;        // plies in the project's print; source "import"
  std::vector<std::string> names;  // one per role, or empty when the record names none
  int64_t start_time_ms = 0;
};

// Reads a match record's moves and player names; false (with `*why`) when "moves" is
// missing or is not a list of lists of move texts that parse as KIF terms, or names are
// there but not one string per role of the plies.
bool ReadRecordMoves(const nlohmann::json& record, RecordMoves* out, std::string* why);

struct ImportOptions {
  std::string game_key;                 // store::GameKey of the game's rules
  std::string game_name;                // for people (store list)
  std::vector<std::string> skip_names;  // players whose moves are not kept (our own names)
};

struct ImportReport {
  int records = 0;                   // records given
  int imported = 0;                  // records whose moves replayed and were kept
  std::vector<std::string> skipped;  // "<source>: <reason>", one per record not imported
  std::vector<std::string> written;  // "<role> <kind> (<n> matches)", one per document
  bool store_ok = true;              // false: a write failed (the store logged why)
};

// Replays each record (name, JSON) on `machine`, then appends the ones that replay to the
// store's documents as described above.
ImportReport ImportRecords(const reasoner::StateMachine& machine,
                           const std::vector<std::pair<std::string, nlohmann::json>>& records,
                           const ImportOptions& options, store::ExperienceStore* store);

}  // namespace ggp::agent::tools
