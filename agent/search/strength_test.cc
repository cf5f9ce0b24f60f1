// Seed 002: the contempt factor on drawn outcomes (the "contempt shift"), the regret of an
// opponent's decision, the strength classification, and MctsPlayer acting on it.

#include "agent/search/strength.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::search {
namespace {

// "player" chooses a certain draw (50-50) or a gamble; after the gamble "random" (chance:
// no rival, SearchParams::rivalry), whose goal is always 50 and which is therefore
// indifferent, picks heads (player wins, 100) or tails (player loses, 0). Its UCT splits
// its visits about evenly: the gamble is worth about 0.5 to player, as much as the draw
// without contempt.
constexpr const char kGambleGdl[] = R"((role player) (role random)
(init (control player))
(<= (legal player draw) (true (control player)))
(<= (legal player gamble) (true (control player)))
(<= (legal random noop) (true (control player)))
(<= (legal random heads) (true (control random)))
(<= (legal random tails) (true (control random)))
(<= (legal player noop) (true (control random)))
(<= (next (control random)) (does player gamble))
(<= (next drawn) (does player draw))
(<= (next won) (does random heads))
(<= (next lost) (does random tails))
(<= terminal (true drawn))
(<= terminal (true won))
(<= terminal (true lost))
(<= (goal player 50) (true drawn))
(<= (goal player 100) (true won))
(<= (goal player 0) (true lost))
(<= (goal player 0) (true (control ?r)))
(goal random 50)
)";

std::shared_ptr<const reasoner::StateMachine> GambleMachine() {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(kGambleGdl, std::make_shared<kif::SymbolTable>(), &d, &errors))
    return nullptr;
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  return reasoner::CreateMachine(d, mo).machine;
}

// The index of `name` among role 0's legal moves at the root.
uint32_t MoveIndex(const reasoner::StateMachine& m, const Node& root, const char* name) {
  for (uint32_t i = 0; i < root.num_moves(0); ++i) {
    if (kif::ToString(m.MoveTerm(0, root.moves(0)[i]), m.symbols()) == name) return i;
  }
  return root.num_moves(0);
}

struct GambleSearch {
  explicit GambleSearch(double contempt) : machine(GambleMachine()), pool(1) {
    SearchParams p;
    p.contempt = contempt;
    search = std::make_unique<MctsSearch>(machine, 0, p, &pool);
    reasoner::State s;
    machine->InitialState(&s);
    search->SetRoot(s);
    search->RunIterations(3000);
  }
  std::string Chosen() const {
    const Decision d = search->Decide();
    return kif::ToString(machine->MoveTerm(0, d.move), machine->symbols());
  }
  const Node& DrawChild() const {
    const Node& root = *search->root();
    return *root.child(MoveIndex(*machine, root, "draw"));
  }
  std::shared_ptr<const reasoner::StateMachine> machine;
  SearchPool pool;
  std::unique_ptr<MctsSearch> search;
};

TEST(ContemptTest, DrawsAndTheShift) {
  EXPECT_TRUE(IsDraw(std::span<const float>(std::vector<float>{0.5f, 0.5f})));
  EXPECT_TRUE(IsDraw(std::span<const double>(std::vector<double>{0.3, 0.3, 0.3})));
  EXPECT_FALSE(IsDraw(std::span<const float>(std::vector<float>{0.0f, 0.0f})));  // shared loss
  EXPECT_FALSE(IsDraw(std::span<const float>(std::vector<float>{1.0f, 1.0f})));  // shared win
  EXPECT_FALSE(IsDraw(std::span<const float>(std::vector<float>{0.6f, 0.4f})));
  EXPECT_FALSE(IsDraw(std::span<const float>(std::vector<float>{0.5f})));  // one role
  std::vector<double> v{0.5, 0.5};
  ApplyContempt(std::span<double>(v), true, 1, -0.6);
  EXPECT_DOUBLE_EQ(v[0], 0.5);
  EXPECT_NEAR(v[1], 0.2, 1e-12);
  // With relative rewards a draw is 0.5 for everyone, and the shift is the same.
  std::vector<double> three{0.3, 0.3, 0.3};
  RelativeRewards(std::span<double>(three));
  ApplyContempt(std::span<double>(three), true, 0, 0.2);
  EXPECT_NEAR(three[0], 0.6, 1e-12);
  EXPECT_DOUBLE_EQ(three[1], 0.5);
  std::vector<double> not_draw{0.5, 0.5};
  ApplyContempt(std::span<double>(not_draw), false, 0, 0.2);
  EXPECT_DOUBLE_EQ(not_draw[0], 0.5);
}

TEST(ContemptTest, ContemptShift) {
  ASSERT_NE(GambleMachine(), nullptr);
  GambleSearch avoid(-0.6), accept(0.2);
  EXPECT_EQ(avoid.Chosen(), "gamble");
  EXPECT_EQ(accept.Chosen(), "draw");
  EXPECT_NEAR(avoid.DrawChild().value(0), 0.2, 1e-6);
  EXPECT_NEAR(accept.DrawChild().value(0), 0.6, 1e-6);
  // Only our value of the draw moves.
  EXPECT_FLOAT_EQ(avoid.DrawChild().value(1), 0.5f);
  EXPECT_TRUE(avoid.DrawChild().draw());
}

TEST(ContemptTest, ZeroContemptLeavesValuesUnchanged) {
  GambleSearch plain(0.0);
  const Node& draw = plain.DrawChild();
  EXPECT_FLOAT_EQ(draw.value(0), 0.5f);
  EXPECT_FLOAT_EQ(draw.value(1), 0.5f);
  // The gamble's mean stays near a half: nature is indifferent.
  const Node& root = *plain.search->root();
  const MoveStat& g = root.stat(0, MoveIndex(*plain.machine, root, "gamble"));
  ASSERT_GT(g.visits.load(), 100u);
  EXPECT_NEAR(g.reward_sum() / g.visits.load(), 0.5, 0.1);
}

TEST(StrengthTest, RegretOfADecision) {
  auto machine = GambleMachine();
  ASSERT_NE(machine, nullptr);
  auto ws = machine->NewWorkspace();
  reasoner::State s;
  machine->InitialState(&s);
  NodeScratch scratch;
  UniformPrior uniform;
  auto root = Node::Create(*machine, *ws, s, uniform, 64, &scratch);
  ASSERT_NE(root, nullptr);
  const uint32_t draw = MoveIndex(*machine, *root, "draw");
  const uint32_t gamble = 1 - draw;
  root->stat(0, draw).visits.store(100);
  root->stat(0, draw).SetRewardSum(50);  // 0.5
  root->stat(0, gamble).visits.store(30);
  root->stat(0, gamble).SetRewardSum(24);  // 0.8
  const reasoner::Move d = root->moves(0)[draw], g = root->moves(0)[gamble];
  EXPECT_NEAR(DecisionRegret(*root, 0, d, 20), 0.3, 1e-6);
  EXPECT_NEAR(DecisionRegret(*root, 0, g, 20), 0.0, 1e-6);
  // The gamble lacks the visits to be the best: nothing better than the draw.
  EXPECT_NEAR(DecisionRegret(*root, 0, d, 50), 0.0, 1e-6);
  EXPECT_LT(DecisionRegret(*root, 1, 0, 20), 0);  // nature has one move: no decision

  StrengthOptions o;
  o.decisions = 2;
  o.weaker_above = 0.10;
  o.stronger_drop = 0.05;
  StrengthEstimator e(o);
  e.Reset(1);  // we are nature; player is the opponent
  const std::vector<reasoner::Move> joint{d, root->moves(1)[0]};
  // Our (nature's) value at the root: 0.6 at the first decision, 0.4 at the second.
  root->stat(1, 0).visits.store(10);
  root->stat(1, 0).SetRewardSum(6);
  EXPECT_NEAR(RoleValue(*root, 1), 0.6, 1e-6);
  EXPECT_FALSE(e.Observe(*root, joint));
  EXPECT_EQ(e.estimate(), Strength::kUnknown);
  root->stat(1, 0).visits.store(20);
  root->stat(1, 0).SetRewardSum(8);
  EXPECT_TRUE(e.Observe(*root, joint));
  EXPECT_FALSE(e.Observe(*root, joint));  // the estimate is made: no more decisions
  EXPECT_EQ(e.decisions(), 2);
  EXPECT_NEAR(e.mean_regret(), 0.3, 1e-6);
  EXPECT_EQ(e.estimate(), Strength::kWeaker);  // 0.3 > 0.10
  EXPECT_NEAR(e.first_value(), 0.6, 1e-6);
  EXPECT_NEAR(e.last_value(), 0.4, 1e-6);
  EXPECT_NEAR(e.value_drop(), 0.2, 1e-6);
  EXPECT_DOUBLE_EQ(e.agreement(), 1.0);  // the draw is player's most visited move
  EXPECT_TRUE(IsMostVisited(*root, 0, d));
  EXPECT_FALSE(IsMostVisited(*root, 0, g));
  EXPECT_EQ(StrengthEstimator::Classify(0.05, 0.0, o), Strength::kEqual);
  EXPECT_EQ(StrengthEstimator::Classify(0.05, 0.2, o), Strength::kStronger);
  EXPECT_EQ(StrengthEstimator::Classify(0.3, 0.2, o), Strength::kWeaker);  // regret first
  EXPECT_DOUBLE_EQ(ContemptFor(Strength::kWeaker), -0.6);
  EXPECT_DOUBLE_EQ(ContemptFor(Strength::kStronger), 0.2);
  EXPECT_DOUBLE_EQ(ContemptFor(Strength::kEqual), 0.0);
  EXPECT_EQ(e.Report(-0.6)["estimate"], "weaker");
}

TEST(StrengthTest, PlayerSetsTheContemptFromItsEstimate) {
  auto machine = GambleMachine();
  ASSERT_NE(machine, nullptr);
  SearchPool pool(1);
  PlayerOptions po;
  po.seed = 7;
  // One decision decides; every mean regret (>= 0) is above -1: "weaker".
  po.params = {{"strength", true},
               {"strength_decisions", 1},
               {"strength_min_visits", 5},
               {"strength_weaker_above", -1.0},
               {"max_iterations", 500}};
  MctsPlayer nature(po, &pool);
  reasoner::State s, next;
  machine->InitialState(&s);
  nature.Start(machine, 1, s, SteadyClock::now() + std::chrono::seconds(30));
  nature.search()->WaitUntilDone();
  EXPECT_DOUBLE_EQ(nature.contempt(), 0.0);
  MoveStats stats;
  const reasoner::Move noop =
      nature.SelectMove(s, SteadyClock::now() + std::chrono::seconds(30), &stats);
  EXPECT_EQ(stats.extra["strength"]["estimate"], "unknown");
  nature.search()->WaitUntilDone();
  const MctsSearch* before = nature.search();
  auto ws = machine->NewWorkspace();
  const std::vector<reasoner::Move> joint{nature.search()->root()->moves(0)[0], noop};
  machine->NextState(s, joint, *ws, &next);
  nature.Advance(joint, next);
  EXPECT_EQ(nature.strength().decisions(), 1);
  EXPECT_EQ(nature.strength().estimate(), Strength::kWeaker);
  EXPECT_DOUBLE_EQ(nature.contempt(), -0.6);
  EXPECT_NE(nature.search(), before);  // a fresh tree for the new contempt
  nature.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
