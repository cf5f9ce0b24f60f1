#include "agent/search/model_experience.h"

#include <algorithm>

#include "models/opponent/features.h"
#include "reasoner/kif/term.h"

namespace ggp::agent::search {

nlohmann::json ExperienceToJson(const std::vector<MatchMoves>& matches) {
  nlohmann::json list = nlohmann::json::array();
  for (const MatchMoves& m : matches) {
    list.push_back({{"source", m.source}, {"plies", m.plies}});
  }
  return {{"version", 1}, {"matches", std::move(list)}};
}

namespace {

bool ReadMatch(const nlohmann::json& j, MatchMoves* out) {
  if (!j.is_object() || !j.contains("plies") || !j["plies"].is_array()) return false;
  out->source = j.contains("source") && j["source"].is_string() ? j["source"].get<std::string>() : "match";
  out->plies.clear();
  for (const nlohmann::json& ply : j["plies"]) {
    if (!ply.is_array()) return false;
    std::vector<std::string> moves;
    for (const nlohmann::json& m : ply) {
      if (!m.is_string()) return false;
      moves.push_back(m.get<std::string>());
    }
    out->plies.push_back(std::move(moves));
  }
  return true;
}

}  // namespace

bool ExperienceFromJson(const nlohmann::json& body, std::vector<MatchMoves>* out, std::string* why) {
  out->clear();
  if (!body.is_object() || !body.contains("version") || !body["version"].is_number_integer() ||
      body["version"].get<int64_t>() != 1 || !body.contains("matches") ||
      !body["matches"].is_array()) {
    if (why != nullptr) *why = "not an opponent-model document of version 1";
    return false;
  }
  size_t dropped = 0;
  for (const nlohmann::json& j : body["matches"]) {
    MatchMoves m;
    if (ReadMatch(j, &m)) {
      out->push_back(std::move(m));
    } else {
      ++dropped;
    }
  }
  if (dropped > 0 && out->empty()) {
    if (why != nullptr) *why = "none of its " + std::to_string(dropped) + " matches is readable";
    return false;
  }
  return true;
}

nlohmann::json AppendMatches(const nlohmann::json& stored, const std::vector<MatchMoves>& added,
                             size_t max_matches) {
  std::vector<MatchMoves> all;
  std::string why;
  if (!stored.is_null()) ExperienceFromJson(stored, &all, &why);  // unreadable: start over
  all.insert(all.end(), added.begin(), added.end());
  if (all.size() > max_matches) {
    all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(all.size() - max_matches));
  }
  return ExperienceToJson(all);
}

std::vector<std::string> JointMoveText(const reasoner::StateMachine& machine,
                                       std::span<const reasoner::Move> joint) {
  std::vector<std::string> out;
  out.reserve(joint.size());
  for (size_t r = 0; r < joint.size(); ++r) {
    out.push_back(kif::ToString(machine.MoveTerm(static_cast<int>(r), joint[r]), machine.symbols()));
  }
  return out;
}

ReplayCount ReplayIntoModel(const reasoner::StateMachine& machine, const MatchMoves& match,
                            int role, models::OpponentModel* model) {
  ReplayCount count;
  const int n = machine.num_roles();
  if (role < 0 || role >= n || model == nullptr) return count;
  std::unique_ptr<reasoner::Workspace> ws = machine.NewWorkspace();
  reasoner::State state, next;
  machine.InitialState(&state);
  std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(n));
  std::vector<reasoner::Move> joint(static_cast<size_t>(n));
  std::vector<uint32_t> features;
  std::vector<reasoner::Move> last_joint;  // empty before the first ply
  for (const std::vector<std::string>& ply : match.plies) {
    if (static_cast<int>(ply.size()) != n || machine.IsTerminal(state, *ws)) {
      count.complete = false;
      return count;
    }
    for (int r = 0; r < n; ++r) {
      std::vector<reasoner::Move>& moves = legal[static_cast<size_t>(r)];
      machine.LegalMoves(state, r, *ws, &moves);
      const std::string& text = ply[static_cast<size_t>(r)];
      auto it = std::find_if(moves.begin(), moves.end(), [&](reasoner::Move m) {
        return kif::ToString(machine.MoveTerm(r, m), machine.symbols()) == text;
      });
      if (it == moves.end()) {
        count.complete = false;
        return count;
      }
      joint[static_cast<size_t>(r)] = *it;
    }
    const std::vector<reasoner::Move>& theirs = legal[static_cast<size_t>(role)];
    if (theirs.size() >= 2) {
      models::FeaturesOf(state, &features);
      model->ObserveIn(models::PredictContext{&state, features, last_joint}, theirs,
                       joint[static_cast<size_t>(role)]);
      ++count.decisions;
    }
    machine.NextState(state, joint, *ws, &next);
    std::swap(state, next);
    last_joint = joint;
    ++count.plies;
  }
  return count;
}

}  // namespace ggp::agent::search
