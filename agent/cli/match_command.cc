// Placeholder: the 'match' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddMatchCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("match", "Play one local match among HTTP or built-in players (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent match: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
