// search_speed GAME.kif [seconds] [threads...]: MCTS iterations per second on one game,
// built with the propnet back end, for each pool size given (default 1 and 2). A
// measurement tool, not a test: it reports numbers and asserts nothing.

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "agent/search/mcts_search.h"
#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"

namespace {

double CpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ggp;
  if (argc < 2) {
    std::fprintf(stderr, "usage: search_speed GAME.kif [seconds] [threads...]\n");
    return 2;
  }
  const double seconds = argc > 2 ? std::atof(argv[2]) : 5.0;
  std::vector<int> threads;
  for (int i = 3; i < argc; ++i) threads.push_back(std::atoi(argv[i]));
  if (threads.empty()) threads = {1, 2};

  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(argv[1], symbols, &d, &errors)) {
    std::fprintf(stderr, "cannot load %s\n", argv[1]);
    return 1;
  }
  reasoner::propnet::PropnetBuild build = reasoner::propnet::PropnetMachine::Build(d, {});
  if (!build.machine) {
    std::fprintf(stderr, "propnet build failed: %s\n", build.error.c_str());
    return 1;
  }
  std::shared_ptr<const reasoner::StateMachine> machine = build.machine;
  reasoner::State initial;
  machine->InitialState(&initial);

  for (int n : threads) {
    agent::search::SearchPool pool(n);
    agent::search::SearchParams params;
    agent::search::MctsSearch search(machine, 0, params, &pool);
    search.SetRoot(initial);
    const double cpu0 = CpuSeconds();
    search.Start();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    search.Pause();
    const double cpu = CpuSeconds() - cpu0;
    const agent::search::SearchInfo info = search.Info();
    const agent::search::Decision dec = search.Decide();
    std::printf("%s threads=%d iterations=%lld it/s=%.0f it/cpu-s=%.0f cpu-s=%.1f nodes=%lld MB=%.1f max_depth=%d "
                "move=%s value=%.3f share=%.3f\n",
                argv[1], n, static_cast<long long>(info.iterations), info.iterations / seconds,
                info.iterations / cpu, cpu,
                static_cast<long long>(info.nodes), info.bytes / 1048576.0, info.max_depth,
                kif::ToString(machine->MoveTerm(0, dec.move), machine->symbols()).c_str(), dec.value,
                dec.visit_share);
  }
  return 0;
}
