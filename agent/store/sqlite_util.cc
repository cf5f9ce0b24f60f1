#include "agent/store/sqlite_util.h"

namespace ggp::agent::store::internal {

int Exec(sqlite3* db, const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr); }

std::optional<int64_t> QueryInt(sqlite3* db, std::string_view sql, int* rc) {
  Statement s(db, sql);
  *rc = s.rc();
  if (!s.ok()) return std::nullopt;
  *rc = s.Step();
  if (*rc != SQLITE_ROW) return std::nullopt;
  *rc = SQLITE_OK;
  return s.Int(0);
}

std::optional<std::string> QueryText(sqlite3* db, std::string_view sql, int* rc) {
  Statement s(db, sql);
  *rc = s.rc();
  if (!s.ok()) return std::nullopt;
  *rc = s.Step();
  if (*rc != SQLITE_ROW) return std::nullopt;
  *rc = SQLITE_OK;
  return s.Text(0);
}

std::string Describe(sqlite3* db, int rc) {
  switch (rc & 0xff) {  // the primary code of an extended one
    case SQLITE_NOTADB:
      return "not an SQLite database (corrupt file, or a file of another kind)";
    case SQLITE_CORRUPT:
      return "malformed (corrupt) database: " + std::string(sqlite3_errmsg(db));
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return "locked by another connection (gave up after " + std::to_string(kBusyTimeoutMs) +
             " ms)";
    case SQLITE_FULL:
      return "disk full (or the file reached its size limit)";
    case SQLITE_READONLY:
      return "read-only (unwritable path or file)";
    case SQLITE_CANTOPEN:
      return "cannot open or create the file";
    case SQLITE_IOERR:
      return "I/O error: " + std::string(sqlite3_errmsg(db));
    default:
      return db != nullptr ? std::string(sqlite3_errmsg(db)) : std::string(sqlite3_errstr(rc));
  }
}

}  // namespace ggp::agent::store::internal
