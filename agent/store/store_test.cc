// ExperienceStore: round trips, upserts, reopening, threads, and the serve option's path.
// The files it must refuse are in store_refusal_test.cc.

#include "agent/store/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "agent/store/store_testing.h"

namespace ggp::agent::store {
namespace {

using testing::Doc;
using testing::Raw;
using testing::StoreTest;

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
