// Transpositions (SearchParams::transpositions): a state reached at the same ply by several
// move orders is one node; reference counts match the links into each node, so tree reuse
// and the collector free exactly what no kept node reaches; the graph survives the machine
// swap (AdoptTree) with its sharing intact.

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "agent/search/mcts_search.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

SearchParams Params(bool transpositions, uint64_t seed = 5) {
  SearchParams p;
  p.seed = seed;
  p.transpositions = transpositions;
  return p;
}

// What a walk of the graph from a root finds.
struct GraphFacts {
  int64_t nodes = 0;
  int64_t shared = 0;      // nodes with more than one parent
  int64_t refs_wrong = 0;  // nodes whose reference count is not their number of links
  int64_t ply_wrong = 0;   // links that do not go from ply p to ply p + 1
  int64_t duplicates = 0;  // nodes whose (state, ply) another node also holds
};

GraphFacts Walk(const Node* root) {
  GraphFacts f;
  std::unordered_map<const Node*, uint32_t> links{{root, 1}};  // the root holder's
  std::vector<const Node*> stack{root};
  std::set<std::pair<std::vector<uint64_t>, uint32_t>> seen;
  reasoner::State s;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    n->LoadState(&s);
    std::vector<uint64_t> words(s.words().begin(), s.words().end());
    while (!words.empty() && words.back() == 0) words.pop_back();
    if (!seen.emplace(std::move(words), n->ply()).second) ++f.duplicates;
    for (uint32_t j = 0; j < n->num_children(); ++j) {
      const Node* c = n->child(j);
      if (c == nullptr) continue;
      if (c->ply() != n->ply() + 1) ++f.ply_wrong;
      if (links[c]++ == 0) stack.push_back(c);
    }
  }
  f.nodes = static_cast<int64_t>(links.size());
  for (const auto& [node, count] : links) {
    if (count > 1) ++f.shared;
    if (node->refs() != count) ++f.refs_wrong;
  }
  return f;
}

TEST(MctsTranspositionTest, OneNodePerStateAndPly) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  MctsSearch graph(machine, 0, Params(true), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  graph.SetRoot(s);
  graph.RunIterations(20000);
  const GraphFacts f = Walk(graph.root());
  EXPECT_EQ(f.duplicates, 0);
  EXPECT_EQ(f.ply_wrong, 0);
  EXPECT_EQ(f.refs_wrong, 0);
  EXPECT_GT(f.shared, 100);
  EXPECT_EQ(f.nodes, graph.Info().nodes);
  EXPECT_EQ(f.nodes, CountNodes(graph.root()));
  EXPECT_GT(graph.Info().links, 0);
  // Tic-tac-toe has 5,478 reachable positions: the graph never holds more nodes.
  EXPECT_LE(f.nodes, 5478);

  // Without transpositions the same search is a tree, and a larger one.
  MctsSearch tree(machine, 0, Params(false), &pool);
  tree.SetRoot(s);
  tree.RunIterations(20000);
  const GraphFacts t = Walk(tree.root());
  EXPECT_EQ(t.shared, 0);
  EXPECT_EQ(t.refs_wrong, 0);
  EXPECT_GT(t.duplicates, 0);
  EXPECT_EQ(tree.Info().links, 0);
  EXPECT_GT(t.nodes, f.nodes);
}

// Iterations (in thousands, at most `limit`) until the root of `board` is proven, and its
// value for role 0 (-1 if unproven).
std::pair<int, float> Prove(const std::shared_ptr<const reasoner::StateMachine>& machine,
                            const reasoner::State& s, bool transpositions, int limit) {
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(transpositions), &pool);
  search.SetRoot(s);
  int k = 0;
  for (; k < limit && !search.Info().root_proven; ++k) search.RunIterations(1000);
  return {k, search.Info().root_proven ? search.root()->value(0) : -1.0f};
}

TEST(MctsTranspositionTest, ProofsAgreeWithTheTreeAndComeSooner) {
  auto game = TicTacToe();
  auto machine = MakeCellMachine(game);
  // x to move wins from both (the tree proves them at once too).
  for (const char* board : {"xo.......", "xo..x...."}) {
    const reasoner::State s = EncodeCells(*game, TicTacToeCells(board, board[4] != 'x'));
    EXPECT_FLOAT_EQ(Prove(machine, s, true, 50).second, 1.0f) << board;
    EXPECT_FLOAT_EQ(Prove(machine, s, false, 50).second, 1.0f) << board;
  }
  // After x's corner, o to move: a draw. The graph proves it within 100,000 iterations;
  // the tree had not after 500,000 (measured; not asserted here, it takes seconds).
  const reasoner::State corner = EncodeCells(*game, TicTacToeCells("x........", false));
  const auto [k, value] = Prove(machine, corner, true, 100);
  EXPECT_LT(k, 100);
  EXPECT_FLOAT_EQ(value, 0.5f);
}

TEST(MctsTranspositionTest, TreeReuseFreesOnlyWhatTheKeptGraphDoesNotReach) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(true), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.RunIterations(1500);  // leaves a frontier below each ply to link into
  auto ws = machine->NewWorkspace();
  // x takes a corner, o the centre, x the opposite corner: each position below is also
  // reached by other orders, so the discarded part links into the kept one.
  const reasoner::Move plies[3][2] = {{0, 9}, {9, 4}, {8, 9}};
  int64_t links = 0;
  for (const auto& joint : plies) {
    reasoner::State next;
    machine->NextState(s, joint, *ws, &next);
    ASSERT_TRUE(search.Advance(joint, next));
    NodeCollector::Global().Drain();
    const GraphFacts kept = Walk(search.root());
    EXPECT_EQ(kept.refs_wrong, 0);
    EXPECT_EQ(kept.ply_wrong, 0);
    EXPECT_EQ(search.Info().nodes, kept.nodes);  // the collector freed all the rest
    EXPECT_EQ(search.Info().links, 0);
    // Searching on re-enters kept nodes as iterations pass through them and links to them.
    // (A kept node not passed through yet can still be made a second time.)
    search.RunIterations(1500);
    const GraphFacts grown = Walk(search.root());
    EXPECT_EQ(grown.refs_wrong, 0);
    EXPECT_EQ(grown.ply_wrong, 0);
    links += search.Info().links;
    EXPECT_EQ(search.Info().nodes, grown.nodes);
    s = next;
  }
  EXPECT_GT(links, 0);
}

TEST(MctsTranspositionTest, PoolThreadsShareOneGraph) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(2);
  SearchParams p = Params(true);
  p.max_iterations = 20000;
  MctsSearch search(machine, 0, p, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.Start();
  search.WaitUntilDone();
  const GraphFacts f = Walk(search.root());
  EXPECT_EQ(f.refs_wrong, 0);
  EXPECT_EQ(f.ply_wrong, 0);
  EXPECT_EQ(f.nodes, search.Info().nodes);
  EXPECT_EQ(search.root()->visits().load(), 20000u);
  EXPECT_GT(f.shared, 0);
}

TEST(MctsTranspositionTest, NimPositionsAreSharedAcrossMoveOrders) {
  // Taking from pile 0 then from pile 1, and the reverse, meet again two plies later.
  auto machine = MakeCellMachine(Nim({2, 2, 2}));
  SearchPool pool(1);
  MctsSearch search(machine, 0, Params(true), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  search.SetRoot(s);
  search.RunIterations(3000);
  const GraphFacts f = Walk(search.root());
  EXPECT_GT(f.shared, 0);
  EXPECT_EQ(f.duplicates, 0);
  EXPECT_EQ(f.refs_wrong, 0);
}

TEST(MctsTranspositionTest, AdoptTreeRebuildsASharedNodeOnce) {
  auto machine = MakeCellMachine(TicTacToe());
  auto other = MakeCellMachine(TicTacToe());  // another machine object of the same game
  SearchPool pool(1);
  MctsSearch from(machine, 0, Params(true), &pool);
  reasoner::State s;
  machine->InitialState(&s);
  from.SetRoot(s);
  from.RunIterations(5000);
  const GraphFacts before = Walk(from.root());
  ASSERT_GT(before.shared, 0);
  MctsSearch to(other, 0, Params(true), &pool);
  MctsSearch::TranslateInfo info;
  ASSERT_TRUE(to.AdoptTree(from, s, &info)) << info.problem;
  const GraphFacts after = Walk(to.root());
  EXPECT_EQ(after.nodes, before.nodes);
  EXPECT_EQ(after.shared, before.shared);
  EXPECT_EQ(after.refs_wrong, 0);
  EXPECT_EQ(after.ply_wrong, 0);
  EXPECT_EQ(info.nodes, before.nodes);
}

}  // namespace
}  // namespace ggp::agent::search
