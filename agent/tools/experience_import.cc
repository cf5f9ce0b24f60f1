#include "agent/tools/experience_import.h"

#include <algorithm>
#include <map>

#include "models/opponent/opponent_model.h"
#include "reasoner/kif/sexpr.h"
#include "reasoner/kif/term.h"

namespace ggp::agent::tools {
namespace {

// A move text in the project's print: one expression, single spaces ("( mark 1 1 )" and
// "(mark  1 1)" both become "(mark 1 1)").
bool CanonicalMove(const std::string& text, std::string* out) {
  kif::SExpr e;
  std::vector<kif::Diagnostic> errors;
  if (!kif::ParseOneSExpr(text, &e, &errors)) return false;
  *out = kif::ToString(e);
  return true;
}

}  // namespace

bool ReadRecordMoves(const nlohmann::json& record, RecordMoves* out, std::string* why) {
  *out = RecordMoves{};
  out->moves.source = "import";
  if (!record.is_object() || !record.contains("moves") || !record["moves"].is_array()) {
    *why = "no \"moves\" list (not a match record)";
    return false;
  }
  size_t roles = 0;
  for (const nlohmann::json& ply : record["moves"]) {
    if (!ply.is_array() || ply.empty() || (roles != 0 && ply.size() != roles)) {
      *why = "ply " + std::to_string(out->moves.plies.size() + 1) + " is not one move per role";
      return false;
    }
    roles = ply.size();
    std::vector<std::string> joint;
    for (const nlohmann::json& move : ply) {
      std::string text;
      if (!move.is_string() || !CanonicalMove(move.get<std::string>(), &text)) {
        *why = "ply " + std::to_string(out->moves.plies.size() + 1) + ": " + move.dump() +
               " is not a move";
        return false;
      }
      joint.push_back(std::move(text));
    }
    out->moves.plies.push_back(std::move(joint));
  }
  if (const auto it = record.find("playerNamesFromHost"); it != record.end() && !it->is_null()) {
    if (!it->is_array() || !std::all_of(it->begin(), it->end(),
                                        [](const nlohmann::json& n) { return n.is_string(); })) {
      *why = "playerNamesFromHost is not a list of names";
      return false;
    }
    out->names = it->get<std::vector<std::string>>();
    if (roles != 0 && out->names.size() != roles) {
      *why = std::to_string(out->names.size()) + " player names for " + std::to_string(roles) +
             " roles";
      return false;
    }
  }
  if (const auto it = record.find("startTime"); it != record.end() && it->is_number_integer()) {
    out->start_time_ms = it->get<int64_t>();
  }
  return true;
}

ImportReport ImportRecords(const reasoner::StateMachine& machine,
                           const std::vector<std::pair<std::string, nlohmann::json>>& records,
                           const ImportOptions& options, store::ExperienceStore* store) {
  ImportReport report;
  report.records = static_cast<int>(records.size());
  std::vector<RecordMoves> kept;
  const int n = machine.num_roles();
  for (const auto& [source, json] : records) {
    RecordMoves r;
    std::string why;
    if (!ReadRecordMoves(json, &r, &why)) {
      report.skipped.push_back(source + ": " + why);
      continue;
    }
    if (!r.moves.plies.empty() && static_cast<int>(r.moves.plies[0].size()) != n) {
      report.skipped.push_back(source + ": " + std::to_string(r.moves.plies[0].size()) +
                               " moves a ply, the game has " + std::to_string(n) + " roles");
      continue;
    }
    if (r.moves.plies.empty()) {
      report.skipped.push_back(source + ": no moves");
      continue;
    }
    // The replay is the check: every move legal in turn (a uniform model learns nothing).
    std::unique_ptr<models::OpponentModel> probe = models::MakeModel("uniform");
    const search::ReplayCount count = search::ReplayIntoModel(machine, r.moves, 0, probe.get());
    if (!count.complete) {
      report.skipped.push_back(source + ": ply " + std::to_string(count.plies + 1) + " (" +
                               r.moves.plies[static_cast<size_t>(count.plies)][0] +
                               ", ...) is not a legal joint move of these rules");
      continue;
    }
    kept.push_back(std::move(r));
  }
  std::stable_sort(kept.begin(), kept.end(), [](const RecordMoves& a, const RecordMoves& b) {
    return a.start_time_ms < b.start_time_ms;
  });
  report.imported = static_cast<int>(kept.size());
  if (kept.empty() || store == nullptr) return report;

  // (role text, kind) -> the matches to append, oldest first.
  std::map<std::pair<std::string, std::string>, std::vector<search::MatchMoves>> added;
  for (const RecordMoves& r : kept) {
    for (int role = 0; role < n; ++role) {
      const std::string name = r.names.empty() ? "" : r.names[static_cast<size_t>(role)];
      if (!name.empty() && std::find(options.skip_names.begin(), options.skip_names.end(), name) !=
                               options.skip_names.end()) {
        continue;
      }
      const std::string role_text =
          kif::ToString(machine.roles()[static_cast<size_t>(role)], machine.symbols());
      added[{role_text, std::string(store::kOpponentModel)}].push_back(r.moves);
      if (!name.empty()) added[{role_text, store::OpponentModelKind(name)}].push_back(r.moves);
    }
  }
  for (const auto& [where, matches] : added) {
    const auto& [role_text, kind] = where;
    nlohmann::json stored;
    if (std::optional<store::Document> doc = store->Get(options.game_key, role_text, kind)) {
      stored = nlohmann::json::parse(doc->body, nullptr, /*allow_exceptions=*/false);
      if (stored.is_discarded()) stored = nullptr;
    }
    const nlohmann::json body = search::AppendMatches(stored, matches);
    if (!store->Put(store::Document{options.game_key, role_text, kind, 1, body.dump(),
                                    options.game_name, 0, 0})) {
      report.store_ok = false;
      continue;
    }
    report.written.push_back(role_text + " " + kind + " (" + std::to_string(matches.size()) +
                             " added, " + std::to_string(body["matches"].size()) + " kept)");
  }
  return report;
}

}  // namespace ggp::agent::tools
