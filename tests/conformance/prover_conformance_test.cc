// The reference prover against every conformance trace of the shared corpus: one test per
// game, 100% agreement required on every game with playouts. Each game's replay is capped
// (kSecondsPerGame of wall time) to keep the suite's CI time bounded; a game cut short
// says how many steps went unchecked in its test output (the full, uncapped run is
// `ggp-agent conform --machine prover <corpus>/conformance/*.json`).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "agent/tools/conform.h"
#include "tests/conformance/corpus_traces.h"
#include "tests/testing/shared_dir.h"

namespace ggp::agent::tools {
namespace {

namespace fs = std::filesystem;

constexpr double kSecondsPerGame = 20.0;

class ProverConformanceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ProverConformanceTest, AgreesWithTrace) {
  GGP_REQUIRE_SHARED();
  fs::path trace = fs::path(ggp::testing::SharedDir()) / "conformance" / (GetParam() + ".json");
  ASSERT_TRUE(fs::exists(trace)) << trace;
  ConformOptions o;
  o.machine = "prover";
  o.budget.seconds = kSecondsPerGame;
  ConformResult r = ConformFile(trace.string(), o);
  std::cout << FormatResult(r) << std::endl;
  ASSERT_NE(r.status, ConformResult::Status::kError) << r.message;
  ASSERT_NE(r.status, ConformResult::Status::kDiffer) << r.message;
  if (r.status == ConformResult::Status::kSkipped) {
    GTEST_SKIP() << "trace has no playouts: " << r.message;
  }
  EXPECT_GT(r.replay.steps_checked, 0);
  if (!r.replay.stopped_by.empty()) {
    RecordProperty("unchecked_steps", std::to_string(r.replay.steps_total - r.replay.steps_checked));
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, ProverConformanceTest, ::testing::ValuesIn(ggp::testing::CorpusTraceNames()),
                         ggp::testing::TraceTestName);

}  // namespace
}  // namespace ggp::agent::tools
