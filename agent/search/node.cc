#include "agent/search/node.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <numeric>
#include <unordered_set>

namespace ggp::agent::search {
namespace {

size_t AlignUp(size_t n, size_t a) { return (n + a - 1) / a * a; }

}  // namespace

std::unique_ptr<Node> Node::Create(const reasoner::StateMachine& machine, reasoner::Workspace& ws,
                                   const reasoner::State& state, const MovePrior& prior,
                                   uint32_t max_children, NodeScratch* scratch,
                                   bool relative_rewards, int contempt_role, double contempt,
                                   std::span<const reasoner::Move> last_joint, NodePool* pool) {
  const int num_roles = machine.num_roles();
  const bool terminal = machine.IsTerminal(state, ws);
  scratch->legal.resize(static_cast<size_t>(num_roles));
  size_t total_moves = 0;
  uint64_t product = 1;
  int movers = 0;
  for (int r = 0; r < num_roles; ++r) {
    std::vector<reasoner::Move>& legal = scratch->legal[static_cast<size_t>(r)];
    legal.clear();
    if (!terminal) {
      machine.LegalMoves(state, r, ws, &legal);
      if (legal.empty()) return nullptr;
    }
    total_moves += legal.size();
    product = std::min<uint64_t>(product * std::max<size_t>(legal.size(), 1), uint64_t{1} << 40);
    if (legal.size() > 1) ++movers;
  }
  const uint32_t num_children =
      terminal || product > max_children ? 0 : static_cast<uint32_t>(product);
  size_t num_words = state.words().size();
  while (num_words > 0 && state.words()[num_words - 1] == 0) --num_words;

  // Block layout: see node.h. Largest alignment first.
  const size_t stats_at = sizeof(NodeCounter);
  const size_t children_at = AlignUp(stats_at + total_moves * sizeof(MoveStat), alignof(std::atomic<Node*>));
  const size_t words_at = AlignUp(children_at + num_children * sizeof(std::atomic<Node*>), alignof(uint64_t));
  const size_t values_at = AlignUp(words_at + num_words * sizeof(uint64_t), alignof(float));
  const size_t moves_at = AlignUp(values_at + static_cast<size_t>(num_roles) * sizeof(float), alignof(reasoner::Move));
  const size_t begin_at = AlignUp(moves_at + total_moves * sizeof(reasoner::Move), alignof(uint32_t));
  const size_t block_size = begin_at + (static_cast<size_t>(num_roles) + 1) * sizeof(uint32_t);
  static_assert(alignof(MoveStat) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  static_assert(alignof(NodeCounter) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  static_assert(sizeof(NodeCounter) % alignof(MoveStat) == 0);

  static_assert(kHeaderBytes >= sizeof(Node) && kHeaderBytes % alignof(NodeCounter) == 0);
  const size_t alloc_size = kHeaderBytes + block_size;
  void* memory = pool != nullptr ? pool->Allocate(alloc_size) : ::operator new(alloc_size);
  std::unique_ptr<Node> node(new (memory) Node());
  node->pool_ = pool;
  node->bytes_ = static_cast<uint32_t>(alloc_size);
  std::byte* base = node->block();
  new (base) NodeCounter();
  node->stats_ = reinterpret_cast<MoveStat*>(base + stats_at);
  for (size_t i = 0; i < total_moves; ++i) new (node->stats_ + i) MoveStat();
  node->children_ = reinterpret_cast<std::atomic<Node*>*>(base + children_at);
  for (size_t i = 0; i < num_children; ++i) new (node->children_ + i) std::atomic<Node*>(nullptr);
  node->words_ = reinterpret_cast<uint64_t*>(base + words_at);
  if (num_words > 0) std::memcpy(node->words_, state.words().data(), num_words * sizeof(uint64_t));
  node->values_ = reinterpret_cast<float*>(base + values_at);
  node->moves_ = reinterpret_cast<reasoner::Move*>(base + moves_at);
  node->role_begin_ = reinterpret_cast<uint32_t*>(base + begin_at);
  node->num_children_ = num_children;
  node->num_words_ = static_cast<uint32_t>(num_words);
  node->num_roles_ = static_cast<uint8_t>(num_roles);
  node->num_movers_ = static_cast<uint8_t>(movers);
  node->terminal_ = terminal;

  uint32_t at = 0;
  for (int r = 0; r < num_roles; ++r) {
    node->role_begin_[r] = at;
    const std::vector<reasoner::Move>& legal = scratch->legal[static_cast<size_t>(r)];
    std::copy(legal.begin(), legal.end(), node->moves_ + at);
    at += static_cast<uint32_t>(legal.size());
  }
  node->role_begin_[num_roles] = at;
  node->SetPriors(state, last_joint, prior, &scratch->prior);
  for (int r = 0; r < num_roles; ++r) {
    node->values_[r] = terminal ? ScaledGoal(machine.Goal(state, r, ws)) : 0.0f;
  }
  const std::span<float> values(node->values_, static_cast<size_t>(num_roles));
  node->draw_ = terminal && IsDraw(std::span<const float>(values));
  if (terminal && relative_rewards) RelativeRewards(values);
  ApplyContempt(values, node->draw_, contempt_role, contempt);
  if (terminal) node->proof_.store(kProven, std::memory_order_release);
  return node;
}

void Node::operator delete(Node* node, std::destroying_delete_t) {
  NodePool* pool = node->pool_;
  const size_t size = node->bytes_;
  node->~Node();
  if (pool != nullptr) {
    pool->Free(node, size);
  } else {
    ::operator delete(node);
  }
}

void Node::LoadState(reasoner::State* out) const {
  out->Clear(static_cast<size_t>(num_words_) * 64);
  std::span<uint64_t> w = out->mutable_words();
  if (num_words_ > 0) std::memcpy(w.data(), words_, num_words_ * sizeof(uint64_t));
}

void Node::ReplaceState(const reasoner::State& state) {
  const std::span<const uint64_t> w = state.words();
  for (size_t i = 0; i < num_words_; ++i) words_[i] = i < w.size() ? w[i] : 0;
}

bool Node::HasState(const reasoner::State& state) const {
  const std::span<const uint64_t> w = state.words();
  if (w.size() < num_words_) return false;
  if (num_words_ > 0 && std::memcmp(w.data(), words_, num_words_ * sizeof(uint64_t)) != 0)
    return false;
  for (size_t i = num_words_; i < w.size(); ++i) {
    if (w[i] != 0) return false;
  }
  return true;
}

bool Node::SetProven(std::span<const float> v) {
  uint8_t expected = kUnproven;
  if (!proof_.compare_exchange_strong(expected, kProving, std::memory_order_acq_rel)) return false;
  for (int r = 0; r < num_roles_; ++r) values_[r] = v[static_cast<size_t>(r)];
  proof_.store(kProven, std::memory_order_release);
  return true;
}

FreedCount FreeTree(std::unique_ptr<Node> root) {
  FreedCount freed;
  if (!root) return freed;
  std::vector<Node*> stack;
  stack.push_back(root.release());
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (!n->DropRef()) continue;  // another parent still holds it
    for (uint32_t j = 0; j < n->num_children(); ++j) {
      if (Node* c = n->child(j)) stack.push_back(c);
    }
    freed.nodes += 1;
    freed.bytes += static_cast<int64_t>(n->bytes());
    delete n;
  }
  return freed;
}

int64_t CountNodes(const Node* root) {
  if (root == nullptr) return 0;
  std::unordered_set<const Node*> seen{root};
  std::vector<const Node*> stack{root};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    for (uint32_t j = 0; j < n->num_children(); ++j) {
      const Node* c = n->child(j);
      if (c != nullptr && seen.insert(c).second) stack.push_back(c);
    }
  }
  return static_cast<int64_t>(seen.size());
}

std::vector<uint32_t> MovesByVisits(const Node& node, int role) {
  std::vector<uint32_t> order(node.num_moves(role));
  std::iota(order.begin(), order.end(), 0u);
  std::vector<uint32_t> visits(order.size());
  for (uint32_t i = 0; i < visits.size(); ++i) {
    visits[i] = node.stat(role, i).visits.load(std::memory_order_relaxed);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&visits](uint32_t a, uint32_t b) { return visits[a] > visits[b]; });
  return order;
}

void Node::SetPriors(const reasoner::State& state, std::span<const reasoner::Move> last_joint,
                     const MovePrior& prior, std::vector<float>* scratch) {
  for (int r = 0; r < num_roles_; ++r) {
    const std::span<const reasoner::Move> legal = moves(r);
    MoveStat* stats = stats_ + role_begin_[r];
    if (legal.size() == 1) stats[0].prior = 1.0f;
    if (legal.size() < 2) continue;
    scratch->resize(legal.size());
    prior.Prior(state, last_joint, r, legal, *scratch);
    float sum = 0;
    for (float p : *scratch) sum += std::max(p, 0.0f);
    for (size_t i = 0; i < legal.size(); ++i) {
      stats[i].prior =
          sum > 0 ? std::max((*scratch)[i], 0.0f) / sum : 1.0f / static_cast<float>(legal.size());
    }
  }
}

void Node::ForgetStats() {
  visits().store(0, std::memory_order_relaxed);
  for (uint32_t i = 0; i < role_begin_[num_roles_]; ++i) {
    stats_[i].visits.store(0, std::memory_order_relaxed);
    stats_[i].reward_fixed.store(0, std::memory_order_relaxed);
  }
}

int64_t Node::JointIndexOf(std::span<const reasoner::Move> joint) const {
  if (num_children_ == 0 || joint.size() != static_cast<size_t>(num_roles_)) return -1;
  uint64_t j = 0;
  for (int r = 0; r < num_roles_; ++r) {
    const std::span<const reasoner::Move> m = moves(r);
    const auto it = std::find(m.begin(), m.end(), joint[static_cast<size_t>(r)]);
    if (it == m.end()) return -1;
    j = j * num_moves(r) + static_cast<uint64_t>(it - m.begin());
  }
  return j < num_children_ ? static_cast<int64_t>(j) : -1;
}

}  // namespace ggp::agent::search
