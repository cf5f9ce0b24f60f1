// ggp-agent: a general game playing agent and the tools around it. main() only
// dispatches to the subcommands declared in agent/cli/commands.h.

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <csignal>
#include <iostream>

#include "agent/cli/commands.h"

int main(int argc, char** argv) {
  // A peer that closes early must not kill the process on write (GGP protocol §1.3).
  std::signal(SIGPIPE, SIG_IGN);
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ %v");

  CLI::App app{
      "ggp-agent: a General Game Playing agent (GGP HTTP protocol, GDL reasoning, MCTS)\n"
      "and its tools: local matches and tournaments, reasoner conformance and benchmarks."};
  app.require_subcommand(0, 1);
  ggp::agent::CommandRun run;
  ggp::agent::AddServeCommand(app, &run);
  ggp::agent::AddMatchCommand(app, &run);
  ggp::agent::AddTournamentCommand(app, &run);
  ggp::agent::AddTailCommand(app, &run);
  ggp::agent::AddCheckCommand(app, &run);
  ggp::agent::AddConformCommand(app, &run);
  ggp::agent::AddBenchCommand(app, &run);
  ggp::agent::AddPerfTestCommand(app, &run);
  ggp::agent::AddBoardCommand(app, &run);
  ggp::agent::AddLearnCommand(app, &run);
  ggp::agent::AddStoreCommand(app, &run);
  ggp::agent::AddModelEvalCommand(app, &run);
  ggp::agent::AddStrengthEvalCommand(app, &run);
  ggp::agent::AddSolveCommand(app, &run);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!run) {
    std::cout << app.help();
    return 0;
  }
  try {
    return run();
  } catch (const std::exception& e) {
    spdlog::critical("fatal: {}", e.what());
    return 1;
  }
}
