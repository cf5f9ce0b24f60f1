// Placeholder: the 'conform' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddConformCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("conform", "Replay conformance traces against a state machine (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent conform: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
