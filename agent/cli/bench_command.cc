// Placeholder: the 'bench' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddBenchCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("bench", "Benchmark random playouts of a game (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent bench: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
