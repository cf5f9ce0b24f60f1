// NodePool: size classes, reuse of freed blocks, blocks beyond the pooled sizes, frees from
// another thread while one allocates, and nodes built in a pool going back to it.

#include "agent/search/node_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include "agent/search/mcts_search.h"
#include "agent/search/node_collector.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

TEST(NodePoolTest, RequestsRoundUpToTheirClass) {
  EXPECT_EQ(NodePool::BlockSize(1), NodePool::kGranule);
  EXPECT_EQ(NodePool::BlockSize(NodePool::kGranule), NodePool::kGranule);
  EXPECT_EQ(NodePool::BlockSize(NodePool::kGranule + 1), 2 * NodePool::kGranule);
  EXPECT_EQ(NodePool::BlockSize(NodePool::kMaxPooled), NodePool::kMaxPooled);
  EXPECT_EQ(NodePool::BlockSize(NodePool::kMaxPooled + 1), NodePool::kMaxPooled + 1);
}

TEST(NodePoolTest, AFreedBlockServesItsOwnClassAgain) {
  NodePool pool;
  void* a = pool.Allocate(200);
  void* b = pool.Allocate(200);
  EXPECT_NE(a, b);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 16, 0u);
  std::memset(a, 0xab, 200);
  pool.Free(a, 200);
  void* c = pool.Allocate(1000);
  EXPECT_NE(c, a);  // another class: not the freed block
  void* d = pool.Allocate(250);
  EXPECT_EQ(d, a);  // the same class (193..256 bytes): the freed block
  EXPECT_EQ(pool.live_blocks(), 3);
  EXPECT_EQ(pool.slab_bytes(), static_cast<int64_t>(NodePool::kSlabBytes));
  pool.Free(b, 200);
  pool.Free(c, 1000);
  pool.Free(d, 250);
  EXPECT_EQ(pool.live_blocks(), 0);
}

TEST(NodePoolTest, BlocksBeyondThePooledSizesPassThrough) {
  NodePool pool;
  void* big = pool.Allocate(NodePool::kMaxPooled * 4);
  std::memset(big, 1, NodePool::kMaxPooled * 4);
  EXPECT_EQ(pool.slab_bytes(), 0);  // no slab for it
  EXPECT_EQ(pool.live_blocks(), 1);
  pool.Free(big, NodePool::kMaxPooled * 4);
  EXPECT_EQ(pool.live_blocks(), 0);
}

TEST(NodePoolTest, SlabsAreFilledBeforeANewOneIsTaken) {
  NodePool pool;
  const size_t per_slab = NodePool::kSlabBytes / 1024;
  std::vector<void*> blocks;
  for (size_t i = 0; i < per_slab; ++i) blocks.push_back(pool.Allocate(1024));
  EXPECT_EQ(pool.slab_bytes(), static_cast<int64_t>(NodePool::kSlabBytes));
  blocks.push_back(pool.Allocate(1024));
  EXPECT_EQ(pool.slab_bytes(), static_cast<int64_t>(2 * NodePool::kSlabBytes));
  for (void* b : blocks) pool.Free(b, 1024);
  EXPECT_EQ(pool.live_blocks(), 0);
}

TEST(NodePoolTest, OneThreadFreesWhatAnotherAllocates) {
  NodePool pool;
  constexpr int kBlocks = 20000;
  std::vector<void*> first(kBlocks);
  for (int i = 0; i < kBlocks; ++i) {
    const size_t size = 64 + static_cast<size_t>(i % 50) * 40;
    first[static_cast<size_t>(i)] = pool.Allocate(size);
    std::memset(first[static_cast<size_t>(i)], i & 0xff, size);
  }
  // The collector's pattern: one thread frees a discarded tree while another grows the
  // next one. Every block the grower holds at once must be distinct and keep its bytes.
  std::thread freer([&] {
    for (int i = 0; i < kBlocks; ++i) {
      pool.Free(first[static_cast<size_t>(i)], 64 + static_cast<size_t>(i % 50) * 40);
    }
  });
  std::vector<std::pair<unsigned char*, size_t>> second;
  for (int i = 0; i < kBlocks; ++i) {
    const size_t size = 64 + static_cast<size_t>((i * 7) % 50) * 40;
    auto* p = static_cast<unsigned char*>(pool.Allocate(size));
    std::memset(p, 0x5a, size);
    second.emplace_back(p, size);
  }
  freer.join();
  std::sort(second.begin(), second.end());
  for (size_t i = 0; i < second.size(); ++i) {
    const auto [p, size] = second[i];
    if (i + 1 < second.size()) {
      EXPECT_LE(p + size, second[i + 1].first) << "blocks overlap";
    }
    EXPECT_TRUE(std::all_of(p, p + size, [](unsigned char c) { return c == 0x5a; }));
  }
  EXPECT_EQ(pool.live_blocks(), kBlocks);
  for (const auto& [p, size] : second) pool.Free(p, size);
  EXPECT_EQ(pool.live_blocks(), 0);
}

TEST(NodePoolTest, NodesBuiltInAPoolGoBackToItWithTheirTree) {
  auto machine = MakeCellMachine(TicTacToe());
  auto ws = machine->NewWorkspace();
  UniformPrior uniform;
  NodeScratch scratch;
  NodePool pool;
  reasoner::State s, next;
  machine->InitialState(&s);
  std::unique_ptr<Node> root =
      Node::Create(*machine, *ws, s, uniform, 64, &scratch, false, -1, 0, {}, &pool);
  ASSERT_NE(root, nullptr);
  ASSERT_EQ(root->num_children(), 9u);
  for (uint32_t j = 0; j < root->num_children(); ++j) {
    const reasoner::Move joint[2] = {root->moves(0)[j], root->moves(1)[0]};
    machine->NextState(s, joint, *ws, &next);
    std::unique_ptr<Node> child =
        Node::Create(*machine, *ws, next, uniform, 64, &scratch, false, -1, 0, joint, &pool);
    ASSERT_TRUE(root->TryAttach(j, child.get()));
    child.release();
  }
  EXPECT_EQ(pool.live_blocks(), 10);
  EXPECT_EQ(root->bytes() % NodePool::kGranule, 0u);  // a pooled node is its block
  const FreedCount freed = FreeTree(std::move(root));
  EXPECT_EQ(freed.nodes, 10);
  EXPECT_EQ(pool.live_blocks(), 0);
}

TEST(NodePoolTest, ThePoolChangesWhereNodesLiveNotTheSearch) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool threads(1);
  reasoner::State s;
  machine->InitialState(&s);
  std::vector<uint32_t> visits[2];
  int64_t nodes[2] = {0, 0};
  for (int pooled = 0; pooled < 2; ++pooled) {
    SearchParams p;
    p.seed = 5;
    p.node_pool = pooled == 1;
    MctsSearch search(machine, 0, p, &threads);
    search.SetRoot(s);
    ASSERT_EQ(search.RunIterations(3000), 3000);
    for (uint32_t i = 0; i < search.root()->num_moves(0); ++i) {
      visits[pooled].push_back(search.root()->stat(0, i).visits.load());
    }
    nodes[pooled] = search.Info().nodes;
  }
  EXPECT_EQ(visits[0], visits[1]);
  EXPECT_EQ(nodes[0], nodes[1]);
  EXPECT_GT(nodes[1], 100);
}

TEST(NodePoolTest, ASearchsDiscardedTreesLeaveNothingBehind) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool threads(2);
  SearchParams p;
  p.seed = 3;
  {
    MctsSearch search(machine, 0, p, &threads);
    reasoner::State s, next;
    machine->InitialState(&s);
    search.SetRoot(s);
    ASSERT_GT(search.RunIterations(2000), 0);
    const reasoner::Move joint[2] = {search.root()->moves(0)[4], search.root()->moves(1)[0]};
    auto ws = machine->NewWorkspace();
    machine->NextState(s, joint, *ws, &next);
    EXPECT_TRUE(search.Advance(joint, next));  // the rest of the tree goes to the collector
    ASSERT_GT(search.RunIterations(500), 0);
    EXPECT_GT(search.Info().nodes, 1);
  }  // the search goes while its old tree may still wait in the collector's queue
  // The pool goes with the collector's last hold on the account, after the subtree's
  // nodes (the sanitizer build would see a node freed into a dead pool).
  NodeCollector::Global().Drain();
}

}  // namespace
}  // namespace ggp::agent::search
