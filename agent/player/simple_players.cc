#include "agent/player/simple_players.h"

#include <random>
#include <stdexcept>
#include <vector>

namespace ggp::agent {
namespace {

using reasoner::Move;

// Shared plumbing: keeps the machine, role and a workspace; subclasses pick from the
// legal list.
class SimplePlayer : public Player {
 public:
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& /*initial*/, Deadline /*deadline*/) override {
    machine_ = std::move(machine);
    role_ = role;
    workspace_ = machine_->NewWorkspace();
  }

  Move SelectMove(const reasoner::State& state, Deadline /*deadline*/,
                  MoveStats* stats) override {
    auto begin = SteadyClock::now();
    machine_->LegalMoves(state, role_, *workspace_, &legal_);
    if (legal_.empty()) throw std::logic_error("SelectMove called without a legal move");
    Move m = Pick(legal_);
    if (stats != nullptr) {
      *stats = MoveStats{};
      stats->elapsed_ms =
          std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
    }
    return m;
  }

  void Advance(std::span<const Move> /*joint*/, const reasoner::State& /*next*/) override {}

  void Finish() override {
    workspace_.reset();
    machine_.reset();
  }

 protected:
  virtual Move Pick(const std::vector<Move>& legal) = 0;

 private:
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> workspace_;
  int role_ = 0;
  std::vector<Move> legal_;
};

class RandomPlayer final : public SimplePlayer {
 public:
  explicit RandomPlayer(const PlayerOptions& options) : rng_(ResolveSeed(options)) {}
  std::string_view name() const override { return "random"; }

 protected:
  Move Pick(const std::vector<Move>& legal) override {
    std::uniform_int_distribution<size_t> pick(0, legal.size() - 1);
    return legal[pick(rng_)];
  }

 private:
  std::mt19937_64 rng_;
};

class LegalPlayer final : public SimplePlayer {
 public:
  std::string_view name() const override { return "legal"; }

 protected:
  Move Pick(const std::vector<Move>& legal) override { return legal.front(); }
};

}  // namespace

unsigned long long ResolveSeed(const PlayerOptions& options) {
  if (options.seed != 0) return options.seed;
  std::random_device device;
  return (static_cast<unsigned long long>(device()) << 32) ^ device();
}

std::unique_ptr<Player> MakeRandomPlayer(const PlayerOptions& options) {
  return std::make_unique<RandomPlayer>(options);
}

std::unique_ptr<Player> MakeLegalPlayer(const PlayerOptions& /*options*/) {
  return std::make_unique<LegalPlayer>();
}

}  // namespace ggp::agent
