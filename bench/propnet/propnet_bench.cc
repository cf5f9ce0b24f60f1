// Propnet micro-benchmarks. Each benchmark takes a game of the shared corpus by name:
//   BM_LegalMoves   legal moves of every role in states sampled from random playouts
//   BM_NextState    next state for a random legal joint move from sampled states
//   BM_Playout      whole random playouts from the initial state, then every role's
//                   goal (items = playouts)
// States are sampled up front so that the measured loops only query the machine.

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner::propnet {
namespace {

std::string SharedDir() {
  const char* env = std::getenv("GGP_SHARED");
  return env != nullptr ? env : GGP_DEFAULT_SHARED_DIR;
}

const PropnetMachine* Machine(const std::string& game) {
  static std::map<std::string, std::shared_ptr<const PropnetMachine>> cache;
  auto it = cache.find(game);
  if (it != cache.end()) return it->second.get();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  std::shared_ptr<const PropnetMachine> m;
  if (gdl::LoadDescriptionFile(SharedDir() + "/games/" + game + ".kif", symbols, &d, &errors)) {
    m = PropnetMachine::Build(d, {}).machine;
  }
  cache[game] = m;
  return m.get();
}

// Plays one random playout into `s` (its final state); calls `visit(state, joint)` for
// each non-terminal state.
template <typename Visit>
void RandomPlayout(const PropnetMachine& m, Workspace& ws, std::mt19937_64& rng, State& s,
                   Visit&& visit) {
  State next;
  m.InitialState(&s);
  std::vector<Move> moves, joint(static_cast<size_t>(m.num_roles()));
  for (int step = 0; step < 1000 && !m.IsTerminal(s, ws); ++step) {
    for (int r = 0; r < m.num_roles(); ++r) {
      m.LegalMoves(s, r, ws, &moves);
      joint[static_cast<size_t>(r)] = moves.empty() ? -1 : moves[rng() % moves.size()];
    }
    visit(s, joint);
    m.NextState(s, joint, ws, &next);
    std::swap(s, next);
  }
}

struct Sample {
  std::vector<State> states;
  std::vector<std::vector<Move>> joints;
};

Sample SampleStates(const PropnetMachine& m, int playouts) {
  Sample sample;
  auto ws = m.NewWorkspace();
  std::mt19937_64 rng(7);
  State last;
  for (int p = 0; p < playouts; ++p) {
    RandomPlayout(m, *ws, rng, last, [&](const State& s, const std::vector<Move>& joint) {
      sample.states.push_back(s);
      sample.joints.push_back(joint);
    });
  }
  return sample;
}

void BM_LegalMoves(benchmark::State& state, const char* game) {
  const PropnetMachine* m = Machine(game);
  if (m == nullptr) return state.SkipWithError("game not available");
  Sample sample = SampleStates(*m, 20);
  auto ws = m->NewWorkspace();
  std::vector<Move> moves;
  size_t i = 0;
  for (auto _ : state) {
    const State& s = sample.states[i++ % sample.states.size()];
    for (int r = 0; r < m->num_roles(); ++r) {
      m->LegalMoves(s, r, *ws, &moves);
      benchmark::DoNotOptimize(moves.data());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_NextState(benchmark::State& state, const char* game) {
  const PropnetMachine* m = Machine(game);
  if (m == nullptr) return state.SkipWithError("game not available");
  Sample sample = SampleStates(*m, 20);
  auto ws = m->NewWorkspace();
  State out;
  size_t i = 0;
  for (auto _ : state) {
    size_t k = i++ % sample.states.size();
    m->NextState(sample.states[k], sample.joints[k], *ws, &out);
    benchmark::DoNotOptimize(out.words().data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_Playout(benchmark::State& state, const char* game) {
  const PropnetMachine* m = Machine(game);
  if (m == nullptr) return state.SkipWithError("game not available");
  auto ws = m->NewWorkspace();
  std::mt19937_64 rng(11);
  State s;
  for (auto _ : state) {
    RandomPlayout(*m, *ws, rng, s, [](const State&, const std::vector<Move>&) {});
    for (int r = 0; r < m->num_roles(); ++r) benchmark::DoNotOptimize(m->Goal(s, r, *ws));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

#define GGP_PROPNET_BENCHMARKS(game)                       \
  BENCHMARK_CAPTURE(BM_LegalMoves, game, #game);           \
  BENCHMARK_CAPTURE(BM_NextState, game, #game);            \
  BENCHMARK_CAPTURE(BM_Playout, game, #game)

GGP_PROPNET_BENCHMARKS(ticTacToe);
GGP_PROPNET_BENCHMARKS(connectFour);
GGP_PROPNET_BENCHMARKS(breakthrough);
GGP_PROPNET_BENCHMARKS(hex);
GGP_PROPNET_BENCHMARKS(othello-comp2007);

}  // namespace
}  // namespace ggp::reasoner::propnet

BENCHMARK_MAIN();
