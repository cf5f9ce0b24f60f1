#pragma once
// The subcommands of the one binary, `ggp-agent`. Each Add*Command declares its
// subcommand and options on `app`; when the user picks it, `*run` is set to a function
// returning the process exit status, which main() calls after parsing.
//
// Command names are a public interface (scripts and later tools call them): keep them.

#include <functional>

namespace CLI {
class App;
}

namespace ggp::agent {

using CommandRun = std::function<int()>;

void AddServeCommand(CLI::App& app, CommandRun* run);       // the GGP player (HTTP)
void AddMatchCommand(CLI::App& app, CommandRun* run);       // one local match
void AddTournamentCommand(CLI::App& app, CommandRun* run);  // round robin of local matches
void AddTailCommand(CLI::App& app, CommandRun* run);        // render match event logs
void AddCheckCommand(CLI::App& app, CommandRun* run);       // validate GDL files
void AddConformCommand(CLI::App& app, CommandRun* run);     // replay conformance traces
void AddBenchCommand(CLI::App& app, CommandRun* run);       // random-playout benchmark
void AddPerfTestCommand(CLI::App& app, CommandRun* run);    // gdl-perf protocol
void AddBoardCommand(CLI::App& app, CommandRun* run);       // board game recognition (seed 001)
void AddLearnCommand(CLI::App& app, CommandRun* run);       // DFA learning (seed 001)
void AddStoreCommand(CLI::App& app, CommandRun* run);       // the experience store
void AddModelEvalCommand(CLI::App& app, CommandRun* run);   // opponent-model top-N curves
void AddStrengthEvalCommand(CLI::App& app, CommandRun* run);  // opponent strength (seed 002)
void AddSolveCommand(CLI::App& app, CommandRun* run);       // the puzzle solver alone

}  // namespace ggp::agent
