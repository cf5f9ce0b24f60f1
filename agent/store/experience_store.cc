#include "agent/store/experience_store.h"

#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

namespace ggp::agent::store {
namespace {

// One prepared statement, finalised on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  bool ok() const { return rc_ == SQLITE_OK; }
  int rc() const { return rc_; }
  sqlite3_stmt* get() { return stmt_; }
  void Bind(int i, const std::string& s) { sqlite3_bind_text(stmt_, i, s.c_str(), -1, SQLITE_TRANSIENT); }
  void Bind(int i, int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  int Step() { return rc_ = sqlite3_step(stmt_); }
  std::string Text(int i) {
    const unsigned char* t = sqlite3_column_text(stmt_, i);
    return t != nullptr ? reinterpret_cast<const char*>(t) : "";
  }
  int64_t Int(int i) { return sqlite3_column_int64(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

// A single-value query ("PRAGMA user_version"); nullopt with the error code on failure.
std::optional<int64_t> QueryInt(sqlite3* db, const char* sql, int* rc) {
  Statement s(db, sql);
  *rc = s.rc();
  if (!s.ok()) return std::nullopt;
  *rc = s.Step();
  if (*rc != SQLITE_ROW) return std::nullopt;
  return s.Int(0);
}

std::string Describe(sqlite3* db, int rc) {
  if (rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT) return "not an SQLite database (corrupt file)";
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) return "locked by another process";
  return std::string(sqlite3_errmsg(db));
}

uint64_t Fnv(const std::string& s, uint64_t h) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  return h;
}

}  // namespace

std::string GameKey(const gdl::Description& rules) {
  std::vector<std::string> lines;
  for (const gdl::Rule& r : rules.rules) lines.push_back(gdl::ToString(r, *rules.symbols));
  std::sort(lines.begin(), lines.end());
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  char out[33];
  std::snprintf(out, sizeof out, "%016llx%016llx",
                static_cast<unsigned long long>(Fnv(text, 0xCBF29CE484222325ull)),
                static_cast<unsigned long long>(Fnv(text, 0x84222325CBF29CE4ull) * 0x9E3779B97F4A7C15ull));
  return out;
}

std::unique_ptr<ExperienceStore> ExperienceStore::Open(const std::string& path, std::string* why) {
  std::error_code ec;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  auto fail = [&](const std::string& reason) -> std::unique_ptr<ExperienceStore> {
    *why = path + ": " + reason;
    sqlite3_close(db);
    return nullptr;
  };
  if (rc != SQLITE_OK) return fail(db != nullptr ? sqlite3_errmsg(db) : "cannot open");
  sqlite3_busy_timeout(db, 200);
  std::optional<int64_t> app = QueryInt(db, "PRAGMA application_id", &rc);
  if (!app) return fail(Describe(db, rc));
  std::optional<int64_t> version = QueryInt(db, "PRAGMA user_version", &rc);
  std::optional<int64_t> tables = QueryInt(db, "SELECT count(*) FROM sqlite_master", &rc);
  if (!version || !tables) return fail(Describe(db, rc));
  if (*app == 0 && *tables == 0) {
    const char* schema =
        "BEGIN IMMEDIATE;"
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
        "INSERT INTO meta VALUES('application', 'ggp-agent experience store'), ('schema_version', '1');"
        "CREATE TABLE documents(game_key TEXT NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL,"
        " version INTEGER NOT NULL, body TEXT NOT NULL, game_name TEXT, updated_at INTEGER, uses INTEGER,"
        " PRIMARY KEY (game_key, role, kind));"
        "PRAGMA application_id = 1195855937;"
        "PRAGMA user_version = 1;"
        "COMMIT;";
    char* error = nullptr;
    rc = sqlite3_exec(db, schema, nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
      std::string e = error != nullptr ? error : Describe(db, rc);
      sqlite3_free(error);
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      return fail("cannot create the store: " + (rc == SQLITE_BUSY ? Describe(db, rc) : e));
    }
  } else if (*app != kApplicationId) {
    return fail("a database of another application (application_id " + std::to_string(*app) + ")");
  } else if (*version > kSchemaVersion) {
    return fail("schema version " + std::to_string(*version) + " is newer than this build's " +
                std::to_string(kSchemaVersion));
  }
  sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
  return std::unique_ptr<ExperienceStore>(new ExperienceStore(db, path));
}

ExperienceStore::~ExperienceStore() { sqlite3_close(db_); }

std::optional<Document> ExperienceStore::Get(const std::string& game_key, const std::string& role,
                                             const std::string& kind) {
  std::lock_guard<std::mutex> lock(mu_);
  Statement s(db_,
              "SELECT version, body, game_name, updated_at, uses FROM documents "
              "WHERE game_key = ?1 AND role = ?2 AND kind = ?3");
  if (!s.ok()) {
    spdlog::warn("experience store {}: read failed: {}", path_, Describe(db_, s.rc()));
    return std::nullopt;
  }
  s.Bind(1, game_key);
  s.Bind(2, role);
  s.Bind(3, kind);
  const int rc = s.Step();
  if (rc == SQLITE_DONE) return std::nullopt;
  if (rc != SQLITE_ROW) {
    spdlog::warn("experience store {}: read failed: {}", path_, Describe(db_, rc));
    return std::nullopt;
  }
  return Document{game_key, role, kind, static_cast<int>(s.Int(0)), s.Text(1), s.Text(2), s.Int(3), s.Int(4)};
}

bool ExperienceStore::Put(const Document& doc) {
  std::lock_guard<std::mutex> lock(mu_);
  Statement s(db_,
              "INSERT INTO documents VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1) "
              "ON CONFLICT (game_key, role, kind) DO UPDATE SET version = excluded.version, "
              "body = excluded.body, game_name = excluded.game_name, updated_at = excluded.updated_at, "
              "uses = uses + 1");
  if (!s.ok()) {
    spdlog::warn("experience store {}: write failed: {}", path_, Describe(db_, s.rc()));
    return false;
  }
  const int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                          std::chrono::system_clock::now().time_since_epoch()).count();
  s.Bind(1, doc.game_key);
  s.Bind(2, doc.role);
  s.Bind(3, doc.kind);
  s.Bind(4, static_cast<int64_t>(doc.version));
  s.Bind(5, doc.body);
  s.Bind(6, doc.game_name);
  s.Bind(7, now);
  const int rc = s.Step();
  if (rc != SQLITE_DONE) {
    spdlog::warn("experience store {}: write failed: {}", path_, Describe(db_, rc));
    return false;
  }
  return true;
}

std::vector<Document> ExperienceStore::List() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<Document> out;
  Statement s(db_,
              "SELECT game_key, role, kind, version, body, game_name, updated_at, uses FROM documents "
              "ORDER BY updated_at");
  if (!s.ok()) return out;
  while (s.Step() == SQLITE_ROW) {
    out.push_back(Document{s.Text(0), s.Text(1), s.Text(2), static_cast<int>(s.Int(3)), s.Text(4), s.Text(5),
                           s.Int(6), s.Int(7)});
  }
  return out;
}

}  // namespace ggp::agent::store
