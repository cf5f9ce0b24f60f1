#pragma once
// Internal to ggp_store: a thin RAII layer over the SQLite C API and the wording of its
// failures. A Statement borrows the connection; the caller keeps the connection alive
// and, since the store opens its connection with SQLITE_OPEN_NOMUTEX, holds the store's
// mutex for the statement's whole life (errmsg included). Nothing here throws except
// std::bad_alloc.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ggp::agent::store::internal {

// How long a call waits for another connection's lock before giving up (SQLITE_BUSY).
inline constexpr int kBusyTimeoutMs = 200;

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql) {
    rc_ = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }  // prepared
  int rc() const { return rc_; }                // of the prepare, then of the last step

  void Bind(int i, std::string_view s) {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void Bind(int i, int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int Step() { return rc_ = sqlite3_step(stmt_); }

  std::string Text(int i) {
    const unsigned char* t = sqlite3_column_text(stmt_, i);
    const int n = sqlite3_column_bytes(stmt_, i);
    return t != nullptr ? std::string(reinterpret_cast<const char*>(t), static_cast<size_t>(n))
                        : std::string();
  }
  int64_t Int(int i) { return sqlite3_column_int64(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

// Runs `sql` (one or more statements, no results wanted); the result code.
int Exec(sqlite3* db, const char* sql);

// The first column of the first row of `sql` as an integer; nullopt with `*rc` set when
// the query fails or returns no row.
std::optional<int64_t> QueryInt(sqlite3* db, std::string_view sql, int* rc);
// The same as text.
std::optional<std::string> QueryText(sqlite3* db, std::string_view sql, int* rc);

// A reason for a person, naming the kind of failure: "not an SQLite database (corrupt
// ...)", "malformed (corrupt) database", "locked by another connection ...", "disk full",
// "read-only ...", or SQLite's own message.
std::string Describe(sqlite3* db, int rc);

}  // namespace ggp::agent::store::internal
