// ExperienceStore::Open: creating a new store, and telling a usable store from a corrupt
// file, a foreign database, a newer schema, a locked store and an unwritable path.

#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>
#include <new>

#include "agent/store/sqlite_util.h"
#include "agent/store/store.h"

namespace ggp::agent::store {
namespace {

using internal::Describe;
using internal::Exec;
using internal::QueryInt;
using internal::QueryText;
using internal::Statement;

constexpr const char* kCreateSchema =
    "CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value NOT NULL);"
    "INSERT INTO meta VALUES ('application', 'ggp-agent experience store'), ('schema_version', 1);"
    "CREATE TABLE documents(game_key TEXT NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL,"
    " version INTEGER NOT NULL, body TEXT NOT NULL, game_name TEXT, updated_at INTEGER,"
    " uses INTEGER, PRIMARY KEY (game_key, role, kind));"
    "PRAGMA application_id = 1195855937;"  // kApplicationId
    "PRAGMA user_version = 1;";            // kSchemaVersion

static_assert(kApplicationId == 1195855937 && kSchemaVersion == 1, "update kCreateSchema");

// The database header: who wrote it, which version, how many schema objects.
struct Header {
  int64_t application_id = 0;
  int64_t user_version = 0;
  int64_t objects = 0;
};

// Reads the header; "" or the reason it cannot be read (not a database, locked, ...).
std::string ReadHeader(sqlite3* db, Header* h) {
  int rc = SQLITE_OK;
  std::optional<int64_t> app = QueryInt(db, "PRAGMA application_id", &rc);
  if (!app) return Describe(db, rc);
  std::optional<int64_t> version = QueryInt(db, "PRAGMA user_version", &rc);
  if (!version) return Describe(db, rc);
  std::optional<int64_t> objects = QueryInt(db, "SELECT count(*) FROM sqlite_master", &rc);
  if (!objects) return Describe(db, rc);
  *h = Header{*app, *version, *objects};
  return "";
}

// Creates the schema in an empty database, unless another connection got there first
// (then `*h` is re-read and left for the caller to check).
std::string CreateSchema(sqlite3* db, Header* h) {
  int rc = Exec(db, "BEGIN IMMEDIATE");
  if (rc != SQLITE_OK) return Describe(db, rc);
  std::optional<int64_t> objects = QueryInt(db, "SELECT count(*) FROM sqlite_master", &rc);
  if (objects && *objects == 0) rc = Exec(db, kCreateSchema);
  if (rc == SQLITE_OK) rc = Exec(db, "COMMIT");
  if (rc != SQLITE_OK) {
    std::string reason = "cannot create the store: " + Describe(db, rc);
    Exec(db, "ROLLBACK");
    return reason;
  }
  return ReadHeader(db, h);
}

std::string Hex(int64_t v) {
  char out[16];
  std::snprintf(out, sizeof out, "0x%08x", static_cast<unsigned>(v));
  return out;
}

// "" when `h` and the tables are a store this build can use; otherwise why not.
std::string CheckStore(sqlite3* db, const Header& h) {
  if (h.application_id != kApplicationId) {
    return "a database of another application (application_id " + Hex(h.application_id) + ", " +
           std::to_string(h.objects) + " schema objects), not a ggp-agent experience store";
  }
  if (h.user_version > kSchemaVersion) {
    return "schema version " + std::to_string(h.user_version) + " is newer than this build's " +
           std::to_string(kSchemaVersion) + " (written by a newer ggp-agent)";
  }
  if (h.user_version < 1) {
    return "corrupt: the ggp-agent application id with schema version " +
           std::to_string(h.user_version);
  }
  int rc = SQLITE_OK;
  std::optional<std::string> name =
      QueryText(db, "SELECT value FROM meta WHERE key = 'application'", &rc);
  std::optional<int64_t> version =
      QueryInt(db, "SELECT value FROM meta WHERE key = 'schema_version'", &rc);
  if (!name || *name != kApplicationName || !version || *version != h.user_version) {
    return "corrupt: the meta table does not name a ggp-agent experience store of version " +
           std::to_string(h.user_version);
  }
  Statement columns(db,
                    "SELECT game_key, role, kind, version, body, game_name, updated_at, uses "
                    "FROM documents LIMIT 0");
  if (!columns.ok())
    return "corrupt: the documents table is not as expected: " + Describe(db, columns.rc());
  std::optional<std::string> check = QueryText(db, "PRAGMA quick_check(1)", &rc);
  if (!check) return Describe(db, rc);
  if (*check != "ok") return "malformed (corrupt) database: " + *check;
  return "";
}

// Puts the file in WAL mode (persistent) and proves it writable now: a store locked by a
// writer of another connection, or read-only, is given up here rather than at the first
// Put.
std::string PrepareForWriting(sqlite3* db) {
  int rc = SQLITE_OK;
  std::optional<std::string> mode = QueryText(db, "PRAGMA journal_mode = WAL", &rc);
  if (!mode) return Describe(db, rc);
  if (*mode != "wal") spdlog::debug("experience store: journal mode {} (WAL unavailable)", *mode);
  if ((rc = Exec(db, "PRAGMA synchronous = NORMAL")) != SQLITE_OK) return Describe(db, rc);
  if ((rc = Exec(db, "BEGIN IMMEDIATE")) != SQLITE_OK) return Describe(db, rc);
  if ((rc = Exec(db, "COMMIT")) != SQLITE_OK) {
    std::string reason = Describe(db, rc);
    Exec(db, "ROLLBACK");
    return reason;
  }
  return "";
}

// Everything of Open but the ownership of `db`; "" on success.
std::string OpenInto(const std::string& path, sqlite3** db) {
  namespace fs = std::filesystem;
  if (path.empty()) return "no path given";
  std::error_code ec;
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec)) {
    fs::create_directories(parent, ec);
    if (ec)
      return "unwritable path: cannot create directory " + parent.string() + ": " + ec.message();
  }
  if (fs::is_directory(path, ec)) return "unwritable path: it is a directory";

  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  int rc = sqlite3_open_v2(path.c_str(), db, flags, nullptr);
  if (rc != SQLITE_OK) {
    return *db != nullptr ? "unwritable path: " + Describe(*db, rc) : "out of memory";
  }
  sqlite3_busy_timeout(*db, internal::kBusyTimeoutMs);
  if (sqlite3_db_readonly(*db, "main") == 1) return "unwritable path: the file is read-only";

  Header h;
  std::string reason = ReadHeader(*db, &h);
  if (!reason.empty()) return reason;
  if (h.application_id == 0 && h.user_version == 0 && h.objects == 0) {
    reason = CreateSchema(*db, &h);  // a new (or empty) file
    if (!reason.empty()) return reason;
  }
  reason = CheckStore(*db, h);
  if (!reason.empty()) return reason;
  return PrepareForWriting(*db);
}

}  // namespace

std::unique_ptr<ExperienceStore> ExperienceStore::Open(const std::string& path, std::string* why) {
  sqlite3* db = nullptr;
  std::string reason;
  try {
    reason = OpenInto(path, &db);
    if (reason.empty()) return std::unique_ptr<ExperienceStore>(new ExperienceStore(db, path));
  } catch (const std::exception& e) {  // bad_alloc, or a filesystem error we did not expect
    reason = e.what();
  }
  sqlite3_close_v2(db);  // a no-op for null
  if (why != nullptr) *why = path + ": " + reason;
  return nullptr;
}

}  // namespace ggp::agent::store
