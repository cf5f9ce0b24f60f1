#include "reasoner/factory/machine_race.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "tests/testing/small_games.h"

namespace ggp::reasoner {
namespace {

gdl::Description Parse(const char* text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return d;
}

std::shared_ptr<const StateMachine> Build(const std::string& backend) {
  MachineOptions o;
  o.backend = backend;
  MachineBuild b = CreateMachine(Parse(::ggp::testing::kNim3Gdl), o);
  EXPECT_TRUE(b.machine) << b.reason;
  return b.machine;
}

// The same game, a thousand times slower than any machine of it: every step waits 2 ms.
// The gap is made that wide so that no load on the test machine can close it.
class Sluggish final : public StateMachine {
 public:
  explicit Sluggish(std::shared_ptr<const StateMachine> m)
      : StateMachine(m->shared_symbols(), m->roles()), m_(std::move(m)) {}
  std::string_view backend() const override { return "sluggish"; }
  std::unique_ptr<Workspace> NewWorkspace() const override { return m_->NewWorkspace(); }
  void InitialState(State* out) const override { m_->InitialState(out); }
  bool IsTerminal(const State& s, Workspace& ws) const override { return m_->IsTerminal(s, ws); }
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override {
    m_->LegalMoves(s, role, ws, out);
  }
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    m_->NextState(s, joint, ws, out);
  }
  int Goal(const State& s, int role, Workspace& ws) const override { return m_->Goal(s, role, ws); }
  kif::Term MoveTerm(int role, Move m) const override { return m_->MoveTerm(role, m); }
  std::optional<Move> FindMove(int role, const kif::Term& t) const override {
    return m_->FindMove(role, t);
  }
  std::vector<kif::Term> Fluents(const State& s) const override { return m_->Fluents(s); }

 private:
  std::shared_ptr<const StateMachine> m_;
};

TEST(MachineRaceTest, TheReferenceWinsAgainstASlowCandidate) {
  auto prover = Build("prover");
  Sluggish slow(prover);
  RaceOptions o;
  o.seconds = 0.05;
  o.steps = 1000000;
  RaceResult r = RaceMachines(slow, *prover, o);
  EXPECT_GT(r.steps, 0);
  EXPECT_GE(r.candidate_seconds, 0.05);
  EXPECT_TRUE(r.reference_finished);
  EXPECT_GE(r.reference_steps, r.steps);
  EXPECT_TRUE(r.reference_faster);
  EXPECT_GT(r.ReferenceRate(), 2 * r.CandidateRate());
}

TEST(MachineRaceTest, ASlowReferenceStopsAsSoonAsItHasLost) {
  auto prover = Build("prover");
  Sluggish slow(prover);
  RaceOptions o;
  o.seconds = 0.05;
  o.steps = 1000000;
  o.chunk_steps = 1;
  RaceResult r = RaceMachines(*prover, slow, o);
  EXPECT_GT(r.playouts, 0);
  EXPECT_GT(r.steps, 25);  // 50 ms of nim at far under 2 ms a move
  EXPECT_FALSE(r.reference_finished);
  EXPECT_FALSE(r.reference_faster);
  EXPECT_LT(r.reference_steps, r.steps);
  // It stops at the first chunk past its allowance (half the candidate's time), one step.
  EXPECT_LT(r.reference_seconds, r.candidate_seconds / 2 + 0.5);
}

TEST(MachineRaceTest, NothingIsABillionTimesFasterThanItself) {
  auto prover = Build("prover");
  RaceOptions o;
  o.seconds = 0.02;
  o.margin = 1e9;
  RaceResult r = RaceMachines(*prover, *prover, o);
  EXPECT_GT(r.steps, 0);
  EXPECT_FALSE(r.reference_faster);
}

TEST(MachineRaceTest, AFastCandidateStopsAtItsShareOfMoves) {
  auto prover = Build("prover");
  RaceOptions o;
  o.steps = 40;
  o.seconds = 1000;  // the moves, not the clock, end this race
  RaceResult r = RaceMachines(*prover, *prover, o);
  EXPECT_GE(r.steps, 40);
  EXPECT_LT(r.steps, 40 + o.chunk_steps);
}

TEST(MachineRaceTest, ACancelledRacePlaysNothing) {
  auto prover = Build("prover");
  std::atomic<bool> cancel{true};
  RaceOptions o;
  o.cancel = &cancel;
  RaceResult r = RaceMachines(*prover, *prover, o);
  EXPECT_EQ(r.steps, 0);
  EXPECT_EQ(r.reference_steps, 0);
  EXPECT_FALSE(r.reference_faster);
}

TEST(MachineRaceTest, AutoReportsTheRaceOrSkipsItWhenAskedTo) {
  MachineOptions o;
  o.backend = "auto";
  o.board_seconds = 0;
  MachineBuild raced = CreateMachine(Parse(::ggp::testing::kNim3Gdl), o);
  ASSERT_TRUE(raced.machine) << raced.reason;
  EXPECT_NE(raced.reason.find("random moves/s"), std::string::npos) << raced.reason;
  o.race_seconds = 0;
  MachineBuild unraced = CreateMachine(Parse(::ggp::testing::kNim3Gdl), o);
  ASSERT_TRUE(unraced.machine) << unraced.reason;
  EXPECT_EQ(unraced.backend, "propnet");
  EXPECT_EQ(unraced.reason.find("random moves/s"), std::string::npos) << unraced.reason;
}

}  // namespace
}  // namespace ggp::reasoner
