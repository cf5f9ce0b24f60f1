// Placeholder: the 'tail' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddTailCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("tail", "Render match event logs for a person (optionally following) (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent tail: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
