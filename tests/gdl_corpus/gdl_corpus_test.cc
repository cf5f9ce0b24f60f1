// The validator against the shared corpus: every game the reference reasoner could run is
// accepted, every test_invalid_* file is rejected with its problem named, every other test
// file is accepted, and every game parses and normalises.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reasoner/gdl/normalize.h"
#include "reasoner/gdl/validate.h"
#include "tests/testing/shared_dir.h"

namespace ggp::gdl {
namespace {

namespace fs = std::filesystem;

std::string Errors(const ValidationReport& r) {
  std::string s;
  for (const Finding& f : r.findings) {
    if (f.severity == Severity::kError) s += "  " + kif::FormatDiagnostic(f.diagnostic) + "\n";
  }
  return s;
}

// The .kif files directly in `dir`, sorted.
std::vector<fs::path> KifFiles(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".kif") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool IsInvalidTest(const fs::path& p) {
  return p.filename().string().rfind("test_invalid_", 0) == 0;
}

// Whether a conformance trace holds at least one playout (the steps are not kept).
bool HasPlayouts(const fs::path& trace) {
  std::ifstream in(trace);
  nlohmann::json j = nlohmann::json::parse(
      in, [](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        return !(event == nlohmann::json::parse_event_t::key && parsed == "steps");
      });
  return j.contains("playouts") && j["playouts"].is_array() && !j["playouts"].empty();
}

TEST(GdlCorpus, GamesTheReferenceRanAreAccepted) {
  GGP_REQUIRE_SHARED();
  const fs::path shared = testing::SharedDir();
  size_t accepted = 0;
  for (const auto& entry : fs::directory_iterator(shared / "conformance")) {
    if (entry.path().extension() != ".json") continue;
    const fs::path game = shared / "games" / (entry.path().stem().string() + ".kif");
    if (!fs::exists(game)) continue;
    ValidationReport r = ValidateFile(game.string());
    if (!HasPlayouts(entry.path())) {
      // The reference could not run it: show what the validator says, without judging.
      std::cout << game.filename().string() << " (no reference playouts): "
                << (r.ok() ? "accepted\n" : "rejected\n" + Errors(r));
      continue;
    }
    EXPECT_TRUE(r.ok()) << game << " is rejected:\n" << Errors(r);
    ++accepted;
  }
  EXPECT_GE(accepted, 100u) << "expected the corpus to hold many games with playouts";
}

TEST(GdlCorpus, InvalidTestGamesAreRejectedWithTheProblemNamed) {
  GGP_REQUIRE_SHARED();
  // The problem each known invalid file must be reported for: check id and message text.
  const std::map<std::string, std::pair<std::string, std::string>> expected = {
      {"test_invalid_function_arities_differ.kif", {"arity", "function 'a' used with arity"}},
      {"test_invalid_sentence_arities_differ.kif", {"arity", "relation 'foo' used with arity"}},
  };
  size_t invalid = 0;
  for (const fs::path& p : KifFiles(fs::path(testing::SharedDir()) / "games" / "test")) {
    if (!IsInvalidTest(p)) continue;
    ++invalid;
    ValidationReport r = ValidateFile(p.string());
    EXPECT_FALSE(r.ok()) << p << " is accepted";
    auto it = expected.find(p.filename().string());
    if (it == expected.end()) continue;
    EXPECT_TRUE(r.Has(Severity::kError, it->second.first, it->second.second))
        << p << " is not reported for '" << it->second.second << "':\n"
        << Errors(r);
    for (const Finding& f : r.findings)
      EXPECT_GT(f.diagnostic.where.line, 0) << f.diagnostic.message;
  }
  EXPECT_GE(invalid, 2u);
}

TEST(GdlCorpus, OtherTestGamesAreAccepted) {
  GGP_REQUIRE_SHARED();
  size_t cases = 0;
  for (const fs::path& p : KifFiles(fs::path(testing::SharedDir()) / "games" / "test")) {
    if (IsInvalidTest(p)) continue;
    cases += p.filename().string().rfind("test_case_", 0) == 0 ? 1 : 0;
    ValidationReport r = ValidateFile(p.string());
    EXPECT_TRUE(r.ok()) << p << " is rejected:\n" << Errors(r);
  }
  EXPECT_GE(cases, 10u);
}

TEST(GdlCorpus, EveryGameParsesAndNormalises) {
  GGP_REQUIRE_SHARED();
  const fs::path games = fs::path(testing::SharedDir()) / "games";
  std::vector<fs::path> files = KifFiles(games);
  std::vector<fs::path> tests = KifFiles(games / "test");
  files.insert(files.end(), tests.begin(), tests.end());
  ASSERT_FALSE(files.empty());
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    Description d;
    std::vector<kif::Diagnostic> errors;
    ASSERT_TRUE(LoadDescriptionFile(p.string(), std::make_shared<kif::SymbolTable>(), &d, &errors))
        << (errors.empty() ? "" : kif::FormatDiagnostic(errors[0]));
    EXPECT_FALSE(d.roles.empty());
    Description n = Normalize(d);
    EXPECT_EQ(n.roles, d.roles);
    EXPECT_FALSE(n.rules.empty());
    for (const Rule& rule : n.rules) {
      for (const Literal& l : rule.body)
        ASSERT_NE(l.kind, Literal::Kind::kOr) << ToString(rule, *n.symbols);
    }
    // Normalising must not turn an accepted game into a rejected one.
    if (Validate(d).ok()) {
      ValidationReport after = Validate(n);
      EXPECT_TRUE(after.ok()) << Errors(after);
    }
  }
}

}  // namespace
}  // namespace ggp::gdl
