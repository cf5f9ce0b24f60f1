// `ggp-agent conform [--machine prover|propnet|auto|dfa] [--rules DIR] [--max-steps N]
// [--seconds-per-game S] TRACE.json...`: replays conformance traces (agent/tools/conform.h)
// against a state machine back end. Prints one line per game (steps checked, or the first
// difference: step, what, expected vs got) and then exactly
// "N games agree, M differ, K skipped". Errors (unreadable trace or rules, no machine)
// count as differing. Exit status 1 if any game differs, else 0.

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/tools/conform.h"

namespace ggp::agent {
namespace {

struct ConformCliOptions {
  std::vector<std::string> traces;
  tools::ConformOptions conform;
  bool quiet = false;
};

int RunConform(const ConformCliOptions& o) {
  int agree = 0, differ = 0, skipped = 0;
  long budget_cut = 0;
  for (const std::string& path : o.traces) {
    tools::ConformResult r = tools::ConformFile(path, o.conform);
    switch (r.status) {
      case tools::ConformResult::Status::kAgree:
        ++agree;
        if (!r.replay.stopped_by.empty()) ++budget_cut;
        break;
      case tools::ConformResult::Status::kSkipped:
        ++skipped;
        break;
      case tools::ConformResult::Status::kDiffer:
      case tools::ConformResult::Status::kError:
        ++differ;
        break;
    }
    if (!o.quiet || r.status != tools::ConformResult::Status::kAgree) {
      std::cout << tools::FormatResult(r) << std::endl;
    }
  }
  if (budget_cut > 0) {
    std::cout << "(" << budget_cut << " of the agreeing games were cut short by the budget)\n";
  }
  std::cout << agree << " games agree, " << differ << " differ, " << skipped << " skipped"
            << std::endl;
  return differ > 0 ? 1 : 0;
}

}  // namespace

void AddConformCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<ConformCliOptions>();
  auto* sub = app.add_subcommand(
      "conform",
      "Replay conformance traces against a state machine; one line per game, then "
      "'N games agree, M differ, K skipped'; exit 1 if any differs");
  sub->add_option("traces", o->traces, "Trace files (<game>.json)")->required();
  sub->add_option("--machine", o->conform.machine, "State machine back end")
      ->check(CLI::IsMember({"auto", "dfa", "prover", "propnet", "split"}))
      ->capture_default_str();
  sub->add_option("--rules", o->conform.rules_dir,
                  "Directory of <game>.kif (else next to the trace, else <trace dir>/../games)");
  sub->add_option("--max-steps", o->conform.budget.max_steps,
                  "Steps checked per game at most (-1: all)")
      ->capture_default_str();
  sub->add_option("--seconds-per-game", o->conform.budget.seconds,
                  "Replay time per game at most, build excluded (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_option("--board-seconds", o->conform.board_seconds,
                  "Board learner budget of auto and dfa (0: off; auto then picks the propnet or "
                  "the prover)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "Print only games that do not agree, and the summary");
  sub->callback([run, o] { *run = [o] { return RunConform(*o); }; });
}

}  // namespace ggp::agent
