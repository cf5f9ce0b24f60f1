// Importing match records into the experience store: what is read from a record, which
// records are refused, and which documents (pooled and per named player) are written.

#include "agent/tools/experience_import.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <random>

#include "agent/tools/test_games.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::tools {
namespace {

namespace fs = std::filesystem;

nlohmann::json Record(std::vector<std::vector<std::string>> moves, std::vector<std::string> names,
                      int64_t start) {
  nlohmann::json j = {{"matchId", "nim3.1"}, {"moves", moves}, {"startTime", start}};
  if (!names.empty()) j["playerNamesFromHost"] = names;
  return j;
}

TEST(ExperienceImportTest, ReadsMovesInAnySpacingAndTheNames) {
  RecordMoves r;
  std::string why;
  ASSERT_TRUE(ReadRecordMoves(
      Record({{"( take  2 )", "noop"}, {"noop", "(take 1)"}}, {"A", "B"}, 7), &r, &why))
      << why;
  ASSERT_EQ(r.moves.plies.size(), 2u);
  EXPECT_EQ(r.moves.plies[0], (std::vector<std::string>{"(take 2)", "noop"}));
  EXPECT_EQ(r.names, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(r.start_time_ms, 7);
  EXPECT_EQ(r.moves.source, "import");

  EXPECT_FALSE(ReadRecordMoves(nlohmann::json{{"states", 1}}, &r, &why));
  EXPECT_NE(why.find("moves"), std::string::npos);
  EXPECT_FALSE(ReadRecordMoves(Record({{"noop", "noop"}, {"noop"}}, {}, 0), &r, &why));
  EXPECT_FALSE(ReadRecordMoves(Record({{"(take", "noop"}}, {}, 0), &r, &why));
  EXPECT_FALSE(ReadRecordMoves(Record({{"noop", "noop"}}, {"only-one"}, 0), &r, &why));
  EXPECT_NE(why.find("player names"), std::string::npos);
}

class ImportStoreTest : public ::testing::Test {
 protected:
  ImportStoreTest() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() /
           ("ggp-import-test-" + std::to_string(getpid()) + "-" + std::to_string(rd()));
    fs::create_directories(dir_);
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(gdl::ParseDescription(testing::kNim3Rules, std::make_shared<kif::SymbolTable>(), &d,
                                      &errors));
    reasoner::MachineOptions mo;
    mo.board_seconds = 0;
    machine_ = reasoner::CreateMachine(d, mo).machine;
    std::string why;
    store_ = store::ExperienceStore::Open((dir_ / "s.sqlite").string(), &why);
    EXPECT_NE(store_, nullptr) << why;
  }
  ~ImportStoreTest() override {
    store_.reset();
    fs::remove_all(dir_);
  }

  // The matches of a stored document, as their first moves ("" when there is none).
  std::vector<std::string> FirstMoves(const std::string& role, const std::string& kind) {
    std::vector<std::string> out;
    std::optional<store::Document> doc = store_->Get("k", role, kind);
    if (!doc) return out;
    std::vector<search::MatchMoves> matches;
    std::string why;
    EXPECT_TRUE(search::ExperienceFromJson(nlohmann::json::parse(doc->body), &matches, &why));
    for (const search::MatchMoves& m : matches) out.push_back(m.plies.at(0).at(0));
    return out;
  }

  fs::path dir_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<store::ExperienceStore> store_;
};

TEST_F(ImportStoreTest, WritesPooledAndNamedDocumentsOldestFirst) {
  ASSERT_NE(machine_, nullptr);
  ASSERT_NE(store_, nullptr);
  const std::vector<std::pair<std::string, nlohmann::json>> records = {
      {"late.json",
       Record({{"( take 2 )", "noop"}, {"noop", "( take 1 )"}}, {"Alice", "Bob"}, 2000)},
      {"early.json", Record({{"( take 1 )", "noop"}, {"noop", "( take 2 )"}}, {"Bob", "Me"}, 1000)},
      {"unnamed.json", Record({{"(take 1)", "noop"}}, {}, 0)},
      {"illegal.json", Record({{"( take 3 )", "noop"}}, {"Alice", "Bob"}, 5)},
      {"other.json", nlohmann::json{{"not", "a record"}}},
  };
  ImportOptions o;
  o.game_key = "k";
  o.game_name = "nim3";
  o.skip_names = {"Me"};
  const ImportReport report = ImportRecords(*machine_, records, o, store_.get());
  EXPECT_EQ(report.records, 5);
  EXPECT_EQ(report.imported, 3);
  ASSERT_EQ(report.skipped.size(), 2u);
  EXPECT_EQ(report.skipped[0].rfind("illegal.json: ply 1", 0), 0u) << report.skipped[0];
  EXPECT_EQ(report.skipped[1].rfind("other.json:", 0), 0u) << report.skipped[1];
  EXPECT_TRUE(report.store_ok);

  // Pooled, oldest first; our own moves (Me, second in early.json) are not kept.
  EXPECT_EQ(FirstMoves("first", "opponent-model"),
            (std::vector<std::string>{"(take 1)", "(take 1)", "(take 2)"}));
  EXPECT_EQ(FirstMoves("second", "opponent-model"),
            (std::vector<std::string>{"(take 1)", "(take 2)"}));
  // Named: each player in the role it played.
  EXPECT_EQ(FirstMoves("first", "opponent-model:Alice"), (std::vector<std::string>{"(take 2)"}));
  EXPECT_EQ(FirstMoves("first", "opponent-model:Bob"), (std::vector<std::string>{"(take 1)"}));
  EXPECT_EQ(FirstMoves("second", "opponent-model:Bob"), (std::vector<std::string>{"(take 2)"}));
  EXPECT_TRUE(FirstMoves("second", "opponent-model:Me").empty());
  EXPECT_EQ(store_->Get("k", "first", "opponent-model")->game_name, "nim3");

  // A second import appends to what is stored.
  ImportRecords(*machine_, {records[0]}, o, store_.get());
  EXPECT_EQ(FirstMoves("first", "opponent-model:Alice").size(), 2u);
  EXPECT_EQ(FirstMoves("first", "opponent-model").size(), 4u);
}

}  // namespace
}  // namespace ggp::agent::tools
