#include "tests/generated/generated_game_check.h"

#include <memory>
#include <vector>

#include "reasoner/factory/verify.h"
#include "reasoner/gdl/description.h"
#include "reasoner/gdl/validate.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"
#include "tests/generated/naive_machine.h"

namespace ggp::testing {
namespace {

bool IsBudgetError(const std::string& error) {
  return error.find("exceeded the") != std::string::npos ||
         error.find("ran out of memory") != std::string::npos;
}

// Every prover playout must end in a terminal state within the step limit, each role
// having had a legal move in every state on the way.
std::string CheckWellFormed(const reasoner::StateMachine& m, const GeneratedGame& game,
                            const GameCheckOptions& options) {
  reasoner::State start, end;
  m.InitialState(&start);
  auto ws = m.NewWorkspace();
  for (int p = 0; p < options.wellformed_playouts; ++p) {
    reasoner::Rng rng(options.seed * 31 + static_cast<uint64_t>(p));
    const reasoner::PlayoutResult r =
        m.RandomPlayout(start, game.step_limit + 1, rng, *ws, &end, nullptr, nullptr);
    if (r.stuck) return "playout " + std::to_string(p + 1) + ": a role has no legal move";
    if (!r.terminal || r.steps > game.step_limit) {
      return "playout " + std::to_string(p + 1) + ": not terminal after " +
             std::to_string(r.steps) + " steps (limit " + std::to_string(game.step_limit) + ")";
    }
  }
  return "";
}

}  // namespace

const char* GameStatusName(GameStatus status) {
  switch (status) {
    case GameStatus::kAgree:
      return "agree";
    case GameStatus::kInvalid:
      return "invalid";
    case GameStatus::kIllFormed:
      return "ill-formed";
    case GameStatus::kProverFailed:
      return "prover-failed";
    case GameStatus::kPropnetBudget:
      return "propnet-budget";
    case GameStatus::kPropnetFailed:
      return "propnet-failed";
    case GameStatus::kDisagree:
      return "disagree";
    case GameStatus::kNaiveDisagree:
      return "prover-vs-naive";
  }
  return "?";
}

GameCheck CheckGame(const GeneratedGame& game, const GameCheckOptions& options) {
  GameCheck check;
  auto fail = [&check](GameStatus status, std::string detail) {
    check.status = status;
    check.detail = std::move(detail);
    return check;
  };
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(game.kif, symbols, &d, &errors)) {
    return fail(GameStatus::kInvalid, "parse error: " + (errors.empty() ? "" : errors[0].message));
  }
  const gdl::ValidationReport report = gdl::Validate(d);
  check.warnings = report.WarningCount();
  if (!report.ok()) {
    for (const gdl::Finding& f : report.findings) {
      if (f.severity == gdl::Severity::kError) {
        return fail(GameStatus::kInvalid, "line " + std::to_string(f.diagnostic.where.line) + ": " +
                                              f.diagnostic.message);
      }
    }
  }
  std::string error;
  std::shared_ptr<const reasoner::ProverMachine> prover = reasoner::ProverMachine::Build(d, &error);
  if (!prover) return fail(GameStatus::kProverFailed, error);
  if (std::string why = CheckWellFormed(*prover, game, options); !why.empty()) {
    return fail(GameStatus::kIllFormed, why);
  }
  reasoner::propnet::PropnetOptions propnet_options;
  propnet_options.budget.max_seconds = options.build_seconds;
  propnet_options.budget.max_bytes = options.build_bytes;
  reasoner::propnet::PropnetBuild propnet =
      reasoner::propnet::PropnetMachine::Build(d, propnet_options);
  if (!propnet.machine) {
    return fail(
        IsBudgetError(propnet.error) ? GameStatus::kPropnetBudget : GameStatus::kPropnetFailed,
        propnet.error);
  }
  reasoner::VerifyOptions verify;
  verify.playouts = options.playouts;
  verify.max_steps = game.step_limit + 1;
  verify.seconds = 0;  // no cap: every playout is compared
  verify.seed = static_cast<unsigned>(options.seed);
  verify.goals_everywhere = true;
  verify.machine_playouts = options.machine_playouts;
  reasoner::VerifyStats stats;
  std::optional<std::string> difference =
      reasoner::VerifyAgainst(*prover, *propnet.machine, verify, &stats);
  check.steps = stats.steps;
  if (difference) return fail(GameStatus::kDisagree, *difference);
  if (options.naive_playouts > 0) {
    NaiveMachine naive(d);
    verify.playouts = options.naive_playouts;
    verify.machine_playouts = 0;
    difference = reasoner::VerifyAgainst(*prover, naive, verify, &stats);
    if (naive.overflowed()) return fail(GameStatus::kNaiveDisagree, "the naive model overflowed");
    if (difference) return fail(GameStatus::kNaiveDisagree, *difference);
  }
  return check;
}

std::string DescribeFailure(const GeneratedGame& game, const GameCheck& check) {
  return "seed " + std::to_string(game.seed) + ": " + GameStatusName(check.status) + ": " +
         check.detail + "\nreproduce: GGP_GEN_SEED=" + std::to_string(game.seed) +
         " generated_games_test --gtest_filter='GeneratedGames.OneSeed'\nrules:\n" + game.kif;
}

}  // namespace ggp::testing
