// The board machine on the corpus's breakthrough against the GDL engines:
//   BM_LegalMoves/{board,propnet,prover}  every role's legal moves in one position (the
//                                         same positions, from random playouts, for all)
//   BM_Playout/{board,propnet}            whole random playouts from the initial state
//                                         by the machine's RandomPlayout, then the goals
// Before measuring, the board machine (hand-built BoardGame of breakthrough) is verified
// against the propnet and the prover; a difference fails the run. Without the shared
// corpus ($GGP_SHARED, else ../shared beside the checkout) the run is skipped with a message.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "reasoner/board/board_machine.h"
#include "reasoner/board/board_machine_testing.h"
#include "reasoner/factory/verify.h"
#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner::board {
namespace {

struct Machines {
  std::shared_ptr<const StateMachine> board, propnet, prover;
  // The same positions as each machine's states, indexed like `machines()`.
  std::vector<std::vector<State>> positions;
  std::vector<const StateMachine*> machines() const {
    return {board.get(), propnet.get(), prover.get()};
  }
};

Machines* g_machines = nullptr;

std::string SharedDir() {
  const char* env = std::getenv("GGP_SHARED");
  return env != nullptr ? env : GGP_DEFAULT_SHARED_DIR;
}

// Random playouts on the board machine, replayed move by move (by term) on the others.
void CollectPositions(Machines& m, int playouts) {
  const std::vector<const StateMachine*> all = m.machines();
  std::vector<std::unique_ptr<Workspace>> ws;
  for (const StateMachine* x : all) ws.push_back(x->NewWorkspace());
  m.positions.assign(all.size(), {});
  Rng rng(17);
  std::vector<State> s(all.size()), next(all.size());
  std::vector<Move> legal;
  std::vector<std::vector<Move>> joint(all.size(), std::vector<Move>(2));
  for (int p = 0; p < playouts; ++p) {
    for (size_t k = 0; k < all.size(); ++k) all[k]->InitialState(&s[k]);
    while (!m.board->IsTerminal(s[0], *ws[0])) {
      for (size_t k = 0; k < all.size(); ++k) m.positions[k].push_back(s[k]);
      for (int r = 0; r < 2; ++r) {
        m.board->LegalMoves(s[0], r, *ws[0], &legal);
        const kif::Term term =
            m.board->MoveTerm(r, legal[rng.Below(static_cast<uint32_t>(legal.size()))]);
        for (size_t k = 0; k < all.size(); ++k)
          joint[k][static_cast<size_t>(r)] = *all[k]->FindMove(r, term);
      }
      for (size_t k = 0; k < all.size(); ++k) {
        all[k]->NextState(s[k], joint[k], *ws[k], &next[k]);
        std::swap(s[k], next[k]);
      }
    }
  }
}

void BM_LegalMoves(benchmark::State& state, size_t which) {
  const StateMachine& m = *g_machines->machines()[which];
  const std::vector<State>& positions = g_machines->positions[which];
  auto ws = m.NewWorkspace();
  std::vector<Move> moves;
  size_t i = 0, total = 0;
  for (auto _ : state) {
    const State& s = positions[i++ % positions.size()];
    for (int r = 0; r < 2; ++r) {
      m.LegalMoves(s, r, *ws, &moves);
      total += moves.size();
      benchmark::DoNotOptimize(moves.data());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["moves_per_position"] =
      static_cast<double>(total) / static_cast<double>(state.iterations());
}

void BM_Playout(benchmark::State& state, size_t which) {
  const StateMachine& m = *g_machines->machines()[which];
  auto ws = m.NewWorkspace();
  Rng rng(11);
  State start, end;
  m.InitialState(&start);
  int64_t steps = 0;
  for (auto _ : state) {
    PlayoutResult r = m.RandomPlayout(start, 1000, rng, *ws, &end, nullptr, nullptr);
    steps += r.steps;
    for (int role = 0; role < 2; ++role) benchmark::DoNotOptimize(m.Goal(end, role, *ws));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["steps_per_playout"] =
      static_cast<double>(steps) / static_cast<double>(state.iterations());
}

// Builds and verifies the machines; false (with a message) if the run cannot go on.
bool Setup(Machines& m, int* exit_code) {
  const std::string path = SharedDir() + "/games/breakthrough.kif";
  if (!std::filesystem::exists(path)) {
    std::printf("board_machine_bench: skipped, %s not found (set GGP_SHARED)\n", path.c_str());
    return false;
  }
  *exit_code = 1;
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  std::string error;
  if (!gdl::LoadDescriptionFile(path, symbols, &d, &errors) ||
      !(m.prover = ProverMachine::Build(d, &error))) {
    std::printf("board_machine_bench: cannot build the prover: %s\n", error.c_str());
    return false;
  }
  propnet::PropnetBuild built = propnet::PropnetMachine::Build(d, {});
  if (!built.machine) {
    std::printf("board_machine_bench: cannot build the propnet: %s\n", built.error.c_str());
    return false;
  }
  m.propnet = built.machine;
  m.board = std::make_shared<BoardMachine>(testing::BreakthroughGame(*symbols, 8, 8, 2), symbols,
                                           m.prover->roles());
  for (auto [reference, playouts] : {std::pair{m.propnet, 200}, std::pair{m.prover, 10}}) {
    VerifyOptions o;
    o.playouts = playouts;
    o.seconds = 120;
    o.goals_everywhere = true;
    o.machine_playouts = 50;
    VerifyStats stats;
    if (auto diff = VerifyAgainst(*reference, *m.board, o, &stats)) {
      std::printf("board_machine_bench: board differs from %s: %s\n",
                  std::string(reference->backend()).c_str(), diff->c_str());
      return false;
    }
    std::printf("verified against %s: %d playouts, %d states\n",
                std::string(reference->backend()).c_str(), stats.playouts, stats.steps);
  }
  CollectPositions(m, 50);
  std::printf("positions: %zu\n", m.positions[0].size());
  *exit_code = 0;
  return true;
}

}  // namespace
}  // namespace ggp::reasoner::board

int main(int argc, char** argv) {
  using namespace ggp::reasoner::board;
  benchmark::Initialize(&argc, argv);
  static Machines machines;
  int exit_code = 0;
  if (!Setup(machines, &exit_code)) return exit_code;
  g_machines = &machines;
  const char* names[] = {"board", "propnet", "prover"};
  for (size_t k = 0; k < 3; ++k) {
    benchmark::RegisterBenchmark((std::string("BM_LegalMoves/") + names[k]).c_str(), BM_LegalMoves,
                                 k);
  }
  for (size_t k = 0; k < 2; ++k) {
    benchmark::RegisterBenchmark((std::string("BM_Playout/") + names[k]).c_str(), BM_Playout, k);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
