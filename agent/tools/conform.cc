#include "agent/tools/conform.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "agent/tools/sha256.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent::tools {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return static_cast<bool>(in) || in.eof();
}

bool IsFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

ConformResult Error(ConformResult r, std::string message) {
  r.status = ConformResult::Status::kError;
  r.message = std::move(message);
  return r;
}

}  // namespace

std::optional<std::string> FindRulesFile(const std::string& trace_path, const std::string& rules_dir) {
  fs::path trace(trace_path);
  std::string name = trace.stem().string() + ".kif";
  std::vector<fs::path> candidates;
  if (!rules_dir.empty()) candidates.push_back(fs::path(rules_dir) / name);
  fs::path dir = trace.parent_path();
  if (dir.empty()) dir = ".";
  candidates.push_back(dir / name);
  candidates.push_back(dir / ".." / "games" / name);
  for (const fs::path& c : candidates) {
    if (IsFile(c)) return c.lexically_normal().string();
  }
  return std::nullopt;
}

ConformResult ConformFile(const std::string& trace_path, const ConformOptions& options) {
  Clock::time_point start = Clock::now();
  ConformResult r;
  r.game = fs::path(trace_path).stem().string();
  auto finish = [&](ConformResult res) {
    res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return res;
  };

  std::string text;
  if (!ReadFile(trace_path, &text)) return finish(Error(r, "cannot read " + trace_path));
  nlohmann::json trace = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (trace.is_discarded() || !trace.is_object()) {
    return finish(Error(r, "not a JSON trace: " + trace_path));
  }
  if (trace.contains("game") && trace["game"].is_string()) r.game = trace["game"].get<std::string>();
  if (!trace.contains("playouts") || !trace["playouts"].is_array()) {
    return finish(Error(r, "trace has no playouts array"));
  }
  if (trace["playouts"].empty()) {
    r.status = ConformResult::Status::kSkipped;
    r.message = trace.value("notes", std::string("no playouts"));
    return finish(r);
  }

  std::optional<std::string> rules = FindRulesFile(trace_path, options.rules_dir);
  if (!rules) return finish(Error(r, "no rules file " + fs::path(trace_path).stem().string() + ".kif found"));
  r.rules_path = *rules;
  std::string rules_text;
  if (!ReadFile(*rules, &rules_text)) return finish(Error(r, "cannot read " + *rules));
  if (trace.contains("rules_sha256") && trace["rules_sha256"].is_string()) {
    std::string want = trace["rules_sha256"].get<std::string>();
    if (!want.empty() && Sha256Hex(rules_text) != want) {
      return finish(Error(r, *rules + " is not the file the trace was made from (sha256 differs)"));
    }
  }
  gdl::Description description;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(rules_text, std::make_shared<kif::SymbolTable>(), &description, &errors)) {
    std::string why = errors.empty() ? "parse error" : kif::FormatDiagnostic(errors.front());
    return finish(Error(r, *rules + ": " + why));
  }
  reasoner::MachineOptions mo;
  mo.backend = options.machine;
  mo.board_seconds = options.board_seconds;
  reasoner::MachineBuild build = reasoner::CreateMachine(description, mo);
  if (!build.machine) return finish(Error(r, "no " + options.machine + " machine: " + build.reason));
  r.backend = build.backend;

  r.replay = ReplayTrace(*build.machine, trace, options.budget);
  if (!r.replay.error.empty()) return finish(Error(r, r.replay.error));
  if (r.replay.agrees) {
    r.status = ConformResult::Status::kAgree;
  } else {
    r.status = ConformResult::Status::kDiffer;
    r.message = DescribeDifference(r.replay.difference);
  }
  return finish(r);
}

std::string FormatResult(const ConformResult& r) {
  switch (r.status) {
    case ConformResult::Status::kAgree: {
      const ReplayReport& rep = r.replay;
      std::string s = fmt::format("{}: agree, {} steps in {} playouts ({}, {:.1f} s)", r.game,
                                  rep.steps_checked, rep.playouts_checked, r.backend, r.seconds);
      if (!rep.stopped_by.empty()) {
        s += fmt::format("; {} stopped it: {} of {} steps unchecked", rep.stopped_by,
                         rep.steps_total - rep.steps_checked, rep.steps_total);
      }
      return s;
    }
    case ConformResult::Status::kDiffer:
      return fmt::format("{}: DIFFER at {} ({}, {} steps agreed before)", r.game, r.message,
                         r.backend, r.replay.steps_checked);
    case ConformResult::Status::kSkipped:
      return fmt::format("{}: skipped ({})", r.game, r.message);
    case ConformResult::Status::kError:
      break;
  }
  return fmt::format("{}: ERROR {}", r.game, r.message);
}

}  // namespace ggp::agent::tools
