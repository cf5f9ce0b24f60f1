#include "reasoner/factory/machine_factory.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "tests/testing/small_games.h"

namespace ggp::reasoner {
namespace {

constexpr const char* kNim3 = ::ggp::testing::kNim3Gdl;

gdl::Description Parse(const char* text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return d;
}

TEST(MachineFactoryTest, KnownBackends) {
  EXPECT_TRUE(IsKnownBackend("auto"));
  EXPECT_TRUE(IsKnownBackend("prover"));
  EXPECT_TRUE(IsKnownBackend("propnet"));
  EXPECT_TRUE(IsKnownBackend("split"));
  EXPECT_TRUE(IsKnownBackend("dfa"));
  EXPECT_FALSE(IsKnownBackend("board"));
  EXPECT_FALSE(IsKnownBackend(""));
}

TEST(MachineFactoryTest, ProverBuildsAndPlays) {
  MachineOptions o;
  o.backend = "prover";
  MachineBuild b = CreateMachine(Parse(kNim3), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "prover");
  EXPECT_EQ(b.machine->backend(), "prover");
  EXPECT_EQ(b.machine->num_roles(), 2);
  EXPECT_GE(b.build_ms, 0.0);
  State s;
  b.machine->InitialState(&s);
  auto ws = b.machine->NewWorkspace();
  EXPECT_FALSE(b.machine->IsTerminal(s, *ws));
}

// Every state adds a deeper function term: grounding never reaches a fixpoint.
constexpr const char* kEndlessCounter =
    "(role r) (init (num z)) (<= (legal r go) (role r))"
    "(<= (next (num (s ?x))) (true (num ?x))) (<= terminal (true (num (s (s z)))))"
    "(<= (goal r 100) (role r))";

TEST(MachineFactoryTest, AutoPicksTheVerifiedPropnet) {
  MachineOptions o;
  o.backend = "auto";
  MachineBuild b = CreateMachine(Parse(kNim3), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "propnet");
  EXPECT_EQ(b.machine->backend(), "propnet");
  EXPECT_NE(b.reason.find("verified against the prover"), std::string::npos) << b.reason;
}

TEST(MachineFactoryTest, AutoFallsBackToProverWhenThePropnetIsOverBudget) {
  MachineOptions o;
  o.backend = "auto";
  o.build_memory_bytes = size_t{16} << 20;
  MachineBuild b = CreateMachine(Parse(kEndlessCounter), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "prover");
  EXPECT_NE(b.reason.find("propnet build failed"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("exceeded"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("using prover"), std::string::npos) << b.reason;
}

// A match that ends during its build sets the cancel flag: the build stops at once with
// that reason (kEndlessCounter would otherwise ground until the budget runs out).
TEST(MachineFactoryTest, ACancelledBuildStopsAndAutoReturnsTheProver) {
  std::atomic<bool> cancel{true};
  MachineOptions o;
  o.cancel = &cancel;
  o.backend = "propnet";
  MachineBuild pn = CreateMachine(Parse(kEndlessCounter), o);
  EXPECT_FALSE(pn.machine);
  EXPECT_NE(pn.reason.find("was cancelled"), std::string::npos) << pn.reason;
  o.backend = "auto";
  MachineBuild b = CreateMachine(Parse(kNim3), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "prover");
  EXPECT_NE(b.reason.find("cancelled"), std::string::npos) << b.reason;
}

TEST(MachineFactoryTest, PropnetBuildsAndPlays) {
  MachineOptions o;
  o.backend = "propnet";
  MachineBuild b = CreateMachine(Parse(kNim3), o);
  ASSERT_TRUE(b.machine) << b.reason;
  EXPECT_EQ(b.backend, "propnet");
  State s;
  b.machine->InitialState(&s);
  auto ws = b.machine->NewWorkspace();
  std::vector<Move> moves;
  b.machine->LegalMoves(s, 0, *ws, &moves);
  EXPECT_EQ(moves.size(), 2u);
}

TEST(MachineFactoryTest, PropnetOverBudgetIsNullWithReason) {
  MachineOptions o;
  o.backend = "propnet";
  o.build_memory_bytes = size_t{16} << 20;
  MachineBuild b = CreateMachine(Parse(kEndlessCounter), o);
  EXPECT_FALSE(b.machine);
  EXPECT_NE(b.reason.find("exceeded the 16 MB memory budget"), std::string::npos) << b.reason;
}

TEST(MachineFactoryTest, UnknownBackendIsNull) {
  MachineOptions o;
  o.backend = "oracle";
  MachineBuild b = CreateMachine(Parse(kNim3), o);
  EXPECT_FALSE(b.machine);
  EXPECT_NE(b.reason.find("oracle"), std::string::npos) << b.reason;
}

TEST(MachineFactoryTest, NoRolesGivesNullMachine) {
  MachineOptions o;
  o.backend = "prover";
  MachineBuild b = CreateMachine(Parse("(init (p 1)) (<= terminal (true (p 1)))"), o);
  EXPECT_FALSE(b.machine);
  EXPECT_FALSE(b.reason.empty());
}

}  // namespace
}  // namespace ggp::reasoner
