#include "agent/tools/playout_bench.h"

#include <chrono>
#include <memory>
#include <vector>

namespace ggp::agent::tools {
namespace {

using Clock = std::chrono::steady_clock;
using reasoner::Move;
using reasoner::State;

Clock::duration Seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

class Runner {
 public:
  Runner(const reasoner::StateMachine& m, const BenchOptions& o)
      : m_(m), o_(o), ws_(m.NewWorkspace()), rng_(o.seed),
        legal_(static_cast<size_t>(m.num_roles())), joint_(static_cast<size_t>(m.num_roles())) {
    m_.InitialState(&initial_);
  }

  // Plays until `deadline`, or `rollouts` playouts if that is not 0; counts into `r`.
  void Run(Clock::time_point deadline, uint64_t rollouts, BenchResult* r) {
    if (o_.loop == BenchLoop::kMachine) {
      RunMachine(deadline, rollouts, r);
    } else {
      RunCalls(deadline, rollouts, r);
    }
  }

 private:
  void RunMachine(Clock::time_point deadline, uint64_t rollouts, BenchResult* r) {
    uint64_t completed_depth = 0;
    const bool timed = rollouts == 0;
    while (timed ? Clock::now() < deadline : r->rollouts < rollouts) {
      const reasoner::PlayoutResult p =
          m_.RandomPlayout(initial_, o_.max_depth, rng_, *ws_, &s_, nullptr, nullptr);
      if (p.terminal) {
        for (int role = 0; role < m_.num_roles(); ++role) {
          r->goal_checksum += static_cast<uint64_t>(m_.Goal(s_, role, *ws_) + 1);
        }
      }
      if (p.stuck) ++r->stuck;
      r->state_changes += static_cast<uint64_t>(p.steps);
      ++r->rollouts;
      completed_depth += static_cast<uint64_t>(p.steps);
    }
    Finish(completed_depth, r);
  }

  void RunCalls(Clock::time_point deadline, uint64_t rollouts, BenchResult* r) {
    uint64_t completed_depth = 0;
    Clock::duration legal_time{0};
    uint64_t timed_calls = 0;
    const bool timed = rollouts == 0;
    while (timed ? Clock::now() < deadline : r->rollouts < rollouts) {
      s_ = initial_;
      uint64_t depth = 0;
      bool done = false;
      while (!done) {
        if (timed && (depth & 7) == 7 && Clock::now() >= deadline) break;
        if (m_.IsTerminal(s_, *ws_)) {
          for (int role = 0; role < m_.num_roles(); ++role) {
            r->goal_checksum += static_cast<uint64_t>(m_.Goal(s_, role, *ws_) + 1);
          }
          done = true;
          break;
        }
        if (depth >= static_cast<uint64_t>(o_.max_depth)) {
          done = true;
          break;
        }
        bool stuck = false;
        for (int role = 0; role < m_.num_roles(); ++role) {
          auto& moves = legal_[static_cast<size_t>(role)];
          // Every 64th call is timed: reading the clock around each call would cost as
          // much as the call itself on a fast machine and distort rollouts/s.
          if (timed && (r->legal_calls & 63) == 0) {
            Clock::time_point t0 = Clock::now();
            m_.LegalMoves(s_, role, *ws_, &moves);
            legal_time += Clock::now() - t0;
            ++timed_calls;
          } else {
            m_.LegalMoves(s_, role, *ws_, &moves);
          }
          ++r->legal_calls;
          if (moves.empty()) {
            stuck = true;
            break;
          }
          joint_[static_cast<size_t>(role)] = moves[rng_.Below(static_cast<uint32_t>(moves.size()))];
        }
        if (stuck) {
          ++r->stuck;
          done = true;
          break;
        }
        m_.NextState(s_, joint_, *ws_, &next_);
        std::swap(s_, next_);
        ++depth;
        ++r->state_changes;
      }
      if (done) {
        ++r->rollouts;
        completed_depth += depth;
      }
    }
    Finish(completed_depth, r);
    r->legal_us = timed_calls > 0 ? std::chrono::duration<double, std::micro>(legal_time).count() /
                                        static_cast<double>(timed_calls)
                                  : 0.0;
  }

  static void Finish(uint64_t completed_depth, BenchResult* r) {
    r->avg_depth = r->rollouts > 0 ? static_cast<double>(completed_depth) / static_cast<double>(r->rollouts)
                                   : 0.0;
  }

  const reasoner::StateMachine& m_;
  const BenchOptions& o_;
  std::unique_ptr<reasoner::Workspace> ws_;
  reasoner::Rng rng_;
  std::vector<std::vector<Move>> legal_;
  std::vector<Move> joint_;
  State initial_, s_, next_;
};

}  // namespace

BenchResult RunPlayoutBenchmark(const reasoner::StateMachine& machine, const BenchOptions& options) {
  Runner runner(machine, options);
  if (options.warmup_seconds > 0 && options.rollouts == 0) {
    BenchResult ignored;
    runner.Run(Clock::now() + Seconds(options.warmup_seconds), 0, &ignored);
  }
  BenchResult r;
  Clock::time_point start = Clock::now();
  runner.Run(start + Seconds(options.seconds), options.rollouts, &r);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (r.seconds > 0) {
    r.rollouts_per_s = static_cast<double>(r.rollouts) / r.seconds;
    r.state_changes_per_s = static_cast<double>(r.state_changes) / r.seconds;
  }
  return r;
}

}  // namespace ggp::agent::tools
