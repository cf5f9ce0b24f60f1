// ExperienceStore's calls after opening: Get, Put, List, Forget (Open is in
// store_open.cc). Each runs under the store's mutex as one implicit SQLite transaction.

#include "agent/store/store.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "agent/store/sqlite_util.h"

namespace ggp::agent::store {
namespace {

using internal::Describe;
using internal::Statement;

int64_t NowSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

constexpr std::string_view kColumns =
    "game_key, role, kind, version, body, game_name, updated_at, uses";

Document ReadRow(Statement& s) {
  return Document{s.Text(0), s.Text(1), s.Text(2), static_cast<int>(s.Int(3)),
                  s.Text(4), s.Text(5), s.Int(6),  s.Int(7)};
}

}  // namespace

std::string ResolveStorePath(const std::string& option, const std::string& log_dir) {
  if (option == "none") return "";
  if (!option.empty()) return option;
  if (log_dir.empty()) return "";
  return (std::filesystem::path(log_dir) / kDefaultFileName).string();
}

ExperienceStore::~ExperienceStore() { sqlite3_close_v2(db_); }

std::optional<Document> ExperienceStore::Get(const std::string& game_key, const std::string& role,
                                             const std::string& kind) {
  std::lock_guard<std::mutex> lock(mu_);
  Statement s(db_, "SELECT " + std::string(kColumns) +
                       " FROM documents WHERE game_key = ?1 AND role = ?2 AND kind = ?3");
  if (s.ok()) {
    s.Bind(1, game_key);
    s.Bind(2, role);
    s.Bind(3, kind);
    const int rc = s.Step();
    if (rc == SQLITE_ROW) return ReadRow(s);
    if (rc == SQLITE_DONE) return std::nullopt;
  }
  spdlog::warn("experience store {}: cannot read {} of {} ({}): {}", path_, kind, game_key, role,
               Describe(db_, s.rc()));
  return std::nullopt;
}

bool ExperienceStore::Put(const Document& doc) {
  if (doc.game_key.empty() || doc.role.empty() || doc.kind.empty()) {
    spdlog::warn("experience store {}: not written: a document needs a game key, a role and a kind",
                 path_);
    return false;
  }
  if (!nlohmann::json::accept(doc.body)) {
    spdlog::warn("experience store {}: not written: the body of {} for {} ({}) is not JSON", path_,
                 doc.kind, doc.game_key, doc.role);
    return false;
  }
  std::lock_guard<std::mutex> lock(mu_);
  Statement s(db_, "INSERT INTO documents (" + std::string(kColumns) +
                       ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1) "
                       "ON CONFLICT (game_key, role, kind) DO UPDATE SET "
                       "version = excluded.version, body = excluded.body, "
                       "game_name = coalesce(nullif(excluded.game_name, ''), documents.game_name), "
                       "updated_at = excluded.updated_at, uses = coalesce(documents.uses, 0) + 1");
  if (s.ok()) {
    s.Bind(1, doc.game_key);
    s.Bind(2, doc.role);
    s.Bind(3, doc.kind);
    s.Bind(4, static_cast<int64_t>(doc.version));
    s.Bind(5, doc.body);
    s.Bind(6, doc.game_name);
    s.Bind(7, NowSeconds());
    if (s.Step() == SQLITE_DONE) return true;
  }
  spdlog::warn("experience store {}: cannot write {} of {} ({}): {}", path_, doc.kind, doc.game_key,
               doc.role, Describe(db_, s.rc()));
  return false;
}

std::vector<Document> ExperienceStore::List(bool* ok) {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<Document> out;
  Statement s(db_, "SELECT " + std::string(kColumns) +
                       " FROM documents ORDER BY updated_at, game_key, role, kind");
  int rc = s.rc();
  if (s.ok()) {
    while ((rc = s.Step()) == SQLITE_ROW) out.push_back(ReadRow(s));
  }
  const bool done = s.ok() && rc == SQLITE_DONE;
  if (ok != nullptr) *ok = done;
  if (!done) {
    spdlog::warn("experience store {}: cannot list: {}", path_, Describe(db_, rc));
    out.clear();
  }
  return out;
}

std::optional<int> ExperienceStore::Forget(const std::string& game_key) {
  std::lock_guard<std::mutex> lock(mu_);
  Statement s(db_, "DELETE FROM documents WHERE game_key = ?1");
  if (s.ok()) {
    s.Bind(1, game_key);
    if (s.Step() == SQLITE_DONE) return sqlite3_changes(db_);
  }
  spdlog::warn("experience store {}: cannot forget {}: {}", path_, game_key, Describe(db_, s.rc()));
  return std::nullopt;
}

}  // namespace ggp::agent::store
