#pragma once
// The experience store: the agent's memory across matches, one SQLite file (by default
// <log dir>/experience.sqlite). It keeps JSON documents per game (GameKey, game_key.h),
// role and kind: "board-model" (the learned board machine of reasoner/board,
// board_game_io.h), "opponent-model" (the opponents' moves of earlier matches,
// agent/search/model_experience.h) and "opponent-model:NAME" (those of one named player).
// The reasoner only serialises; the agent reads and writes the store.
//
// Schema (version 1). The header carries PRAGMA application_id = 0x47475041 ("GGPA") and
// PRAGMA user_version = 1; the journal is WAL (readers and the one writer do not block
// each other; the file has -wal/-shm companions while open).
//   meta(key TEXT PRIMARY KEY NOT NULL, value NOT NULL)
//     ('application', 'ggp-agent experience store'), ('schema_version', 1)
//   documents(game_key TEXT NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL,
//             version INTEGER NOT NULL,   -- the kind's own format version
//             body TEXT NOT NULL,         -- JSON
//             game_name TEXT,             -- for people (the match id's game part)
//             updated_at INTEGER,         -- unix seconds of the last Put
//             uses INTEGER,               -- Puts so far
//             PRIMARY KEY (game_key, role, kind))
// A later schema bumps kSchemaVersion; a build refuses files of a newer version and
// migrates older ones.
//
// Failure policy: the store is an optimisation, never a reason to lose a match. Open()
// returns null with a reason (never throws, never crashes) for a file that is not a
// database or is malformed ("corrupt"), a database of another application ("another
// application"), a newer schema ("newer"), a store another connection keeps locked for
// longer than the busy timeout of 200 ms ("locked") and a path that cannot be created or
// written ("unwritable"). It creates a new store, and its parent directories, when the
// file does not exist. After opening, every failure (disk full, a lock held too long, a
// file damaged meanwhile) makes Get/Put/List/Forget return nullopt/false/empty with a
// warning logged through spdlog; nothing throws but std::bad_alloc.
//
// Blocking: each call is one short SQLite transaction on the calling thread; it waits at
// most 200 ms for another connection's lock, plus the disk.
//
// Thread safety: one ExperienceStore may be shared (e.g. through a shared_ptr) by any
// number of match threads. The connection is opened with SQLITE_OPEN_NOMUTEX and every
// call holds the store's own mutex, so calls are serialised. Several processes may open
// the same file (SQLite's file locks; WAL).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/store/game_key.h"

struct sqlite3;

namespace ggp::agent::store {

inline constexpr int kSchemaVersion = 1;
inline constexpr int32_t kApplicationId = 0x47475041;  // "GGPA"
inline constexpr std::string_view kApplicationName = "ggp-agent experience store";
inline constexpr std::string_view kDefaultFileName = "experience.sqlite";

// Document kinds.
inline constexpr std::string_view kBoardModel = "board-model";
inline constexpr std::string_view kOpponentModel = "opponent-model";

// The kind of the opponent-model document of one named player ("opponent-model:NAME"):
// kOpponentModel pools every opponent met in a role, this one keeps a player known by name
// (from match records, agent/tools/experience_import.h, or `serve --opponent`).
inline std::string OpponentModelKind(std::string_view player_name) {
  return std::string(kOpponentModel) + ":" + std::string(player_name);
}

struct Document {
  std::string game_key;    // GameKey(rules, role)
  std::string role;        // role term text
  std::string kind;        // kBoardModel, kOpponentModel, ...
  int version = 1;         // format version of the body, owned by the kind's writer
  std::string body;        // JSON text
  std::string game_name;   // for people; an empty name on Put keeps the stored one
  int64_t updated_at = 0;  // unix seconds; set by Put
  int64_t uses = 0;        // Puts of this (game_key, role, kind) so far; set by Put
};

// The store file for a `--store` option: "none" -> "" (no store); "" ->
// <log_dir>/experience.sqlite, or "" when log_dir is "" too (no logs, no store);
// anything else is the path itself.
std::string ResolveStorePath(const std::string& option, const std::string& log_dir);

class ExperienceStore {
 public:
  // Opens the store at `path`, creating it (and parent directories) if it does not exist.
  // Null with `*why` = "<path>: <reason>" when it cannot be used (see above); `why` may
  // be null.
  static std::unique_ptr<ExperienceStore> Open(const std::string& path, std::string* why);

  ~ExperienceStore();
  ExperienceStore(const ExperienceStore&) = delete;
  ExperienceStore& operator=(const ExperienceStore&) = delete;

  // The document of (game_key, role, kind); nullopt when there is none or on failure
  // (logged).
  std::optional<Document> Get(const std::string& game_key, const std::string& role,
                              const std::string& kind);

  // Inserts or replaces the document of (doc.game_key, doc.role, doc.kind): version, body
  // and game_name are written, updated_at = now, uses = previous uses + 1 (1 when new).
  // false on failure (logged), also for empty key/role/kind or a body that is not JSON.
  bool Put(const Document& doc);

  // Every document, bodies included, oldest update first. On failure: empty, logged, and
  // `*ok` (if given) false.
  std::vector<Document> List(bool* ok = nullptr);

  // Removes every document of `game_key` (all roles and kinds); how many, or nullopt on
  // failure (logged).
  std::optional<int> Forget(const std::string& game_key);

  const std::string& path() const { return path_; }

 private:
  ExperienceStore(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

  std::mutex mu_;  // guards every use of db_
  sqlite3* db_;    // owned; closed by the destructor
  std::string path_;
};

}  // namespace ggp::agent::store
