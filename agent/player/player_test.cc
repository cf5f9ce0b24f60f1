#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

#include "agent/player/nim_test_machine.h"
#include "agent/player/registry.h"
#include "agent/player/simple_players.h"

namespace ggp::agent {
namespace {

using reasoner::Move;
using reasoner::State;

std::shared_ptr<const reasoner::StateMachine> Nim(int pile = 3) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  std::vector<kif::Term> roles = {kif::Term::Atom(symbols->Intern("first")),
                                  kif::Term::Atom(symbols->Intern("second"))};
  return testing::MakeNimMachine(symbols, roles, pile);
}

Deadline Soon() { return SteadyClock::now() + std::chrono::milliseconds(50); }

TEST(RegistryTest, BuiltinPoliciesAreRegistered) {
  std::vector<std::string> names = PolicyNames();
  for (const char* n : {"random", "legal", "montecarlo"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
    EXPECT_TRUE(HasPolicy(n));
    auto p = MakePlayer(n, PlayerOptions{});
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->name(), n);
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_EQ(MakePlayer("no-such-policy", PlayerOptions{}), nullptr);
  EXPECT_FALSE(PolicyDescription("montecarlo").empty());
}

TEST(RegistryTest, OtherModulesCanRegisterAndReplace) {
  EXPECT_TRUE(RegisterPolicy("test-legal-alias",
                             [](const PlayerOptions& o) { return MakeLegalPlayer(o); }, "alias"));
  EXPECT_TRUE(HasPolicy("test-legal-alias"));
  auto p = MakePlayer("test-legal-alias", PlayerOptions{});
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->name(), "legal");
  EXPECT_FALSE(RegisterPolicy("test-legal-alias",
                              [](const PlayerOptions& o) { return MakeRandomPlayer(o); }));
  EXPECT_EQ(MakePlayer("test-legal-alias", PlayerOptions{})->name(), "random");
}

TEST(SimplePlayersTest, LegalPicksTheFirstLegalMove) {
  auto m = Nim();
  State s;
  m->InitialState(&s);
  auto p = MakePlayer("legal", PlayerOptions{});
  p->Start(m, 0, s, Soon());
  MoveStats stats;
  EXPECT_EQ(p->SelectMove(s, Soon(), &stats), 0);  // (take 1)
  p->Finish();
}

TEST(SimplePlayersTest, RandomPicksEveryLegalMoveSometimes) {
  auto m = Nim();
  State s;
  m->InitialState(&s);
  PlayerOptions options;
  options.seed = 7;
  auto p = MakePlayer("random", options);
  p->Start(m, 0, s, Soon());
  std::set<Move> seen;
  for (int i = 0; i < 200; ++i) seen.insert(p->SelectMove(s, Soon(), nullptr));
  EXPECT_EQ(seen, (std::set<Move>{0, 1}));
}

TEST(SimplePlayersTest, WholeGameBetweenPoliciesStaysLegal) {
  auto m = Nim(7);
  auto ws = m->NewWorkspace();
  State s, next;
  m->InitialState(&s);
  std::vector<std::unique_ptr<Player>> players;
  players.push_back(MakePlayer("random", PlayerOptions{1}));
  players.push_back(MakePlayer("montecarlo", PlayerOptions{2}));
  for (int r = 0; r < 2; ++r) players[static_cast<size_t>(r)]->Start(m, r, s, Soon());
  int steps = 0;
  while (!m->IsTerminal(s, *ws)) {
    std::vector<Move> joint;
    for (int r = 0; r < 2; ++r) {
      auto deadline = SteadyClock::now() + std::chrono::milliseconds(5);
      Move mv = players[static_cast<size_t>(r)]->SelectMove(s, deadline, nullptr);
      std::vector<Move> legal;
      m->LegalMoves(s, r, *ws, &legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), mv), legal.end());
      joint.push_back(mv);
    }
    m->NextState(s, joint, *ws, &next);
    for (auto& p : players) p->Advance(joint, next);
    s = next;
    ASSERT_LT(++steps, 100);
  }
  for (auto& p : players) p->Finish();
  EXPECT_EQ(m->Goal(s, 0, *ws) + m->Goal(s, 1, *ws), 100);
}

TEST(MoveStatsTest, ToJsonHasEveryField) {
  MoveStats s;
  s.iterations = 12;
  s.value = 55.5;
  s.extra = {{"k", 1}};
  nlohmann::json j = ToJson(s);
  EXPECT_EQ(j["iterations"], 12);
  EXPECT_EQ(j["value"], 55.5);
  EXPECT_EQ(j["extra"]["k"], 1);
  EXPECT_TRUE(j.contains("elapsed_ms"));
  EXPECT_FALSE(ToJson(MoveStats{}).contains("extra"));
}

}  // namespace
}  // namespace ggp::agent
