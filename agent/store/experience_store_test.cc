#include "agent/store/experience_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace ggp::agent::store {
namespace {

class StoreTest : public ::testing::Test {
 protected:
  StoreTest() {
    std::random_device rd;
    dir_ = std::filesystem::temp_directory_path() / ("ggp-store-test-" + std::to_string(rd()));
  }
  ~StoreTest() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

Document Doc(const std::string& body) { return Document{"k1", "white", "board-model", 1, body, "pawns", 0, 0}; }

TEST_F(StoreTest, RoundTripUpsertAndReopen) {
  std::string why;
  {
    auto s = ExperienceStore::Open(Path("sub/dir/x.sqlite"), &why);
    ASSERT_NE(s, nullptr) << why;
    EXPECT_FALSE(s->Get("k1", "white", "board-model"));
    ASSERT_TRUE(s->Put(Doc("{\"a\":1}")));
    ASSERT_TRUE(s->Put(Doc("{\"a\":2}")));
    std::optional<Document> d = s->Get("k1", "white", "board-model");
    ASSERT_TRUE(d);
    EXPECT_EQ(d->body, "{\"a\":2}");
    EXPECT_EQ(d->uses, 2);
    EXPECT_GT(d->updated_at, 0);
    EXPECT_FALSE(s->Get("k1", "black", "board-model"));
  }
  auto again = ExperienceStore::Open(Path("sub/dir/x.sqlite"), &why);
  ASSERT_NE(again, nullptr) << why;
  ASSERT_EQ(again->List().size(), 1u);
  EXPECT_EQ(again->List()[0].game_name, "pawns");
}

TEST_F(StoreTest, CorruptForeignNewerAndLockedStoresAreRefused) {
  std::filesystem::create_directories(dir_);
  std::string why;
  {
    std::ofstream(Path("garbage.sqlite")) << std::string(5000, 'x');
    EXPECT_EQ(ExperienceStore::Open(Path("garbage.sqlite"), &why), nullptr);
    EXPECT_NE(why.find("corrupt"), std::string::npos) << why;
  }
  auto exec = [](const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    return db;
  };
  sqlite3_close(exec(Path("foreign.sqlite"), "CREATE TABLE accounts(id INTEGER);"));
  EXPECT_EQ(ExperienceStore::Open(Path("foreign.sqlite"), &why), nullptr);
  EXPECT_NE(why.find("another application"), std::string::npos) << why;

  ASSERT_NE(ExperienceStore::Open(Path("newer.sqlite"), &why), nullptr);
  sqlite3_close(exec(Path("newer.sqlite"), "PRAGMA user_version = 7;"));
  EXPECT_EQ(ExperienceStore::Open(Path("newer.sqlite"), &why), nullptr);
  EXPECT_NE(why.find("newer"), std::string::npos) << why;

  sqlite3* holder = exec(Path("locked.sqlite"), "CREATE TABLE t(x); BEGIN EXCLUSIVE; INSERT INTO t VALUES(1);");
  EXPECT_EQ(ExperienceStore::Open(Path("locked.sqlite"), &why), nullptr);
  EXPECT_NE(why.find("locked"), std::string::npos) << why;
  sqlite3_close(holder);
}

TEST_F(StoreTest, GameKeyIgnoresOrderAndLayoutButNotRules) {
  auto key = [](const char* text) {
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
    return GameKey(d);
  };
  const std::string a = key("(role a) (role b) (init (p 1)) (<= terminal (true (p 2)))");
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a, key("; comment\n(<= TERMINAL\n   (TRUE (p 2)))\n(init (p 1))\n(role a)  (role b)"));
  EXPECT_NE(a, key("(role a) (role b) (init (p 1)) (<= terminal (true (p 3)))"));
}

}  // namespace
}  // namespace ggp::agent::store
