// The split machine's build (factory_internal.h, split_machine.h): which rules the propnet
// keeps, and the two tries.

#include <algorithm>
#include <chrono>
#include <exception>
#include <string>
#include <vector>

#include "reasoner/factory/factory_internal.h"
#include "reasoner/factory/split_machine.h"
#include "reasoner/gdl/relevance.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner::factory_internal {

using Clock = std::chrono::steady_clock;

MachineBuild BuildSplit(const gdl::Description& description, const MachineOptions& options,
                        double seconds, std::shared_ptr<const StateMachine> prover,
                        kif::SymbolId busiest) {
  const Clock::time_point start = Clock::now();
  MachineBuild build;
  if (!prover) prover = BuildProver(description, "").machine;
  auto whole = std::dynamic_pointer_cast<const ProverMachine>(prover);
  if (!whole) {
    build.reason = "split machine: no prover of the whole game";
    return build;
  }
  std::vector<kif::SymbolId> roots = {kif::kRole, kif::kInit,  kif::kLegal,   kif::kNext,
                                      kif::kBase, kif::kInput, kif::kTerminal};
  const gdl::RelevantPart with_terminal = gdl::KeepRelevant(description, roots);
  roots.pop_back();
  const gdl::RelevantPart without_terminal = gdl::KeepRelevant(description, roots);
  // A relation of the grounder's own rewrites tells nothing about the game's rules.
  if (std::none_of(description.rules.begin(), description.rules.end(),
                   [busiest](const gdl::Rule& r) { return r.head.symbol == busiest; })) {
    busiest = -1;
  }
  std::string tried;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const gdl::RelevantPart& part = attempt == 0 ? with_terminal : without_terminal;
    if (part.dropped_rules == 0) continue;
    if (attempt == 1 && part.dropped_rules == with_terminal.dropped_rules) continue;
    const char* what = attempt == 0 ? "goals" : "goals and terminal";
    if (busiest >= 0 && !std::binary_search(part.dropped.begin(), part.dropped.end(), busiest)) {
      tried += std::string(tried.empty() ? "" : "; ") + "without " + what + ", " +
               std::string(description.symbols->Name(busiest)) +
               " (whose rules exceeded the budget) is still needed";
      continue;
    }
    const double spent = std::chrono::duration<double>(Clock::now() - start).count();
    // The first try gets half the time when a second one could follow.
    const double left = seconds - spent;
    const bool second =
        attempt == 0 && without_terminal.dropped_rules > with_terminal.dropped_rules &&
        (busiest < 0 || std::binary_search(without_terminal.dropped.begin(),
                                           without_terminal.dropped.end(), busiest));
    propnet::PropnetOptions popts;
    popts.budget.max_seconds = second ? left / 2 : left;
    popts.budget.max_bytes = options.build_memory_bytes;
    popts.budget.cancel = options.cancel;
    if (popts.budget.max_seconds <= 0.01) break;
    propnet::PropnetBuild pn;
    try {
      pn = propnet::PropnetMachine::Build(part.description, popts);
    } catch (const std::exception& e) {
      pn.error = e.what();
    }
    if (!pn.machine) {
      tried += std::string(tried.empty() ? "" : "; ") + "without " + what + ": " + pn.error;
      continue;
    }
    std::string why;
    build.machine = SplitMachine::Create(pn.machine, whole, attempt == 0, &why);
    if (!build.machine) {
      tried += std::string(tried.empty() ? "" : "; ") + why;
      continue;
    }
    build.backend = "split";
    std::string left_out;
    for (size_t i = 0; i < part.dropped.size() && i < 6; ++i) {
      left_out +=
          std::string(i > 0 ? ", " : "") + std::string(description.symbols->Name(part.dropped[i]));
    }
    if (part.dropped.size() > 6) left_out += ", ... (" + std::to_string(part.dropped.size()) + ")";
    build.reason = "split machine: propnet of " + std::to_string(pn.stats.components) +
                   " components built in " +
                   std::to_string(static_cast<int>(pn.stats.build_seconds * 1000)) + " ms from " +
                   std::to_string(pn.stats.ground.rules) + " ground rules without " + what + ", " +
                   what + " by the prover (" + std::to_string(part.dropped_rules) +
                   " rules left out: " + left_out + ")";
    return build;
  }
  build.reason = tried.empty() ? "split machine: goals and terminal have no rules of their own"
                               : "split machine failed: " + tried;
  return build;
}

}  // namespace ggp::reasoner::factory_internal
