// `ggp-agent check FILE...`: validates GDL files (reasoner/gdl/validate.h) and prints,
// per file, "FILE: OK" or every finding as "FILE:LINE:COL: error|warning: message", then
// one summary line. Exit status 1 if any file has an error, else 0.

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "reasoner/gdl/validate.h"

namespace ggp::agent {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  bool no_warnings = false;
};

void PrintFinding(const std::string& file, const gdl::Finding& f) {
  std::cout << file;
  if (f.diagnostic.where.line > 0) {
    std::cout << ':' << f.diagnostic.where.line << ':' << f.diagnostic.where.column;
  }
  std::cout << ": " << gdl::SeverityName(f.severity) << ": " << f.diagnostic.message << " ["
            << f.check << "]\n";
}

int RunCheck(const CheckOptions& opts) {
  size_t files_with_errors = 0;
  size_t errors = 0;
  size_t warnings = 0;
  for (const std::string& file : opts.files) {
    gdl::ValidationReport report = gdl::ValidateFile(file);
    errors += report.ErrorCount();
    warnings += report.WarningCount();
    if (!report.ok()) ++files_with_errors;
    for (const gdl::Finding& f : report.findings) {
      if (opts.no_warnings && f.severity == gdl::Severity::kWarning) continue;
      PrintFinding(file, f);
    }
    if (report.ok()) {
      std::cout << file << ": OK";
      if (size_t w = report.WarningCount(); w > 0)
        std::cout << " (" << w << (w == 1 ? " warning)" : " warnings)");
      std::cout << '\n';
    }
  }
  std::cout << opts.files.size() << (opts.files.size() == 1 ? " file" : " files")
            << " checked: " << files_with_errors << " with errors; " << errors
            << (errors == 1 ? " error, " : " errors, ") << warnings
            << (warnings == 1 ? " warning\n" : " warnings\n");
  return files_with_errors > 0 ? 1 : 0;
}

}  // namespace

void AddCheckCommand(CLI::App& app, CommandRun* run) {
  auto opts = std::make_shared<CheckOptions>();
  auto* sub = app.add_subcommand(
      "check",
      "Validate GDL files: report every problem with its line; exit 1 if any file has errors");
  sub->add_option("files", opts->files, "GDL (.kif) files to check")->required();
  sub->add_flag("--no-warnings", opts->no_warnings,
                "Print errors only (warnings are still counted)");
  sub->callback([run, opts] { *run = [opts] { return RunCheck(*opts); }; });
}

}  // namespace ggp::agent
