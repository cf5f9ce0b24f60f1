#pragma once
// The fixture of the store's tests: a fresh directory per test, removed after it; opening
// that must succeed or must be refused quickly; a raw SQLite connection of another
// "application"; a document of the board model.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include "agent/store/store.h"

namespace ggp::agent::store::testing {

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
inline sqlite3* Raw(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  return db;
}

inline Document Doc(const std::string& key, const std::string& role, const std::string& body) {
  return Document{key, role, std::string(kBoardModel), 1, body, "breakthrough", 0, 0};
}
}  // namespace ggp::agent::store::testing
