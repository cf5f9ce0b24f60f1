#include "agent/search/mcts_search.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>
#include <utility>

#include "reasoner/kif/term.h"

namespace ggp::agent::search {
namespace {

// A batch runs about this long before the worker returns to the pool (fairness between
// matches, prompt pausing).
constexpr auto kBatchDuration = std::chrono::milliseconds(2);
constexpr size_t kPathReserve = 512;
// SearchParams::eval_prior_root: the root's mean is trusted from this many visits on
// (Sancho's piece heuristic waits for 50 too).
constexpr uint32_t kRootMeanVisits = 50;
// Priors between two readings of the root's mean (WorkerContext::root_mean).
constexpr uint32_t kRootMeanRefresh = 64;
constexpr size_t kLineReserve = 4096;

}  // namespace

MctsSearch::MctsSearch(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                       SearchParams params, SearchPool* pool,
                       std::shared_ptr<const MovePrior> prior,
                       std::shared_ptr<const PlayoutPolicy> playout,
                       std::shared_ptr<const Heuristic> heuristic)
    : machine_(std::move(machine)),
      role_(role),
      num_roles_(machine_->num_roles()),
      params_(params),
      pool_(pool),
      prior_(prior ? std::move(prior) : std::make_shared<UniformPrior>()),
      mast_(params.mast && playout == nullptr),
      grave_(params.grave),
      widen_(params.widening > 0),
      follow_(params.model_follow > 0),
      trust_follow_(params.simultaneous_follow > 0),
      relative_(params.relative_rewards && machine_->num_roles() >= 3),
      paranoia_(std::clamp(machine_->num_roles() >= 3   ? params.paranoia
                           : machine_->num_roles() == 2 ? params.rivalry
                                                        : 0.0,
                           0.0, 1.0)),
      playout_(playout ? std::move(playout) : std::make_shared<UniformPlayout>()),
      decisive_(params.decisive_playouts == SearchParams::Decisive::kAlways ||
                (params.decisive_playouts == SearchParams::Decisive::kOwnLoop &&
                 machine_->HasDecisivePlayout() && !mast_ && playout_->uniform())),
      machine_playout_(!mast_ && playout_->uniform() &&
                       (!decisive_ || machine_->HasDecisivePlayout())),
      heuristic_(heuristic && heuristic->machine() == machine_.get() &&
                         (params.eval_cutoff > 0 || params.eval_prior_visits > 0)
                     ? std::move(heuristic)
                     : nullptr),
      playout_steps_(heuristic_ && params.eval_cutoff > 0
                         ? std::min(params.max_playout_steps, params.eval_cutoff)
                         : params.max_playout_steps),
      prior_visits_(heuristic_ && machine_->num_roles() == 2 && params.contempt == 0
                        ? static_cast<uint32_t>(std::max(0, params.eval_prior_visits))
                        : 0),
      account_(std::make_shared<TreeAccount>()),
      live_mask_(params.live_keys ? machine_->LiveFluentMask() : std::span<const uint64_t>()),
      table_(params.transpositions ? std::make_shared<TranspositionTable>(live_mask_) : nullptr) {
  if (num_roles_ < 1 || num_roles_ > 255) throw std::invalid_argument("MctsSearch: bad role count");
  // Worker contexts are built by their own threads on first use (RunBatch); the control
  // thread's is built here.
  contexts_.resize(static_cast<size_t>(pool_->size()) + 1);
  contexts_.back() = NewContext(contexts_.size() - 1);
  if (num_roles_ == 1) line_.reserve(kLineReserve);
  // A role named `random` is chance (servers play it at random): never anyone's rival.
  chance_.resize(static_cast<size_t>(num_roles_));
  for (int r = 0; r < num_roles_; ++r) {
    std::string name =
        kif::ToString(machine_->roles()[static_cast<size_t>(r)], machine_->symbols());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    chance_[static_cast<size_t>(r)] = r != role_ && name == "random";
  }
}

std::string MctsSearch::Playouts() const {
  std::string kind = mast_ ? "mast" : playout_->uniform() ? "uniform" : "policy";
  if (decisive_) kind += machine_playout_ ? "+decisive (machine)" : "+decisive";
  return kind;
}

std::unique_ptr<MctsSearch::WorkerContext> MctsSearch::NewContext(size_t index) const {
  const size_t roles = static_cast<size_t>(num_roles_);
  auto c = std::make_unique<WorkerContext>();
  c->ws = machine_->NewWorkspace();
  c->rng.Seed(params_.seed + index);
  c->index = static_cast<uint32_t>(index);
  c->joint.resize(roles);
  c->path.reserve(kPathReserve);
  c->path_moves.reserve(kPathReserve * roles);
  c->legal.resize(roles);
  for (auto& l : c->legal) l.reserve(64);
  c->rewards.resize(roles);
  if (num_roles_ == 1) c->line.reserve(kLineReserve);
  if (grave_ || num_roles_ == 1) c->playout_moves.reserve(kLineReserve * roles);
  c->scratch.legal.resize(roles);
  for (auto& l : c->scratch.legal) l.reserve(64);
  c->scratch.prior.reserve(64);
  if (widen_) c->ranked.reserve(64);
  if (mast_) c->mast.Init(num_roles_);
  if (grave_) c->amaf.Init(num_roles_);
  return c;
}

MctsSearch::~MctsSearch() {
  Pause();
  DiscardTree();
}

void MctsSearch::DiscardTree() {
  ClearTable();
  if (root_) NodeCollector::Global().Free(std::move(root_), account_);
}

std::unique_ptr<Node> MctsSearch::BuildNode(const reasoner::State& state, WorkerContext& c,
                                            std::span<const reasoner::Move> last_joint) {
  std::unique_ptr<Node> node =
      Node::Create(*machine_, *c.ws, state, *prior_, params_.max_children, &c.scratch, relative_,
                   role_, params_.contempt, last_joint, pool());
  if (node) {
    account_->nodes.fetch_add(1, std::memory_order_relaxed);
    account_->bytes.fetch_add(static_cast<int64_t>(node->bytes()), std::memory_order_relaxed);
  }
  return node;
}

bool MctsSearch::RootIs(const reasoner::State& state) {
  if (!root_) return false;
  WorkerContext& c = *contexts_.back();
  root_->LoadState(&c.cur);
  return c.cur == state;
}

bool MctsSearch::SetRoot(const reasoner::State& state) {
  if (RootIs(state)) return true;
  Pause();
  WorkerContext& c = *contexts_.back();
  DiscardTree();
  root_ = BuildNode(state, c);
  NoteRoot();
  max_depth_.store(0, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(line_mu_);
  line_.clear();
  line_pos_ = 0;
  line_value_.store(-1.0, std::memory_order_release);
  return false;
}

void MctsSearch::Start() {
  Pause();
  if (!root_) return;
  started_.store(0, std::memory_order_relaxed);
  pool_->Add(this);
}

void MctsSearch::Pause() {
  stop_.store(true, std::memory_order_relaxed);
  pool_->Remove(this);
  stop_.store(false, std::memory_order_relaxed);
}

void MctsSearch::WaitUntilDone() { pool_->WaitIdle(this); }

bool MctsSearch::Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) {
  Pause();
  if (num_roles_ == 1) {
    std::lock_guard<std::mutex> lock(line_mu_);
    if (line_pos_ < line_.size() && !joint.empty() && line_[line_pos_] == joint[0]) {
      ++line_pos_;
    } else {
      line_.clear();
      line_pos_ = 0;
      line_value_.store(-1.0, std::memory_order_release);
    }
  }
  max_depth_.store(0, std::memory_order_relaxed);
  WorkerContext& c = *contexts_.back();
  std::unique_ptr<Node> keep;
  const int64_t j = root_ ? root_->JointIndexOf(joint) : -1;
  if (j >= 0 && root_->child(static_cast<uint32_t>(j)) != nullptr) {
    Node* child = root_->child(static_cast<uint32_t>(j));
    // A child merged with a state that differs from `next` in dead fluents only
    // (transpositions.h) has `next`'s future: it is kept, and takes `next` as its state.
    if (child->HasState(next) || (child->HasState(next, live_mask_) && child->CanTakeState(next))) {
      keep = root_->Detach(static_cast<uint32_t>(j));
      if (!keep->HasState(next)) keep->ReplaceState(next);
    }
  }
  // The rest of the old tree goes to the collector, which frees what only it reaches: a
  // node of the kept tree that a discarded node links to keeps the kept tree's reference.
  DiscardTree();
  const bool reused = keep != nullptr;
  const std::span<const reasoner::Move> last_joint =
      joint.size() == static_cast<size_t>(num_roles_) ? joint : std::span<const reasoner::Move>();
  root_ = reused ? std::move(keep) : BuildNode(next, c, last_joint);
  if (reused) RefreshKeptRoot(last_joint);  // built with the models of its time
  NoteRoot();
  return reused;
}

void MctsSearch::NoteRoot() {
  if (prior_visits_ == 0 || !params_.eval_prior_root || !root_) return;
  for (const auto& context : contexts_) {
    if (context) context->root_mean_age = 0;  // a new root: its mean is read again
  }
  WorkerContext& c = *contexts_.back();
  root_->LoadState(&c.cur);
  root_eval_.assign(static_cast<size_t>(num_roles_), 0.0);
  for (int r = 0; r < num_roles_; ++r) {
    if (heuristic_->usable(r)) root_eval_[static_cast<size_t>(r)] = heuristic_->Value(c.cur, r, *c.ws);
  }
}

double MctsSearch::RootMean(int r, uint32_t min_visits) const {
  if (!root_ || root_->visits().load(std::memory_order_relaxed) < min_visits) return -1;
  uint64_t visits = 0;
  double sum = 0;
  for (uint32_t i = 0; i < root_->num_moves(r); ++i) {
    const MoveStat& stat = root_->stat(r, i);
    visits += stat.visits.load(std::memory_order_relaxed);
    sum += stat.reward_sum();
  }
  if (visits == 0) return -1;
  return std::clamp(sum / static_cast<double>(visits), 0.0, 1.0);
}

bool MctsSearch::PriorValue(int r, WorkerContext& c, double* value) const {
  const double child = heuristic_->Value(c.next, r, *c.ws);
  if (params_.eval_prior_step <= 0) {
    *value = child;
    return true;
  }
  const double scale = heuristic_->step_scale(r);
  if (scale <= 0) return false;
  if (!params_.eval_prior_root || root_eval_.empty()) {
    *value = std::clamp(
        0.5 + params_.eval_prior_step * (child - heuristic_->Value(c.cur, r, *c.ws)) / scale, 0.0,
        1.0);
    return true;
  }
  if (c.root_mean.size() != static_cast<size_t>(num_roles_) || c.root_mean_age == 0) {
    c.root_mean.resize(static_cast<size_t>(num_roles_));
    for (int i = 0; i < num_roles_; ++i)
      c.root_mean[static_cast<size_t>(i)] = RootMean(i, kRootMeanVisits);
    c.root_mean_age = kRootMeanRefresh;
  }
  --c.root_mean_age;
  *value = RootRelativePrior(
      params_.eval_prior_step * (child - root_eval_[static_cast<size_t>(r)]) / scale,
      c.root_mean[static_cast<size_t>(r)]);
  return true;
}

int64_t MctsSearch::RunIterations(int64_t n) {
  if (!root_) return 0;
  WorkerContext& c = *contexts_.back();
  int64_t done = 0;
  for (int64_t i = 0; i < n && !root_->proven(); ++i) {
    if (RunIteration(c)) ++done;
  }
  iterations_.fetch_add(done, std::memory_order_relaxed);
  return done;
}

bool MctsSearch::RunBatch(int worker) {
  if (!root_) return false;
  std::unique_ptr<WorkerContext>& slot = contexts_[static_cast<size_t>(worker)];
  // Built here, by the worker's own thread: its scratch then comes from that thread's
  // allocator arena and shares no cache line with another thread's (measured: false sharing
  // of neighbouring contexts cost a third of the iterations with 2 threads).
  if (!slot) slot = NewContext(static_cast<size_t>(worker));
  WorkerContext& c = *slot;
  const auto end = std::chrono::steady_clock::now() + kBatchDuration;
  int64_t done = 0;
  bool more = true;
  do {
    if (stop_.load(std::memory_order_relaxed) || root_->proven()) {
      more = false;
      break;
    }
    if (params_.max_iterations > 0 &&
        started_.fetch_add(1, std::memory_order_relaxed) >= params_.max_iterations) {
      more = false;
      break;
    }
    if (RunIteration(c)) ++done;
  } while (std::chrono::steady_clock::now() < end);
  iterations_.fetch_add(done, std::memory_order_relaxed);
  return more && !root_->proven();
}

SearchInfo MctsSearch::Info() const {
  SearchInfo info;
  info.iterations = iterations_.load(std::memory_order_relaxed);
  info.nodes = account_->nodes.load(std::memory_order_relaxed);
  info.bytes = account_->bytes.load(std::memory_order_relaxed);
  info.max_depth = max_depth_.load(std::memory_order_relaxed);
  info.links = links_.load(std::memory_order_relaxed);
  info.root_proven = root_ && root_->proven();
  return info;
}

std::vector<reasoner::Move> MctsSearch::BestLine() const {
  std::lock_guard<std::mutex> lock(line_mu_);
  return {line_.begin() + static_cast<std::ptrdiff_t>(std::min(line_pos_, line_.size())), line_.end()};
}

}  // namespace ggp::agent::search
