// Placeholder: the 'check' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddCheckCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("check", "Validate GDL files and report every problem with its line (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent check: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
