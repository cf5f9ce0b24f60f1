// Decisive moves in playouts (SearchParams::decisive_playouts): a playout takes a move that
// wins at once where the drawn one would not.

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "agent/search/heuristic_testing.h"  // Machine(gdl, backend)
#include "agent/search/mcts_player.h"  // SearchParamsFromJson
#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

// x and o take turns; the mover plays one of six waiting moves or `win`, which ends the
// game with 100 for it. After ten plies nobody has won: 50 each.
constexpr char kRace[] = R"(
(role x) (role o)
(init (control x)) (init (step 0))
(pick 1) (pick 2) (pick 3) (pick 4) (pick 5) (pick 6)
(<= (legal ?p (wait ?n)) (true (control ?p)) (pick ?n))
(<= (legal ?p win) (true (control ?p)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (won ?p)) (does ?p win))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
(succ 8 9) (succ 9 10)
(<= terminal (true (won ?p)))
(<= terminal (true (step 10)))
(<= (goal ?p 100) (true (won ?p)))
(<= (goal ?p 0) (role ?p) (not (true (won ?p))) (true (won ?q)))
(<= (goal ?p 50) (role ?p) (not (true (won x))) (not (true (won o))))
)";

// x's mean reward over the root's waiting moves after `iterations` (no solver, plain UCT,
// so only playouts decide the statistics of the children's subtrees).
double WaitingMean(const reasoner::StateMachine& m, std::shared_ptr<const reasoner::StateMachine> owner,
                   SearchParams::Decisive decisive, int iterations) {
  SearchPool pool(1);
  SearchParams p;
  p.solver = false;
  p.grave = false;
  p.decisive_playouts = decisive;
  p.seed = 3;
  p.transpositions = false;  // x's waiting moves lead to one state: keep a subtree each
  MctsSearch search(std::move(owner), 0, p, &pool);
  EXPECT_EQ(search.Playouts().find("decisive") != std::string::npos,
            decisive == SearchParams::Decisive::kAlways ||
                (decisive == SearchParams::Decisive::kOwnLoop && m.HasDecisivePlayout()));
  reasoner::State root;
  m.InitialState(&root);
  search.SetRoot(root);
  EXPECT_EQ(search.RunIterations(iterations), iterations);
  const Node& node = *search.root();
  double reward = 0, visits = 0;
  for (uint32_t i = 0; i < node.num_moves(0); ++i) {
    const std::string text = kif::ToString(m.MoveTerm(0, node.moves(0)[i]), m.symbols());
    if (text == "win") continue;
    reward += node.stat(0, i).reward_sum();
    visits += node.stat(0, i).visits.load();
  }
  EXPECT_GT(visits, 0);
  return reward / visits;
}

TEST(MctsDecisiveTest, PlayoutsTakeTheWinningMove) {
  for (const std::string backend : {"propnet", "prover"}) {
    auto m = heuristic_testing::Machine(kRace, backend);
    ASSERT_NE(m, nullptr) << backend;
    // After x waits, o moves first in the playout: with decisive moves it always wins, so
    // every waiting move of x is worth exactly 0 as long as its subtree is one node deep.
    EXPECT_DOUBLE_EQ(WaitingMean(*m, m, SearchParams::Decisive::kAlways, 7), 0.0) << backend;
    // Uniform playouts let o miss it (x then wins or draws about half the time); so does
    // the default, which leaves machines without a loop of their own uniform.
    EXPECT_GT(WaitingMean(*m, m, SearchParams::Decisive::kOff, 7), 0.0) << backend;
    EXPECT_GT(WaitingMean(*m, m, SearchParams::Decisive::kOwnLoop, 7), 0.0) << backend;
  }
}

// A machine that says it has its own decisive loop and counts which loop the search asks
// for (both run the inner machine's uniform playout).
class OwnLoop final : public heuristic_testing::Delegating {
 public:
  using Delegating::Delegating;
  std::string_view backend() const override { return "own-loop-test"; }
  reasoner::PlayoutResult RandomPlayout(const reasoner::State& s, int max_steps, reasoner::Rng& rng,
                                        reasoner::Workspace& ws, reasoner::State* end,
                                        std::vector<reasoner::PlayoutMove>* moves,
                                        const std::atomic<bool>* stop) const override {
    ++uniform;
    return inner().RandomPlayout(s, max_steps, rng, ws, end, moves, stop);
  }
  bool HasDecisivePlayout() const override { return true; }
  reasoner::PlayoutResult DecisivePlayout(const reasoner::State& s, int max_steps,
                                          reasoner::Rng& rng, reasoner::Workspace& ws,
                                          reasoner::State* end,
                                          std::vector<reasoner::PlayoutMove>* moves,
                                          const std::atomic<bool>* stop) const override {
    ++decisive;
    return inner().RandomPlayout(s, max_steps, rng, ws, end, moves, stop);
  }

  mutable std::atomic<int> uniform{0}, decisive{0};
};

TEST(MctsDecisiveTest, AMachineWithItsOwnLoopRunsTheDecisivePlayouts) {
  auto inner = heuristic_testing::Machine(kRace, "propnet");
  ASSERT_NE(inner, nullptr);
  using D = SearchParams::Decisive;
  for (D mode : {D::kAlways, D::kOwnLoop, D::kOff}) {
    auto m = std::make_shared<OwnLoop>(inner);
    WaitingMean(*m, m, mode, 20);
    EXPECT_EQ(m->decisive.load() > 0, mode != D::kOff);
    EXPECT_EQ(m->uniform.load() > 0, mode == D::kOff);
  }
}

// `auto` means "the machine's own loop": where MAST replaces the uniform draw, that loop is
// not used, so auto leaves the playouts as MAST draws them (no search-level decisive moves),
// while `true` still asks for them.
TEST(MctsDecisiveTest, AutoNeedsTheMachineLoopToBeInUse) {
  auto inner = heuristic_testing::Machine(kRace, "propnet");
  ASSERT_NE(inner, nullptr);
  using D = SearchParams::Decisive;
  for (D mode : {D::kOwnLoop, D::kAlways}) {
    auto m = std::make_shared<OwnLoop>(inner);
    SearchPool pool(1);
    SearchParams p;
    p.mast = true;
    p.solver = false;  // x wins at once: the solver would stop the search
    p.decisive_playouts = mode;
    MctsSearch search(m, 0, p, &pool);
    EXPECT_EQ(search.Playouts(), mode == D::kAlways ? "mast+decisive" : "mast");
    reasoner::State root;
    m->InitialState(&root);
    search.SetRoot(root);
    EXPECT_EQ(search.RunIterations(20), 20);
    EXPECT_EQ(m->decisive.load(), 0);  // MAST playouts run in the search, not the machine
    EXPECT_EQ(m->uniform.load(), 0);
  }
}

TEST(MctsDecisiveTest, ParamsSpellTheThreeModes) {
  using D = SearchParams::Decisive;
  SearchParams off;
  off.decisive_playouts = D::kOff;
  EXPECT_EQ(SearchParamsFromJson(nlohmann::json::object()).decisive_playouts, D::kOwnLoop);
  EXPECT_EQ(SearchParamsFromJson({{"decisive_playouts", true}}, off).decisive_playouts, D::kAlways);
  EXPECT_EQ(SearchParamsFromJson({{"decisive_playouts", false}}).decisive_playouts, D::kOff);
  EXPECT_EQ(SearchParamsFromJson({{"decisive_playouts", "auto"}}, off).decisive_playouts,
            D::kOwnLoop);
  EXPECT_EQ(SearchParamsFromJson({{"decisive_playouts", "maybe"}}, off).decisive_playouts, D::kOff);
}

}  // namespace
}  // namespace ggp::agent::search
