// `ggp-agent store [--path FILE] list | show KEY [--role R] [--kind K] | forget KEY |
// import --game FILE [--skip NAME]... RECORD...`: the experience store (agent/store/store.h)
// for people. `list` prints one line per document (game key, game, role, kind, version,
// uses, last update, size); `show` prints the documents of a game with their JSON bodies;
// `forget` removes every document of a game so the next match learns it afresh; `import`
// files the moves of match records (JSON files, or folders of them) as opponent-model
// experience, pooled and per named player (agent/tools/experience_import.h). KEY is a game
// key or a prefix of exactly one (as git takes commit prefixes). The default file is the
// one `serve` uses: <log dir>/experience.sqlite, the log directory being serve's default.
// list/show/forget never create a missing file; import does. Exit status 1 when the store
// cannot be opened or read, KEY matches no game or several, or import kept no record.
// Safe while `serve` runs on the same file (SQLite locks; WAL).

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/cli/game_machine.h"
#include "agent/session/session_options.h"
#include "agent/store/store.h"
#include "agent/tools/experience_import.h"

namespace ggp::agent {
namespace {

enum class StoreAction { kList, kShow, kForget, kImport };

struct StoreOptions {
  std::string path = store::ResolveStorePath("", SessionOptions().log_dir);
  std::string key;
  std::string role;
  std::string kind;
  std::string game;                     // import: the rules
  std::vector<std::string> records;     // import: files or folders of match records
  std::vector<std::string> skip_names;  // import: players whose moves are not kept
};

std::string LocalTime(int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  if (localtime_r(&t, &tm) == nullptr) return std::to_string(unix_seconds);
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S", &tm);
  return out;
}

// Store warnings go to stderr; stdout carries only the answer.
void LogToStderr() {
  auto logger = spdlog::get("store");
  if (!logger) logger = spdlog::stderr_color_mt("store");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%^%l%$ %v");
}

// The one game key that `key` names (itself or a unique prefix), or "" after saying why.
std::string ResolveKey(const std::vector<store::Document>& docs, const std::string& key) {
  std::set<std::string> matches;
  for (const store::Document& d : docs) {
    if (d.game_key == key) return key;
    if (d.game_key.rfind(key, 0) == 0) matches.insert(d.game_key);
  }
  if (matches.size() == 1) return *matches.begin();
  if (matches.empty()) {
    std::cerr << "ggp-agent store: no game " << key << " in the store\n";
  } else {
    std::cerr << "ggp-agent store: " << key << " is a prefix of " << matches.size()
              << " game keys:";
    for (const std::string& m : matches) std::cerr << " " << m;
    std::cerr << "\n";
  }
  return "";
}

void PrintList(const std::vector<store::Document>& docs, const std::string& path) {
  if (docs.empty()) {
    std::cout << "no documents in " << path << "\n";
    return;
  }
  size_t game_width = 4, role_width = 4, kind_width = 4;
  for (const store::Document& d : docs) {
    game_width = std::max(game_width, std::min<size_t>(d.game_name.size(), 32));
    role_width = std::max(role_width, d.role.size());
    kind_width = std::max(kind_width, d.kind.size());
  }
  std::cout << std::left << std::setw(34) << "GAME KEY" << std::setw(game_width + 2) << "GAME"
            << std::setw(role_width + 2) << "ROLE" << std::setw(kind_width + 2) << "KIND"
            << std::right << std::setw(4) << "VER" << std::setw(6) << "USES"
            << "  " << std::left << std::setw(21) << "UPDATED"
            << "BYTES\n";
  for (const store::Document& d : docs) {
    std::cout << std::left << std::setw(34) << d.game_key << std::setw(game_width + 2)
              << d.game_name.substr(0, 32) << std::setw(role_width + 2) << d.role
              << std::setw(kind_width + 2) << d.kind << std::right << std::setw(4) << d.version
              << std::setw(6) << d.uses << "  " << std::left << std::setw(21)
              << LocalTime(d.updated_at) << d.body.size() << "\n";
  }
}

void PrintDocument(const store::Document& d) {
  std::cout << "game key  " << d.game_key << "\n"
            << "game      " << (d.game_name.empty() ? "(unnamed)" : d.game_name) << "\n"
            << "role      " << d.role << "\n"
            << "kind      " << d.kind << " (version " << d.version << ")\n"
            << "updated   " << LocalTime(d.updated_at) << ", " << d.uses << " uses\n"
            << "body      " << d.body.size() << " bytes\n";
  const nlohmann::json body = nlohmann::json::parse(d.body, nullptr, /*allow_exceptions=*/false);
  std::cout << (body.is_discarded() ? d.body : body.dump(2)) << "\n";
}

// The records named on the command line: files, and the *.json files of folders (sorted).
std::vector<std::pair<std::string, nlohmann::json>> ReadRecords(
    const std::vector<std::string>& paths, int* unreadable) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (!std::filesystem::is_directory(p, ec)) {
      files.push_back(p);
      continue;
    }
    std::vector<std::string> in_folder;
    for (const auto& e : std::filesystem::directory_iterator(p, ec)) {
      if (e.path().extension() == ".json") in_folder.push_back(e.path().string());
    }
    std::sort(in_folder.begin(), in_folder.end());
    files.insert(files.end(), in_folder.begin(), in_folder.end());
  }
  std::vector<std::pair<std::string, nlohmann::json>> out;
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!in.is_open() || j.is_discarded()) {
      std::cerr << "ggp-agent store import: " << f << ": not a readable JSON file\n";
      ++*unreadable;
      continue;
    }
    out.emplace_back(f, std::move(j));
  }
  return out;
}

int RunImport(const StoreOptions& o) {
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(o.game, std::make_shared<kif::SymbolTable>(), &rules, &errors)) {
    std::cerr << "ggp-agent store import: cannot load " << o.game << "\n";
    return 1;
  }
  std::shared_ptr<const reasoner::StateMachine> machine = LoadEvaluationMachine(o.game, std::cerr);
  if (!machine) return 1;
  int unreadable = 0;
  const auto records = ReadRecords(o.records, &unreadable);
  std::string why;
  std::unique_ptr<store::ExperienceStore> s = store::ExperienceStore::Open(o.path, &why);
  if (!s) {
    std::cerr << "ggp-agent store: cannot use " << why << "\n";
    return 1;
  }
  tools::ImportOptions io;
  io.game_key = store::GameKey(rules);
  io.game_name = std::filesystem::path(o.game).stem().string();
  io.skip_names = o.skip_names;
  const tools::ImportReport report = tools::ImportRecords(*machine, records, io, s.get());
  for (const std::string& skipped : report.skipped) std::cout << "skipped " << skipped << "\n";
  for (const std::string& doc : report.written) std::cout << "stored " << doc << "\n";
  std::cout << "imported " << report.imported << " of " << report.records + unreadable
            << " match records of " << io.game_name << " (game key " << io.game_key << ") into "
            << o.path << "\n";
  return report.store_ok && report.imported > 0 ? 0 : 1;
}

int RunStore(const StoreOptions& o, StoreAction action) {
  LogToStderr();
  if (action == StoreAction::kImport) return RunImport(o);
  std::error_code ec;
  if (!std::filesystem::exists(o.path, ec)) {  // never create a store just to look at it
    if (action == StoreAction::kList) {
      std::cout << "no experience store at " << o.path << " (nothing learned yet)\n";
      return 0;
    }
    std::cerr << "ggp-agent store: no experience store at " << o.path << "\n";
    return 1;
  }
  std::string why;
  std::unique_ptr<store::ExperienceStore> s = store::ExperienceStore::Open(o.path, &why);
  if (!s) {
    std::cerr << "ggp-agent store: cannot use " << why << "\n";
    return 1;
  }
  bool ok = false;
  std::vector<store::Document> docs = s->List(&ok);
  if (!ok) return 1;  // the store logged why
  if (action == StoreAction::kList) {
    PrintList(docs, o.path);
    return 0;
  }
  const std::string key = ResolveKey(docs, o.key);
  if (key.empty()) return 1;
  if (action == StoreAction::kForget) {
    std::optional<int> removed = s->Forget(key);
    if (!removed) return 1;
    std::cout << "forgot " << *removed << " document" << (*removed == 1 ? "" : "s") << " of game "
              << key << "\n";
    return 0;
  }
  int shown = 0;
  for (const store::Document& d : docs) {
    if (d.game_key != key || (!o.role.empty() && d.role != o.role) ||
        (!o.kind.empty() && d.kind != o.kind)) {
      continue;
    }
    if (shown++ > 0) std::cout << "\n";
    PrintDocument(d);
  }
  if (shown == 0) {
    std::cerr << "ggp-agent store: game " << key << " has no document"
              << (o.role.empty() ? "" : " of role " + o.role)
              << (o.kind.empty() ? "" : " of kind " + o.kind) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

void AddStoreCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<StoreOptions>();
  auto* sub = app.add_subcommand(
      "store",
      "The experience store: what was learned per game and role (list, show, forget, import)");
  sub->add_option("--path", o->path, "Store file (serve's default: LOG_DIR/experience.sqlite)")
      ->capture_default_str();
  sub->require_subcommand(1);

  auto* list = sub->add_subcommand("list", "One line per stored document");
  auto* show = sub->add_subcommand("show", "The documents of a game, with their JSON bodies");
  show->add_option("key", o->key, "Game key (or a prefix of exactly one)")->required();
  show->add_option("--role", o->role, "Only this role (its term text, e.g. white)");
  show->add_option("--kind", o->kind, "Only this kind (board-model, opponent-model, ...)");
  auto* forget = sub->add_subcommand("forget", "Remove every document of a game");
  forget->add_option("key", o->key, "Game key (or a prefix of exactly one)")->required();
  auto* import_cmd = sub->add_subcommand(
      "import", "File the moves of match records (ggp-base JSON) as opponent-model experience");
  import_cmd->add_option("--game", o->game, "The rules of the records' game (GDL file)")
      ->required()
      ->check(CLI::ExistingFile);
  import_cmd->add_option("--skip", o->skip_names,
                         "A player (playerNamesFromHost) whose moves are not kept: our own name");
  import_cmd->add_option("records", o->records, "Match record files, or folders of *.json records")
      ->required();
  for (CLI::App* leaf : {list, show, forget, import_cmd})
    leaf->fallthrough();  // --path after the verb

  list->callback([run, o] { *run = [o] { return RunStore(*o, StoreAction::kList); }; });
  show->callback([run, o] { *run = [o] { return RunStore(*o, StoreAction::kShow); }; });
  forget->callback([run, o] { *run = [o] { return RunStore(*o, StoreAction::kForget); }; });
  import_cmd->callback([run, o] { *run = [o] { return RunStore(*o, StoreAction::kImport); }; });
}

}  // namespace ggp::agent
