// Live keys (SearchParams::live_keys): the transposition table compares states on the
// machine's live fluents, so two move orders that reach states differing only in a dead
// fluent (a record of the last move that nothing reads) share one node, and tree reuse
// keeps such a node for the real state.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "agent/search/heuristic_testing.h"  // Machine(gdl, backend)
#include "agent/search/mcts_search.h"

namespace ggp::agent::search {
namespace {

// One role paints red or blue three times and scores 100 for having used both colours.
// (used c) matters; (latest c), the colour of the last stroke, is read by nothing that
// matters.
constexpr const char* kRecorded = R"(
(role painter)
(colour red) (colour blue)
(after 0 1) (after 1 2) (after 2 3)
(init (strokes 0))
(<= (legal painter (paint ?c)) (colour ?c))
(<= (next (strokes ?n)) (true (strokes ?m)) (after ?m ?n))
(<= (next (used ?c)) (does painter (paint ?c)))
(<= (next (used ?c)) (true (used ?c)))
(<= (next (latest ?c)) (does painter (paint ?c)))
(<= terminal (true (strokes 3)))
(<= (goal painter 100) (true (used red)) (true (used blue)))
(<= (goal painter 0) (not (true (used red))))
(<= (goal painter 0) (not (true (used blue))))
)";

// The game's propnet, its initial state and a search of it from there, 2,000 iterations
// in.
struct Searched {
  explicit Searched(bool live_keys)
      : machine(heuristic_testing::Machine(kRecorded, "propnet")), pool(1) {
    machine->InitialState(&initial);
    SearchParams p;
    p.seed = 7;
    p.solver = false;  // expand every line: the node counts below are the whole game's
    p.live_keys = live_keys;
    search = std::make_unique<MctsSearch>(machine, 0, p, &pool);
    search->SetRoot(initial);
    search->RunIterations(2000);
  }
  std::shared_ptr<const reasoner::StateMachine> machine;
  reasoner::State initial;
  SearchPool pool;
  std::unique_ptr<MctsSearch> search;
};

// Nodes reachable from `root`, and pairs of them at one ply whose states agree on `keep`.
struct Count {
  int64_t nodes = 0;
  int64_t same_live_state = 0;
};

Count Walk(const Node* root, std::span<const uint64_t> keep) {
  std::vector<const Node*> nodes{root};
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (uint32_t j = 0; j < nodes[i]->num_children(); ++j) {
      const Node* c = nodes[i]->child(j);
      if (c != nullptr && std::find(nodes.begin(), nodes.end(), c) == nodes.end())
        nodes.push_back(c);
    }
  }
  Count out{static_cast<int64_t>(nodes.size()), 0};
  reasoner::State s;
  for (size_t i = 0; i < nodes.size(); ++i) {
    nodes[i]->LoadState(&s);
    for (size_t k = i + 1; k < nodes.size(); ++k) {
      if (nodes[k]->ply() == nodes[i]->ply() && nodes[k]->HasState(s, keep)) ++out.same_live_state;
    }
  }
  return out;
}

TEST(MctsLiveKeysTest, StatesThatDifferInDeadFluentsOnlyShareANode) {
  // Live states per ply: 1, 2 ({red}, {blue}), 3 ({red}, {blue}, {red, blue}), 3. The
  // latest colour splits {red, blue} in two at plies 2 and 3 when every fluent counts.
  const Searched merged(true);
  const std::span<const uint64_t> keep = merged.machine->LiveFluentMask();
  ASSERT_FALSE(keep.empty()) << "the propnet should find (latest red) and (latest blue) dead";
  const Count m = Walk(merged.search->root(), keep);
  EXPECT_EQ(m.nodes, 9);
  EXPECT_EQ(m.same_live_state, 0);
  EXPECT_EQ(merged.search->Info().nodes, m.nodes);

  const Searched apart(false);
  const Count a = Walk(apart.search->root(), keep);
  EXPECT_EQ(a.nodes, 11);
  EXPECT_EQ(a.same_live_state, 2);
  EXPECT_EQ(Walk(apart.search->root(), {}).same_live_state, 0);  // but no two equal states
}

TEST(MctsLiveKeysTest, TreeReuseKeepsAMergedNodeAndGivesItTheRealState) {
  Searched t(true);
  const auto& machine = t.machine;
  MctsSearch& search = *t.search;
  const reasoner::State& s = t.initial;
  auto ws = machine->NewWorkspace();

  // The node after one stroke of each colour holds the state of the order that made it
  // first: play the other order.
  const Node* root = search.root();
  ASSERT_EQ(root->num_children(), 2u);
  const std::span<const reasoner::Move> moves = root->moves(0);
  const reasoner::Move first[] = {moves[0]};
  const reasoner::Move second[] = {moves[1]};
  reasoner::State after_first, made_one_order, other_order;
  machine->NextState(s, first, *ws, &after_first);
  machine->NextState(after_first, second, *ws, &made_one_order);
  const Node* both = root->child(0)->child(root->child(0)->JointIndexOf(second));
  ASSERT_NE(both, nullptr);
  const bool made_by_first_order = both->HasState(made_one_order);
  const reasoner::Move(&m1)[1] = made_by_first_order ? second : first;
  const reasoner::Move(&m2)[1] = made_by_first_order ? first : second;
  reasoner::State mid;
  machine->NextState(s, m1, *ws, &mid);
  machine->NextState(mid, m2, *ws, &other_order);
  EXPECT_FALSE(both->HasState(other_order));  // the dead record differs
  EXPECT_TRUE(both->HasState(other_order, machine->LiveFluentMask()));

  ASSERT_TRUE(search.Advance(m1, mid));
  ASSERT_TRUE(search.Advance(m2, other_order));
  EXPECT_EQ(search.root(), both);  // kept, not rebuilt
  EXPECT_TRUE(search.root()->HasState(other_order));
  EXPECT_EQ(search.root()->ply(), 2u);
}

}  // namespace
}  // namespace ggp::agent::search
