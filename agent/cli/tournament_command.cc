// Placeholder: the 'tournament' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddTournamentCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("tournament", "Play a round robin of local matches and print standings (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent tournament: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
