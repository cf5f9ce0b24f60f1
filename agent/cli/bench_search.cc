// bench_search.h: MCTS iterations per second for `ggp-agent bench --search mcts`.

#include "agent/cli/bench_search.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/mcts_search.h"
#include "agent/search/search_pool.h"
#include "reasoner/random.h"

namespace ggp::agent {
namespace {

using Clock = std::chrono::steady_clock;

// Mean wall time (microseconds) of one `prior` call for `role` over up to `samples` states
// of uniformly random games where the role has two or more legal moves (with the joint
// move that led there); the mean number of those moves into `mean_legal`. 0 if none.
double TimePrior(const search::MovePrior& prior, const reasoner::StateMachine& machine, int role,
                 int samples, double* mean_legal) {
  const size_t n = static_cast<size_t>(machine.num_roles());
  auto ws = machine.NewWorkspace();
  reasoner::Rng rng(7);
  reasoner::State s, next;
  std::vector<std::vector<reasoner::Move>> legal(n);
  std::vector<reasoner::Move> joint(n), last;
  std::vector<float> out;
  double total_us = 0, legal_sum = 0;
  int done = 0;
  for (int game = 0; done < samples && game < samples * 10; ++game) {
    machine.InitialState(&s);
    last.clear();
    while (done < samples && !machine.IsTerminal(s, *ws)) {
      bool stuck = false;
      for (size_t r = 0; r < n; ++r) {
        machine.LegalMoves(s, static_cast<int>(r), *ws, &legal[r]);
        stuck = stuck || legal[r].empty();
      }
      if (stuck) break;
      const std::vector<reasoner::Move>& mine = legal[static_cast<size_t>(role)];
      if (mine.size() > 1) {
        out.resize(mine.size());
        const auto begin = Clock::now();
        prior.Prior(s, last, role, mine, out);
        total_us += std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
        legal_sum += static_cast<double>(mine.size());
        ++done;
      }
      for (size_t r = 0; r < n; ++r) {
        joint[r] = legal[r][rng.Below(static_cast<uint32_t>(legal[r].size()))];
      }
      machine.NextState(s, joint, *ws, &next);
      std::swap(s, next);
      last = joint;
    }
  }
  *mean_legal = done > 0 ? legal_sum / done : 0;
  return done > 0 ? total_us / done : 0;
}

// Advances `mcts` (paused, rooted at `state`) to the child of every role's most visited
// root move. False if the root has no such child.
bool KeepMostVisitedChild(const reasoner::StateMachine& machine, const reasoner::State& state,
                          search::MctsSearch* mcts) {
  const search::Node* root = mcts->root();
  if (root == nullptr || root->terminal()) return false;
  std::vector<reasoner::Move> joint(static_cast<size_t>(machine.num_roles()));
  for (int r = 0; r < machine.num_roles(); ++r) {
    uint32_t best = 0;
    for (uint32_t i = 1; i < root->num_moves(r); ++i) {
      if (root->stat(r, i).visits.load() > root->stat(r, best).visits.load()) best = i;
    }
    joint[static_cast<size_t>(r)] = root->moves(r)[best];
  }
  auto ws = machine.NewWorkspace();
  reasoner::State next;
  machine.NextState(state, joint, *ws, &next);
  return mcts->Advance(joint, next);
}

// Runs the search until `seconds` have passed or it stops by itself, then pauses it.
void RunFor(search::MctsSearch& mcts, double seconds) {
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  mcts.Start();
  while (Clock::now() < end && mcts.Running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  mcts.Pause();
}

}  // namespace

int BenchSearch(const SearchBenchOptions& o, const std::string& game,
                const std::shared_ptr<const reasoner::StateMachine>& machine,
                const std::string& backend) {
  search::SearchPool pool(o.threads);
  search::SearchParams params = search::SearchParamsFromJson(nlohmann::json::parse(o.params));
  params.seed = o.seed;
  const nlohmann::json params_json = nlohmann::json::parse(o.params);
  std::shared_ptr<search::ModelPrior> prior;
  if (params_json.is_object() && params_json.contains("model")) {
    const std::string name = params_json["model"].get<std::string>();
    if (!models::MakeModel(name)) {
      std::cerr << "unknown model " << name << "\n";
      return 1;
    }
    prior = std::make_shared<search::ModelPrior>(machine->num_roles(), 0);
    for (int r = 1; r < machine->num_roles(); ++r) {
      std::unique_ptr<models::OpponentModel> m = models::MakeModel(name);
      m->Bind(machine, r);
      prior->Publish(r, std::move(m));
    }
  }
  double prior_us = -1, prior_legal = 0;
  if (prior && machine->num_roles() > 1) {
    prior_us = TimePrior(*prior, *machine, 1, 2000, &prior_legal);
    if (!o.json) {
      std::cout << fmt::format(
                       "{}: prior {} for role 1: {:.2f} us a call ({:.1f} legal moves on "
                       "average, 2000 states of random games)",
                       game, params_json["model"].get<std::string>(), prior_us, prior_legal)
                << std::endl;
    }
  }
  search::MctsSearch mcts(machine, 0, params, &pool, prior);
  reasoner::State initial;
  machine->InitialState(&initial);
  mcts.SetRoot(initial);
  int64_t kept = -1, discarded = -1, first_iterations = 0;
  if (o.reuse_after > 0) {
    RunFor(mcts, o.reuse_after);
    const int64_t before = mcts.Info().nodes;
    if (!KeepMostVisitedChild(*machine, initial, &mcts)) {
      std::cerr << game << ": the first search left no child to keep\n";
      return 1;
    }
    kept = search::CountNodes(mcts.root());
    discarded = before - kept;
    first_iterations = mcts.Info().iterations;  // the search's count runs on
  }
  const auto begin = Clock::now();
  RunFor(mcts, o.seconds);
  const double secs = std::chrono::duration<double>(Clock::now() - begin).count();
  search::SearchInfo info = mcts.Info();
  info.iterations -= first_iterations;
  const double per_s = static_cast<double>(info.iterations) / secs;
  if (o.json) {
    nlohmann::json j = {
        {"game", game},
        {"machine", backend},
        {"threads", o.threads},
        {"iterations_per_s", per_s},
        {"iterations", info.iterations},
        {"nodes", info.nodes},
        {"max_depth", info.max_depth},
        {"proven", info.root_proven},
        {"transpositions", info.links},
        {"tree_mb", static_cast<double>(info.bytes) / (1 << 20)},
        {"tree_full", info.bytes >= static_cast<int64_t>(params.memory_limit_bytes)}};
    if (kept >= 0) {
      j["kept_nodes"] = kept;
      j["discarded_nodes"] = discarded;
    }
    if (prior_us >= 0) {
      j["model"] = params_json["model"];
      j["prior_us"] = prior_us;
      j["prior_legal"] = prior_legal;
    }
    std::cout << j.dump() << std::endl;
  } else {
    std::cout << fmt::format(
                     "{}: mcts on {}, {} thread(s): {:.0f} iterations/s ({} in {:.1f} s), "
                     "{} nodes ({} transpositions), depth {}{}{}",
                     game, backend, o.threads, per_s, info.iterations, secs, info.nodes, info.links,
                     info.max_depth, info.root_proven ? ", root proven" : "",
                     kept >= 0 ? fmt::format(", on a kept subtree of {} nodes ({} discarded)", kept,
                                             discarded)
                               : "")
              << std::endl;
  }
  return 0;
}

}  // namespace ggp::agent
