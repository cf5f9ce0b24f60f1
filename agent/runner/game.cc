#include "agent/runner/game.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agent/runner/kif_style.h"

namespace ggp::agent::runner {

bool LoadGameText(std::string key, std::string_view text, bool uppercase,
                  const MachineBuilder& builder, Game* out, std::string* error) {
  std::string clean = kif::StripComments(text);
  if (uppercase) clean = UpperCase(clean);
  std::vector<kif::SExpr> items;
  std::vector<kif::Diagnostic> diagnostics;
  if (!kif::ParseSExprs(clean, &items, &diagnostics)) {
    *error = diagnostics.empty() ? "malformed rules" : kif::FormatDiagnostic(diagnostics[0]);
    return false;
  }
  gdl::Description description;
  auto symbols = std::make_shared<kif::SymbolTable>();
  if (!gdl::BuildDescription(items, symbols, &description, &diagnostics)) {
    *error = diagnostics.empty() ? "malformed rules" : kif::FormatDiagnostic(diagnostics[0]);
    return false;
  }
  if (description.roles.empty()) {
    *error = "the rules define no role";
    return false;
  }
  reasoner::MachineBuild build = builder(description);
  if (!build.machine) {
    *error = "no state machine: " + build.reason;
    return false;
  }
  Game game;
  game.key = std::move(key);
  game.rules = std::move(items);
  game.machine = build.machine;
  game.backend = build.backend.empty() ? std::string(build.machine->backend()) : build.backend;
  for (const kif::Term& r : build.machine->roles()) {
    game.role_names.push_back(kif::ToString(r, build.machine->symbols()));
  }
  *out = std::move(game);
  return true;
}

bool LoadGameFile(const std::string& path, bool uppercase, const MachineBuilder& builder,
                  Game* out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot read " + path;
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::string key = std::filesystem::path(path).stem().string();
  if (!LoadGameText(key, text.str(), uppercase, builder, out, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

}  // namespace ggp::agent::runner
