// Placeholder: the 'serve' subcommand is declared so that the command line is complete;
// its implementation replaces this file.

#include <CLI/CLI.hpp>

#include <iostream>

#include "agent/cli/commands.h"

namespace ggp::agent {

void AddServeCommand(CLI::App& app, CommandRun* run) {
  auto* sub = app.add_subcommand("serve", "Serve as a GGP player over HTTP (not built yet)");
  sub->allow_extras();
  sub->callback([run] {
    *run = [] {
      std::cerr << "ggp-agent serve: not built yet\n";
      return 2;
    };
  });
}

}  // namespace ggp::agent
