// Replays every conformance trace of the shared corpus against the propnet, the machine
// "auto" picks wherever it builds: every state, terminal flag, legal set and goal of the
// trace must match. Where the propnet does not build, it must fail by its budget (time or
// memory) with that reason, never by an error: "auto" then plays on the prover, which
// tests/conformance checks on every trace.
//
// To keep CI time bounded, a build gets kBuildSeconds here (the agent gives 30 s): the
// few corpus games that need longer (amazons, racer, skirmish, ...) count as budget
// failures in this suite; `ggp-agent conform --machine propnet` replays them in full.
// Where the propnet is over budget, the split machine (reasoner/factory/split_machine.h),
// which "auto" tries next, is replayed when it builds within the same budget.

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <string>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/propnet/propnet_machine.h"
#include "tests/conformance/corpus_traces.h"
#include "tests/differential/trace_replay.h"
#include "tests/testing/shared_dir.h"

namespace ggp::testing {
namespace {

constexpr double kBuildSeconds = 10.0;

class PropnetTraceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(PropnetTraceTest, AgreesWithTheReferenceTrace) {
  GGP_REQUIRE_SHARED();
  std::string game = GetParam();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::LoadDescriptionFile(SharedDir() + "/games/" + game + ".kif", symbols, &d, &errors));
  std::ifstream in(SharedDir() + "/conformance/" + game + ".json");
  ASSERT_TRUE(in) << "no trace for " << game;
  nlohmann::json trace = nlohmann::json::parse(in);
  // A trace without playouts: the reference could not run the game (invalid GDL); any
  // failure with a reason is then acceptable, a crash is not.
  const bool recorded = !trace.value("playouts", nlohmann::json::array()).empty();
  reasoner::propnet::PropnetOptions options;
  options.budget.max_seconds = kBuildSeconds;
  reasoner::propnet::PropnetBuild built = reasoner::propnet::PropnetMachine::Build(d, options);
  if (!built.machine) {
    std::cout << game << ": no propnet (" << built.error << ")" << std::endl;
    EXPECT_FALSE(built.error.empty());
    if (recorded) {
      EXPECT_TRUE(built.error.find("exceeded") != std::string::npos ||
                  built.error.find("out of memory") != std::string::npos)
          << game << ": " << built.error;
    }
    if (!recorded || built.error.find("exceeded") == std::string::npos) return;
    // "auto" then tries the split machine (propnet without the goals, prover for them).
    reasoner::MachineOptions mo;
    mo.backend = "split";
    mo.build_seconds = kBuildSeconds;
    reasoner::MachineBuild split = reasoner::CreateMachine(d, mo);
    std::cout << game << ": " << split.reason << std::endl;
    if (!split.machine) return;
    ReplayResult r = ReplayTrace(*split.machine, trace);
    std::cout << game << ": " << r.steps << " steps agree on the split machine" << std::endl;
    EXPECT_TRUE(r.ok) << game << " (split machine): " << r.mismatch;
    EXPECT_GT(r.steps, 0) << game << ": the trace has no steps";
    return;
  }
  ReplayResult r = ReplayTrace(*built.machine, trace);
  std::cout << game << ": " << r.steps << " steps agree" << std::endl;
  EXPECT_TRUE(r.ok) << game << ": " << r.mismatch;
  if (recorded) {
    EXPECT_GT(r.steps, 0) << game << ": the trace has no steps";
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, PropnetTraceTest, ::testing::ValuesIn(CorpusTraceNames()),
                         TraceTestName);

}  // namespace
}  // namespace ggp::testing
