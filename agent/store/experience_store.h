#pragma once
// The experience store: the agent's memory across matches, an SQLite file. It keeps JSON
// documents per game (a hash of the normalised rules), role and kind: "board-model" (the
// learned board machine of reasoner/board, board_game_io.h) now, opponent-model data later.
//
// Schema (version 1; PRAGMA application_id = 0x47475041 "GGPA", PRAGMA user_version = 1):
//   meta(key TEXT PRIMARY KEY, value TEXT)        application = "ggp-agent experience store",
//                                                 schema_version = "1"
//   documents(game_key TEXT, role TEXT, kind TEXT, version INTEGER, body TEXT,
//             game_name TEXT, updated_at INTEGER (unix seconds), uses INTEGER,
//             PRIMARY KEY (game_key, role, kind))
//
// Failure policy: the store is an optimisation, never a reason to lose a match. Open()
// returns null with the reason for a file that is not a database (corrupt), a database of
// another application (foreign), a newer schema, a store locked by another process (given
// up after a short busy timeout) or a path that cannot be created; Get/Put report failures
// as nullopt/false with a log line and never throw.
//
// Thread safety: one store may be used by any number of threads (calls are serialised by
// an internal mutex). Blocking: each call is one short SQLite transaction (WAL journal).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"

struct sqlite3;

namespace ggp::agent::store {

inline constexpr int kSchemaVersion = 1;
inline constexpr int32_t kApplicationId = 0x47475041;  // "GGPA"

struct Document {
  std::string game_key;
  std::string role;
  std::string kind;
  int version = 1;
  std::string body;  // JSON text
  std::string game_name;
  int64_t updated_at = 0;  // set by Put
  int64_t uses = 0;        // Puts of this document so far, set by Put
};

// The key of a game: 32 hex digits hashing the rules' canonical prints, sorted. Invariant
// under the order of rules, whitespace, comments and keyword case; any other change to a
// rule changes it.
std::string GameKey(const gdl::Description& rules);

class ExperienceStore {
 public:
  // Opens or creates the store at `path` (creating parent directories); null with `why`.
  static std::unique_ptr<ExperienceStore> Open(const std::string& path, std::string* why);
  ~ExperienceStore();
  ExperienceStore(const ExperienceStore&) = delete;
  ExperienceStore& operator=(const ExperienceStore&) = delete;

  std::optional<Document> Get(const std::string& game_key, const std::string& role,
                              const std::string& kind);
  // Inserts or replaces (game_key, role, kind); updated_at = now, uses + 1.
  bool Put(const Document& doc);
  // Every document (bodies included), oldest first.
  std::vector<Document> List();
  const std::string& path() const { return path_; }

 private:
  ExperienceStore(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  std::mutex mu_;
  sqlite3* db_;
  std::string path_;
};

}  // namespace ggp::agent::store
