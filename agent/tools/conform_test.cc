#include "agent/tools/conform.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "agent/tools/sha256.h"
#include "agent/tools/test_games.h"

namespace ggp::agent::tools {
namespace {

namespace fs = std::filesystem;

class ConformTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("ggp_conform_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "conformance");
    fs::create_directories(root_ / "games");
    fs::create_directories(root_ / "other");
  }
  void TearDown() override { fs::remove_all(root_); }
  static void Write(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
  }
  fs::path root_;
};

TEST_F(ConformTest, FindsRulesInOrder) {
  std::string trace = (root_ / "conformance" / "nim3.json").string();
  EXPECT_EQ(FindRulesFile(trace, ""), std::nullopt);
  Write(root_ / "games" / "nim3.kif", testing::kNim3Rules);
  EXPECT_EQ(FindRulesFile(trace, ""), (root_ / "games" / "nim3.kif").string());
  Write(root_ / "conformance" / "nim3.kif", testing::kNim3Rules);
  EXPECT_EQ(FindRulesFile(trace, ""), (root_ / "conformance" / "nim3.kif").string());
  Write(root_ / "other" / "nim3.kif", testing::kNim3Rules);
  EXPECT_EQ(FindRulesFile(trace, (root_ / "other").string()), (root_ / "other" / "nim3.kif").string());
}

TEST_F(ConformTest, AgreesWithCorpusLayoutAndChecksSha) {
  Write(root_ / "games" / "nim3.kif", testing::kNim3Rules);
  auto trace = nlohmann::json::parse(testing::kNim3Trace);
  trace["rules_sha256"] = Sha256Hex(testing::kNim3Rules);
  std::string path = (root_ / "conformance" / "nim3.json").string();
  Write(path, trace.dump());
  ConformResult r = ConformFile(path, {});
  EXPECT_EQ(r.status, ConformResult::Status::kAgree) << FormatResult(r);
  EXPECT_EQ(r.backend, "prover");
  EXPECT_EQ(r.replay.steps_checked, 3);
  EXPECT_EQ(FormatResult(r).rfind("nim3: agree, 3 steps in 1 playouts", 0), 0u) << FormatResult(r);

  trace["rules_sha256"] = Sha256Hex("something else");
  Write(path, trace.dump());
  r = ConformFile(path, {});
  EXPECT_EQ(r.status, ConformResult::Status::kError);
  EXPECT_NE(r.message.find("sha256"), std::string::npos) << r.message;
}

TEST_F(ConformTest, ReportsDifferenceSkipAndErrors) {
  Write(root_ / "games" / "nim3.kif", testing::kNim3Rules);
  auto trace = nlohmann::json::parse(testing::kNim3Trace);
  trace["playouts"][0]["steps"][2]["goals"] = nlohmann::json::array({100, 0});
  std::string path = (root_ / "conformance" / "nim3.json").string();
  Write(path, trace.dump());
  ConformResult r = ConformFile(path, {});
  EXPECT_EQ(r.status, ConformResult::Status::kDiffer);
  EXPECT_NE(FormatResult(r).find("DIFFER at playout 1 step 2: goal of role first: expected 100 got 0"),
            std::string::npos)
      << FormatResult(r);

  trace["playouts"] = nlohmann::json::array();
  trace["notes"] = "the reference could not load it";
  Write(path, trace.dump());
  r = ConformFile(path, {});
  EXPECT_EQ(r.status, ConformResult::Status::kSkipped);
  EXPECT_EQ(FormatResult(r), "nim3: skipped (the reference could not load it)");

  Write(path, "{not json");
  EXPECT_EQ(ConformFile(path, {}).status, ConformResult::Status::kError);
  EXPECT_EQ(ConformFile((root_ / "missing.json").string(), {}).status, ConformResult::Status::kError);

  ConformOptions o;
  o.machine = "propnet-that-does-not-exist";
  Write(path, nlohmann::json::parse(testing::kNim3Trace).dump());
  r = ConformFile(path, o);
  EXPECT_EQ(r.status, ConformResult::Status::kError);
}

TEST_F(ConformTest, BudgetIsReported) {
  Write(root_ / "games" / "nim3.kif", testing::kNim3Rules);
  std::string path = (root_ / "conformance" / "nim3.json").string();
  Write(path, nlohmann::json::parse(testing::kNim3Trace).dump());
  ConformOptions o;
  o.budget.max_steps = 1;
  ConformResult r = ConformFile(path, o);
  EXPECT_EQ(r.status, ConformResult::Status::kAgree);
  EXPECT_NE(FormatResult(r).find("step budget stopped it: 2 of 3 steps unchecked"), std::string::npos)
      << FormatResult(r);
}

}  // namespace
}  // namespace ggp::agent::tools
