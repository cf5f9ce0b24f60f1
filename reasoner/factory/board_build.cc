// The board learner's part of the machine build (factory_internal.h, machine_factory.h): a
// learned board or hybrid machine over a verified reference machine.

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <string>

#include "reasoner/board/board_game_io.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/factory/factory_internal.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner {
namespace {

using Clock = std::chrono::steady_clock;

// The rules of a hybrid machine (reasoner/board/hybrid_machine.h) for the game of `net`:
// the propnet built again without its legal moves, within `seconds`; nullopt if that
// fails or numbers fluents or moves differently from `net`.
std::optional<board::HybridRules> LegalFreeRules(const gdl::Description& description,
                                                 const MachineOptions& options,
                                                 const propnet::PropnetMachine& net,
                                                 double seconds) {
  propnet::PropnetOptions popts;
  popts.budget.max_seconds = seconds;
  popts.budget.max_bytes = options.build_memory_bytes;
  popts.budget.cancel = options.cancel;
  popts.legal = false;
  popts.profile_moves = &net;
  propnet::PropnetBuild built = propnet::PropnetMachine::Build(description, popts);
  if (!built.machine || built.machine->fluent_terms() != net.fluent_terms()) return std::nullopt;
  board::HybridRules rules;
  for (int r = 0; r < net.num_roles(); ++r) {
    if (built.machine->move_terms(r) != net.move_terms(r)) return std::nullopt;
    rules.move_terms.push_back(net.move_terms(r));
  }
  rules.fluent_terms = net.fluent_terms();
  rules.machine = std::move(built.machine);
  return rules;
}

}  // namespace

namespace factory_internal {

MachineBuild AddBoardMachine(const gdl::Description& description, const MachineOptions& options,
                             MachineBuild base, bool required, double budget) {
  const Clock::time_point start = Clock::now();
  const bool cancelled = options.cancel != nullptr && options.cancel->load();
  if (!base.machine || cancelled || description.roles.size() != 2 || budget <= 0.05) {
    if (required) {
      base.reason += "; no board machine (" +
                     std::string(!base.machine                   ? "no reference machine"
                                 : cancelled                     ? "cancelled"
                                 : description.roles.size() != 2 ? "not two roles"
                                                                 : "no time") +
                     ")";
      base.machine = nullptr;
    }
    return base;
  }
  board::BoardLearnOptions bo;
  bo.seconds = budget;
  bo.seed = options.seed;
  bo.cancel = options.cancel;
  // Moves-only games: a hybrid over the same propnet without its legal moves.
  if (auto net = std::dynamic_pointer_cast<const propnet::PropnetMachine>(base.machine)) {
    bo.hybrid_rules = [&description, &options, net](double seconds) {
      return LegalFreeRules(description, options, *net, seconds);
    };
  }
  std::optional<board::BoardGame> known;
  if (!options.board_model.empty()) {
    std::string why;
    nlohmann::json j = nlohmann::json::parse(options.board_model, nullptr, false);
    if (!j.is_discarded()) known = board::BoardGameFromJson(j, *description.symbols, &why);
    if (known) bo.known = &*known;
  }
  board::BoardLearnResult learned;
  try {
    learned = board::LearnBoardMachine(description, base.machine, bo);
    if (bo.known != nullptr && !learned.machine) {  // the stored model no longer holds
      std::string stale = learned.reason;
      bo.known = nullptr;
      bo.seconds =
          std::max(0.0, budget - std::chrono::duration<double>(Clock::now() - start).count());
      learned = board::LearnBoardMachine(description, base.machine, bo);
      learned.reason = "stored model refused (" + stale + "); " + learned.reason;
    }
  } catch (const std::exception& e) {
    learned.reason = std::string("board learning failed: ") + e.what();
  }
  base.board_report = learned.reason;
  if (learned.game)
    base.board_model = board::BoardGameToJson(*learned.game, *description.symbols).dump();
  base.board_verified = learned.machine != nullptr;
  if (learned.machine) {
    const std::string kind(learned.machine->backend());  // "board" or "hybrid"
    base.reason =
        kind + " machine (" + learned.reason + ") over " + base.backend + ": " + base.reason;
    base.machine = learned.machine;
    base.backend = kind;
  } else if (required) {
    base.reason = "no board machine: " + learned.reason;
    base.machine = nullptr;
  } else {
    base.reason += "; board: " + learned.reason;
  }
  return base;
}

}  // namespace factory_internal

MachineBuild BuildBoardMachine(const gdl::Description& description,
                               std::shared_ptr<const StateMachine> reference,
                               const MachineOptions& options) {
  const Clock::time_point start = Clock::now();
  MachineBuild base;
  base.machine = std::move(reference);
  base.backend = base.machine ? std::string(base.machine->backend()) : std::string();
  MachineBuild build = factory_internal::AddBoardMachine(description, options, std::move(base),
                                                         true, options.board_seconds);
  build.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return build;
}

}  // namespace ggp::reasoner
