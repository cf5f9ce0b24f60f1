// The back end choice. Each back end has its own Build* function returning a
// MachineBuild; CreateMachine picks one by name and times the whole build. "auto" tries
// the propnet first, verifies it against the prover with VerifyAgainst (verify.h) and
// falls back to the prover, with the reason, when the build fails or they disagree.

#include "reasoner/factory/machine_factory.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "reasoner/board/board_game_io.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/factory/verify.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace {

using Clock = std::chrono::steady_clock;

// The reference prover: builds for every description that has roles.
MachineBuild BuildProver(const gdl::Description& description, std::string reason) {
  MachineBuild build;
  std::string error;
  try {
    build.machine = ProverMachine::Build(description, &error);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!build.machine) {
    build.reason =
        "prover cannot be built: " + (error.empty() ? std::string("unknown error") : error);
    return build;
  }
  build.backend = "prover";
  build.reason = std::move(reason);
  return build;
}

// The propnet, within the build budget (grounding + circuit).
MachineBuild BuildPropnet(const gdl::Description& description, const MachineOptions& options) {
  MachineBuild build;
  propnet::PropnetOptions popts;
  popts.budget.max_seconds = options.build_seconds;
  popts.budget.max_bytes = options.build_memory_bytes;
  popts.budget.cancel = options.cancel;
  propnet::PropnetBuild pn;
  try {
    pn = propnet::PropnetMachine::Build(description, popts);
  } catch (const std::exception& e) {
    pn.error = e.what();
  }
  if (!pn.machine) {
    build.reason = "propnet build failed: " + pn.error;
    return build;
  }
  build.machine = pn.machine;
  build.backend = "propnet";
  build.reason = "propnet of " + std::to_string(pn.stats.components) + " components and " +
                 std::to_string(pn.stats.edges) + " edges built in " +
                 std::to_string(static_cast<int>(pn.stats.build_seconds * 1000)) + " ms from " +
                 std::to_string(pn.stats.ground.rules) + " ground rules";
  if (pn.stats.ground.projected) {
    const ground::GroundStats& g = pn.stats.ground;
    build.reason += " (local variables projected, " + std::to_string(g.decomposed_rules) +
                    " rule bodies decomposed: the plain grounding stopped at " +
                    std::to_string(g.plain_rules) + " rules and " + std::to_string(g.plain_body) +
                    " body literals after trying " + std::to_string(g.plain_work) +
                    " candidate facts)";
  } else if (pn.stats.ground.rewrite_lost) {
    build.reason += " (a rewrite with local variables projected and bodies decomposed was "
                    "tried and needed more)";
  }
  if (pn.stats.ground.constant_fluents > 0) {
    build.reason += ", " + std::to_string(pn.stats.ground.constant_fluents) +
                    " constant fluents read from init";
  }
  if (pn.stats.demuxed_gates > 0) {
    build.reason += ", " + std::to_string(pn.stats.demuxed_gates) + " gates behind " +
                    std::to_string(pn.stats.selector_groups) + " selector groups";
  }
  if (pn.stats.branch_free_fanouts > 0) {
    build.reason += ", " + std::to_string(pn.stats.branch_free_fanouts) +
                    " components with hard-to-predict flips";
  }
  return build;
}

MachineBuild BuildAuto(const gdl::Description& description, const MachineOptions& options) {
  MachineBuild propnet = BuildPropnet(description, options);
  if (!propnet.machine) return BuildProver(description, propnet.reason + "; using prover");
  MachineBuild prover = BuildProver(description, "");
  if (!prover.machine) {
    propnet.reason += " (not verified: " + prover.reason + ")";
    return propnet;
  }
  if (options.cancel != nullptr && options.cancel->load()) {
    prover.reason = "build cancelled before verification; using prover";
    return prover;
  }
  VerifyOptions vopts;
  vopts.cancel = options.cancel;
  vopts.playouts = options.verify_playouts;
  vopts.seconds = options.verify_seconds;
  vopts.seed = options.seed;
  VerifyStats stats;
  std::optional<std::string> difference;
  try {
    difference = VerifyAgainst(*prover.machine, *propnet.machine, vopts, &stats);
  } catch (const std::exception& e) {
    difference = std::string("verification failed: ") + e.what();
  }
  if (difference) {
    prover.reason = "propnet disagrees with the prover at " + *difference + "; using prover";
    return prover;
  }
  propnet.reason += ", verified against the prover on " + std::to_string(stats.playouts) +
                    " playouts (" + std::to_string(stats.steps) + " states" +
                    (stats.timed_out ? ", verification time cap reached)" : ")");
  return propnet;
}

// The rules of a hybrid machine (reasoner/board/hybrid_machine.h) for the game of `net`:
// the propnet built again without its legal moves, within `seconds`; nullopt if that
// fails or numbers fluents or moves differently from `net`.
std::optional<board::HybridRules> LegalFreeRules(const gdl::Description& description,
                                                 const MachineOptions& options,
                                                 const propnet::PropnetMachine& net, double seconds) {
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

// The board learner on top of a verified machine (base.machine, the reference), within
// `budget` seconds: replaces it when the learned board machine verifies; otherwise keeps
// it, with the reason (or fails when `required`: "dfa", BuildBoardMachine).
MachineBuild AddBoardMachine(const gdl::Description& description, const MachineOptions& options,
                             MachineBuild base, bool required, double budget) {
  const Clock::time_point start = Clock::now();
  const bool cancelled = options.cancel != nullptr && options.cancel->load();
  if (!base.machine || cancelled || description.roles.size() != 2 || budget <= 0.05) {
    if (required) {
      base.reason += "; no board machine (" +
                     std::string(!base.machine ? "no reference machine"
                                 : cancelled   ? "cancelled"
                                 : description.roles.size() != 2 ? "not two roles"
                                                                 : "no time") + ")";
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
      bo.seconds = std::max(0.0, budget - std::chrono::duration<double>(Clock::now() - start).count());
      learned = board::LearnBoardMachine(description, base.machine, bo);
      learned.reason = "stored model refused (" + stale + "); " + learned.reason;
    }
  } catch (const std::exception& e) {
    learned.reason = std::string("board learning failed: ") + e.what();
  }
  base.board_report = learned.reason;
  if (learned.game) base.board_model = board::BoardGameToJson(*learned.game, *description.symbols).dump();
  base.board_verified = learned.machine != nullptr;
  if (learned.machine) {
    const std::string kind(learned.machine->backend());  // "board" or "hybrid"
    base.reason = kind + " machine (" + learned.reason + ") over " + base.backend + ": " + base.reason;
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

}  // namespace

MachineBuild BuildBoardMachine(const gdl::Description& description,
                               std::shared_ptr<const StateMachine> reference,
                               const MachineOptions& options) {
  const Clock::time_point start = Clock::now();
  MachineBuild base;
  base.machine = std::move(reference);
  base.backend = base.machine ? std::string(base.machine->backend()) : std::string();
  MachineBuild build = AddBoardMachine(description, options, std::move(base), true, options.board_seconds);
  build.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return build;
}

bool IsKnownBackend(const std::string& name) {
  return name == "auto" || name == "prover" || name == "propnet" || name == "dfa";
}

MachineBuild CreateMachine(const gdl::Description& description, const MachineOptions& options) {
  Clock::time_point start = Clock::now();
  MachineBuild build;
  if (options.backend == "prover") {
    build = BuildProver(description, "requested");
  } else if (options.backend == "propnet") {
    build = BuildPropnet(description, options);
  } else if (options.backend == "auto" || options.backend == "dfa") {
    MachineBuild base = BuildAuto(description, options);
    const double spent = std::chrono::duration<double>(Clock::now() - start).count();
    build = AddBoardMachine(
        description, options, std::move(base), options.backend == "dfa",
        std::min(options.board_seconds, options.build_seconds + options.verify_seconds - spent));
  } else {
    build.reason = "unknown back end '" + options.backend + "' (auto, dfa, prover, propnet)";
  }
  build.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return build;
}

}  // namespace ggp::reasoner
