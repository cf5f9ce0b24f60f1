// Placeholder: the 'perf-test' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddPerfTestCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("perf-test", "Run the gdl-perf benchmark protocol (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent perf-test: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
