// ExperienceStore: round trips, upserts, reopening, and every file it must refuse
// (garbage, malformed, foreign, newer, locked, unwritable) without throwing or waiting long.

#include "agent/store/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace ggp::agent::store {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class StoreTest : public ::testing::Test {
 protected:
  StoreTest() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() /
           ("ggp-store-test-" + std::to_string(getpid()) + "-" + std::to_string(rd()));
    fs::create_directories(dir_);
  }
  ~StoreTest() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  std::unique_ptr<ExperienceStore> MustOpen(const std::string& path) {
    std::string why;
    auto s = ExperienceStore::Open(path, &why);
    EXPECT_NE(s, nullptr) << why;
    return s;
  }

  // Null, quickly, with a reason that names `word`.
  void ExpectRefused(const std::string& path, const std::string& word) {
    std::string why;
    const auto start = Clock::now();
    EXPECT_EQ(ExperienceStore::Open(path, &why), nullptr) << path;
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
    EXPECT_NE(why.find(word), std::string::npos) << why;
    EXPECT_EQ(why.rfind(path, 0), 0u) << why;  // starts with the path
  }

  fs::path dir_;
};

// A connection of our own through the C API: another process, another application.
sqlite3* Raw(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  return db;
}

Document Doc(const std::string& key, const std::string& role, const std::string& body) {
  return Document{key, role, std::string(kBoardModel), 1, body, "breakthrough", 0, 0};
}

TEST_F(StoreTest, RoundTrip) {
  auto s = MustOpen(Path("sub/dir/x.sqlite"));  // parent directories are created
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->path(), Path("sub/dir/x.sqlite"));
  EXPECT_FALSE(s->Get("k1", "white", "board-model"));
  const int64_t before = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
  ASSERT_TRUE(s->Put(Doc("k1", "white", R"({"cells": [1, 2, 3], "name": "é"})")));
  std::optional<Document> d = s->Get("k1", "white", "board-model");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->game_key, "k1");
  EXPECT_EQ(d->role, "white");
  EXPECT_EQ(d->kind, "board-model");
  EXPECT_EQ(d->version, 1);
  EXPECT_EQ(d->body, R"({"cells": [1, 2, 3], "name": "é"})");
  EXPECT_EQ(d->game_name, "breakthrough");
  EXPECT_EQ(d->uses, 1);
  EXPECT_GE(d->updated_at, before);
  EXPECT_LE(d->updated_at, before + 60);
  EXPECT_FALSE(s->Get("k1", "black", "board-model"));
  EXPECT_FALSE(s->Get("k1", "white", "opponent-model"));
  EXPECT_FALSE(s->Get("k2", "white", "board-model"));
}

TEST_F(StoreTest, PutUpserts) {
  auto s = MustOpen(Path("x.sqlite"));
  ASSERT_TRUE(s->Put(Doc("k1", "white", "{\"a\":1}")));
  Document second = Doc("k1", "white", "{\"a\":2}");
  second.version = 3;
  second.game_name = "";  // keeps the stored name
  ASSERT_TRUE(s->Put(second));
  ASSERT_TRUE(s->Put(Doc("k1", "black", "{\"b\":1}")));
  std::optional<Document> d = s->Get("k1", "white", "board-model");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->body, "{\"a\":2}");
  EXPECT_EQ(d->version, 3);
  EXPECT_EQ(d->uses, 2);
  EXPECT_EQ(d->game_name, "breakthrough");
  EXPECT_EQ(s->List().size(), 2u);
  // Not written: no key, no role, no kind, a body that is not JSON.
  EXPECT_FALSE(s->Put(Doc("", "white", "{}")));
  EXPECT_FALSE(s->Put(Doc("k1", "", "{}")));
  EXPECT_FALSE(s->Put(Document{"k1", "white", "", 1, "{}", "", 0, 0}));
  EXPECT_FALSE(s->Put(Doc("k1", "white", "{not json")));
  EXPECT_EQ(s->Get("k1", "white", "board-model")->body, "{\"a\":2}");
}

TEST_F(StoreTest, ReopenSeesDataAndTheHeader) {
  {
    auto s = MustOpen(Path("x.sqlite"));
    ASSERT_TRUE(s->Put(Doc("k1", "white", "[1]")));
    ASSERT_TRUE(s->Put(Doc("k2", "black", "[2]")));
  }
  auto again = MustOpen(Path("x.sqlite"));
  ASSERT_NE(again, nullptr);
  bool ok = false;
  std::vector<Document> all = again->List(&ok);
  EXPECT_TRUE(ok);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(again->Get("k2", "black", "board-model")->body, "[2]");
  EXPECT_TRUE(again->Put(Doc("k1", "white", "[3]")));
  EXPECT_EQ(again->Get("k1", "white", "board-model")->uses, 2);

  sqlite3* raw = Raw(Path("x.sqlite"), "SELECT 1");
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw,
                               "SELECT (SELECT application_id FROM pragma_application_id),"
                               " (SELECT user_version FROM pragma_user_version),"
                               " (SELECT journal_mode FROM pragma_journal_mode),"
                               " (SELECT value FROM meta WHERE key = 'application'),"
                               " (SELECT typeof(value) FROM meta WHERE key = 'schema_version')",
                               -1, &st, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), kApplicationId);
  EXPECT_EQ(sqlite3_column_int(st, 1), kSchemaVersion);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 2)), "wal");
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 3)),
               "ggp-agent experience store");
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 4)), "integer");
  sqlite3_finalize(st);
  sqlite3_close(raw);
}

TEST_F(StoreTest, ForgetRemovesEveryDocumentOfAGame) {
  auto s = MustOpen(Path("x.sqlite"));
  ASSERT_TRUE(s->Put(Doc("k1", "white", "1")));
  ASSERT_TRUE(s->Put(Doc("k1", "black", "2")));
  ASSERT_TRUE(s->Put(Document{"k1", "black", "opponent-model", 1, "{}", "", 0, 0}));
  ASSERT_TRUE(s->Put(Doc("k2", "white", "3")));
  EXPECT_EQ(s->Forget("k1"), 3);
  EXPECT_EQ(s->Forget("k1"), 0);
  EXPECT_EQ(s->Forget("nothing"), 0);
  ASSERT_EQ(s->List().size(), 1u);
  EXPECT_EQ(s->List()[0].game_key, "k2");
}

TEST_F(StoreTest, GarbageFileIsRefusedAndLeftAlone) {
  std::mt19937 rng(7);
  std::string garbage(5000, '\0');
  for (char& c : garbage) c = static_cast<char>(rng());
  std::ofstream(Path("garbage.sqlite"), std::ios::binary) << garbage;
  ExpectRefused(Path("garbage.sqlite"), "not an SQLite database");
  std::ifstream in(Path("garbage.sqlite"), std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), garbage);
  // Text, too short for a header.
  std::ofstream(Path("text.sqlite")) << "hello, not a database\n";
  ExpectRefused(Path("text.sqlite"), "corrupt");
}

TEST_F(StoreTest, MalformedStoreIsRefused) {
  {
    auto s = MustOpen(Path("x.sqlite"));
    for (int i = 0; i < 50; ++i) {
      ASSERT_TRUE(
          s->Put(Doc("k" + std::to_string(i), "white", "\"" + std::string(500, 'x') + "\"")));
    }
  }  // closing checkpoints the WAL into the file
  std::fstream f(Path("x.sqlite"), std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(4096);  // page 2 onwards: table pages, the header stays intact
  f << std::string(8192, '\xab');
  f.close();
  ExpectRefused(Path("x.sqlite"), "corrupt");
}

TEST_F(StoreTest, DatabaseOfAnotherApplicationIsForeign) {
  sqlite3_close(Raw(Path("other.sqlite"), "CREATE TABLE accounts(id INTEGER, owner TEXT);"));
  ExpectRefused(Path("other.sqlite"), "another application");
  // Our table names do not make it ours: the application id decides.
  sqlite3_close(Raw(Path("lookalike.sqlite"),
                    "CREATE TABLE meta(key, value); CREATE TABLE documents(x);"
                    "PRAGMA application_id = 1234; PRAGMA user_version = 1;"));
  ExpectRefused(Path("lookalike.sqlite"), "another application");
  // Nothing was added to the foreign file.
  sqlite3* raw = Raw(Path("other.sqlite"), "SELECT 1");
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT count(*) FROM sqlite_master", -1, &st, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), 1);
  sqlite3_finalize(st);
  sqlite3_close(raw);
}

TEST_F(StoreTest, NewerSchemaIsRefused) {
  {
    auto s = MustOpen(Path("x.sqlite"));
    ASSERT_TRUE(s->Put(Doc("k1", "white", "1")));
  }
  sqlite3_close(Raw(Path("x.sqlite"), "PRAGMA user_version = 2;"));
  ExpectRefused(Path("x.sqlite"), "newer");
}

TEST_F(StoreTest, LockedStoreIsGivenUpQuickly) {
  auto s = MustOpen(Path("x.sqlite"));
  ASSERT_NE(s, nullptr);
  ASSERT_TRUE(s->Put(Doc("k1", "white", "1")));
  // Another connection holds a write transaction.
  sqlite3* holder = Raw(Path("x.sqlite"),
                        "BEGIN EXCLUSIVE; INSERT INTO documents VALUES"
                        " ('k9', 'red', 'board-model', 1, '{}', '', 0, 1);");
  ExpectRefused(Path("x.sqlite"), "locked");
  // The open store fails writes quickly; reads still see the committed data (WAL).
  const auto start = Clock::now();
  EXPECT_FALSE(s->Put(Doc("k1", "white", "2")));
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
  ASSERT_TRUE(s->Get("k1", "white", "board-model"));
  EXPECT_EQ(s->Get("k1", "white", "board-model")->body, "1");
  EXPECT_FALSE(s->Forget("k1"));
  sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  EXPECT_TRUE(s->Put(Doc("k1", "white", "2")));
  EXPECT_NE(MustOpen(Path("x.sqlite")), nullptr);

  // A file locked before it ever became a store (rollback journal: no reading either).
  sqlite3* other = Raw(Path("fresh.sqlite"), "BEGIN EXCLUSIVE; CREATE TABLE t(x);");
  ExpectRefused(Path("fresh.sqlite"), "locked");
  sqlite3_close(other);
}

TEST_F(StoreTest, UnwritablePathIsRefused) {
  std::ofstream(Path("plain-file")) << "x";
  ExpectRefused(Path("plain-file/sub/x.sqlite"), "unwritable");
  fs::create_directories(Path("a-directory"));
  ExpectRefused(Path("a-directory"), "unwritable");
  ExpectRefused("", "no path");
}

// Permission bits bind ordinary users: the store is refused. Root is not bound by them,
// and then the store must simply open and work.
TEST_F(StoreTest, ReadOnlyDirectoryOrFileIsRefusedUnlessRoot) {
  const bool root = geteuid() == 0;
  auto expect = [&](const std::string& path) {
    if (!root) return ExpectRefused(path, "unwritable");
    std::unique_ptr<ExperienceStore> s = MustOpen(path);
    ASSERT_NE(s, nullptr) << path;
    EXPECT_TRUE(s->Put(Doc("k", "r", "[1]")));
  };
  fs::create_directories(Path("ro"));
  fs::permissions(Path("ro"), fs::perms::owner_read | fs::perms::owner_exec);
  expect(Path("ro/x.sqlite"));
  fs::permissions(Path("ro"), fs::perms::owner_all);
  MustOpen(Path("x.sqlite")).reset();
  fs::permissions(Path("x.sqlite"), fs::perms::owner_read);
  expect(Path("x.sqlite"));
}

TEST_F(StoreTest, SharedByThreads) {
  auto s = MustOpen(Path("x.sqlite"));
  ASSERT_NE(s, nullptr);
  constexpr int kThreads = 6, kPuts = 40;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&s, t] {
      for (int i = 0; i < kPuts; ++i) {
        const std::string key = "k" + std::to_string(i % 4);
        EXPECT_TRUE(s->Put(Doc(key, "r", "[" + std::to_string(t) + "]")));
        EXPECT_TRUE(s->Get(key, "r", "board-model"));
        if (i % 10 == 0) s->List();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  int64_t uses = 0;
  for (const Document& d : s->List()) uses += d.uses;
  EXPECT_EQ(uses, kThreads * kPuts);
}

TEST(StorePathTest, ResolvesTheServeOption) {
  EXPECT_EQ(ResolveStorePath("", "logs"), "logs/experience.sqlite");
  EXPECT_EQ(ResolveStorePath("", "/var/ggp/"), "/var/ggp/experience.sqlite");
  EXPECT_EQ(ResolveStorePath("", ""), "");
  EXPECT_EQ(ResolveStorePath("none", "logs"), "");
  EXPECT_EQ(ResolveStorePath("/tmp/x.db", "logs"), "/tmp/x.db");
}

}  // namespace
}  // namespace ggp::agent::store
