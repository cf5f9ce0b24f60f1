// ExperienceStore: every file it must refuse (garbage, malformed, foreign, newer, locked,
// unwritable) is refused without throwing or waiting long, and left as it was.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "agent/store/store.h"
#include "agent/store/store_testing.h"

namespace ggp::agent::store {
namespace {

using testing::Doc;
using testing::Raw;
using testing::StoreTest;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

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


}  // namespace
}  // namespace ggp::agent::store
