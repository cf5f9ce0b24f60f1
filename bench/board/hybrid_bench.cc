// The hybrid machine (reasoner/board/hybrid_machine.h) of a moves-only board game against
// the propnet it was learned over, on the same states (the hybrid's states are the
// propnet's):
//   BM_Legal/{propnet,hybrid}     every role's legal moves in one position
//   BM_Next/{propnet,legal_free}  the successor of one position under a legal joint move:
//                                 the full propnet and the one built without legal moves
//   BM_Playout/{propnet,hybrid}   whole random playouts by the machine's RandomPlayout
// The game is $GGP_HYBRID_GAME (a .kif), else the corpus's breakthroughSuicide
// ($GGP_SHARED, else ../shared beside the checkout); without it the run is skipped with a
// message. The hybrid is learned and verified first; a failure ends the run.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "reasoner/board/learn_game.h"
#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner::board {
namespace {

struct Machines {
  std::shared_ptr<const propnet::PropnetMachine> propnet, legal_free;
  std::shared_ptr<const StateMachine> hybrid;
  std::vector<State> positions;
  std::vector<std::vector<Move>> joints;  // a legal joint move per position
};

Machines* g_m = nullptr;

std::string GamePath() {
  if (const char* game = std::getenv("GGP_HYBRID_GAME")) return game;
  const char* env = std::getenv("GGP_SHARED");
  return std::string(env != nullptr ? env : GGP_DEFAULT_SHARED_DIR) + "/games/breakthroughSuicide.kif";
}

bool Setup(const std::string& path) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(path, symbols, &rules, &errors)) return false;
  static Machines m;
  propnet::PropnetOptions po;
  m.propnet = propnet::PropnetMachine::Build(rules, po).machine;
  po.legal = false;
  po.profile_moves = m.propnet.get();
  m.legal_free = propnet::PropnetMachine::Build(rules, po).machine;
  if (!m.propnet || !m.legal_free) return false;
  BoardLearnOptions o;
  o.seconds = 60;
  o.hybrid_min_speedup = 0;
  o.hybrid_rules = [&](double) {
    return std::optional<HybridRules>(HybridRules{
        m.legal_free, m.legal_free->fluent_terms(), {m.legal_free->move_terms(0), m.legal_free->move_terms(1)}});
  };
  BoardLearnResult r = LearnBoardMachine(rules, m.propnet, o);
  std::printf("%s: %s\n", path.c_str(), r.reason.c_str());
  std::printf("propnet: %u components, %zu edges; without legal moves: %u components, %zu edges\n",
              m.propnet->stats().components, m.propnet->stats().edges, m.legal_free->stats().components,
              m.legal_free->stats().edges);
  if (!r.machine || r.machine->backend() != "hybrid") return false;
  m.hybrid = r.machine;
  auto ws = m.propnet->NewWorkspace();
  Rng rng(17);
  std::vector<Move> legal;
  State s, next;
  for (int p = 0; p < 200; ++p) {
    m.propnet->InitialState(&s);
    while (!m.propnet->IsTerminal(s, *ws)) {
      std::vector<Move> joint;
      for (int role = 0; role < m.propnet->num_roles(); ++role) {
        m.propnet->LegalMoves(s, role, *ws, &legal);
        joint.push_back(legal[rng.Below(static_cast<uint32_t>(legal.size()))]);
      }
      m.positions.push_back(s);
      m.joints.push_back(joint);
      m.propnet->NextState(s, joint, *ws, &next);
      std::swap(s, next);
    }
  }
  g_m = &m;
  return true;
}

const StateMachine& Pick(int k) {
  if (k == 0) return *g_m->propnet;
  return k == 1 ? *g_m->hybrid : *g_m->legal_free;
}

void BM_Legal(benchmark::State& st) {
  const StateMachine& m = Pick(static_cast<int>(st.range(0)));
  auto ws = m.NewWorkspace();
  std::vector<Move> legal;
  size_t i = 0, moves = 0;
  for (auto _ : st) {
    const State& s = g_m->positions[i];
    for (int r = 0; r < m.num_roles(); ++r) {
      m.LegalMoves(s, r, *ws, &legal);
      moves += legal.size();
    }
    if (++i == g_m->positions.size()) i = 0;
  }
  benchmark::DoNotOptimize(moves);
  st.SetLabel(std::string(m.backend()));
}

void BM_Next(benchmark::State& st) {
  const StateMachine& m = Pick(st.range(0) == 0 ? 0 : 2);
  auto ws = m.NewWorkspace();
  State next;
  size_t i = 0;
  for (auto _ : st) {
    m.NextState(g_m->positions[i], g_m->joints[i], *ws, &next);
    benchmark::DoNotOptimize(next);
    if (++i == g_m->positions.size()) i = 0;
  }
  st.SetLabel(st.range(0) == 0 ? "propnet" : "legal_free");
}

void BM_Playout(benchmark::State& st) {
  const StateMachine& m = Pick(static_cast<int>(st.range(0)));
  auto ws = m.NewWorkspace();
  Rng rng(5);
  State start, end;
  m.InitialState(&start);
  for (auto _ : st) {
    PlayoutResult r = m.RandomPlayout(start, 1000, rng, *ws, &end, nullptr, nullptr);
    benchmark::DoNotOptimize(r);
  }
  st.SetLabel(std::string(m.backend()));
}

}  // namespace
}  // namespace ggp::reasoner::board

int main(int argc, char** argv) {
  using namespace ggp::reasoner::board;
  const std::string path = GamePath();
  if (!std::filesystem::exists(path)) {
    std::printf("hybrid_bench: %s not found; skipped\n", path.c_str());
    return 0;
  }
  if (!Setup(path)) {
    std::printf("hybrid_bench: no verified hybrid machine for %s\n", path.c_str());
    return 1;
  }
  benchmark::RegisterBenchmark("BM_Legal", BM_Legal)->Arg(0)->Arg(1);
  benchmark::RegisterBenchmark("BM_Next", BM_Next)->Arg(0)->Arg(1);
  benchmark::RegisterBenchmark("BM_Playout", BM_Playout)->Arg(0)->Arg(1);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
