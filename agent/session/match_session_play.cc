// MatchSession: the PLAY and STOP side (worker thread only).

#include <spdlog/spdlog.h>

#include <algorithm>

#include "agent/session/match_session.h"
#include "agent/session/move_matching.h"
#include "reasoner/kif/term.h"

namespace ggp::agent {
namespace {

double MsBetween(SteadyClock::time_point a, SteadyClock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

const char* MatchName(MoveMatch m) {
  switch (m) {
    case MoveMatch::kExact:
      return "exact";
    case MoveMatch::kIgnoringCase:
      return "ignoring case";
    case MoveMatch::kKnownButIllegal:
      return "illegal";
    case MoveMatch::kUnknown:
      return "unknown";
  }
  return "?";
}

}  // namespace

void MatchSession::UpdateFallback(reasoner::Move preferred) {
  if (!machine_ || role_ < 0) return;
  if (machine_->IsTerminal(state_, *workspace_)) return;
  machine_->LegalMoves(state_, role_, *workspace_, &legal_);
  if (legal_.empty()) {
    LogError("our role has no legal move in the current state; keeping the old fallback");
    return;
  }
  const bool known = std::find(legal_.begin(), legal_.end(), preferred) != legal_.end();
  fallback_->Set(RenderMove(*machine_, role_, known ? preferred : legal_.front()));
}

bool MatchSession::AdvanceWith(std::vector<reasoner::Move> joint) {
  machine_->NextState(state_, joint, *workspace_, &next_);
  std::swap(state_, next_);
  ++turn_;
  history_.push_back(joint);
  // Before the player's Advance: a search may take a while to let go of the old root, and
  // the fallback of the old state may not be legal in this one.
  UpdateFallback(player_ ? player_->FallbackAfter(joint) : -1);
  if (player_) player_->Advance(joint, state_);
  return true;
}

bool MatchSession::ApplyJointMove(const protocol::PlayRequest& request,
                                  nlohmann::ordered_json* event) {
  const int n = machine_->num_roles();
  if (static_cast<int>(request.moves.size()) != n) {
    LogError("joint move has " + std::to_string(request.moves.size()) + " moves for " +
             std::to_string(n) + " roles");
  }
  if (machine_->IsTerminal(state_, *workspace_)) {
    LogError("joint move received in a terminal state; ignored");
    return false;
  }
  std::vector<reasoner::Move> joint(static_cast<size_t>(n), -1);
  std::vector<std::string> problems;
  std::vector<reasoner::Move> legal;
  for (int r = 0; r < n; ++r) {
    machine_->LegalMoves(state_, r, *workspace_, &legal);
    MatchedMove mm;
    if (r < static_cast<int>(request.moves.size())) {
      mm = MatchMove(*machine_, r, request.moves[static_cast<size_t>(r)], legal);
    }
    if (mm.match == MoveMatch::kExact || mm.match == MoveMatch::kIgnoringCase) {
      joint[static_cast<size_t>(r)] = mm.move;
      continue;
    }
    std::string what = r < static_cast<int>(request.moves.size())
                           ? kif::ToString(request.moves[static_cast<size_t>(r)])
                           : std::string("(missing)");
    if (mm.match == MoveMatch::kKnownButIllegal) {
      // Trust the server: the rules still say what follows from it.
      joint[static_cast<size_t>(r)] = mm.move;
      problems.push_back("role " + std::to_string(r) + " move " + what +
                         " is not legal in our state; applied anyway");
    } else if (!legal.empty()) {
      joint[static_cast<size_t>(r)] = legal.front();
      problems.push_back("role " + std::to_string(r) + " move " + what + " is " +
                         MatchName(mm.match) + " here; substituted " +
                         RenderMove(*machine_, r, legal.front()));
    } else {
      problems.push_back("role " + std::to_string(r) + " move " + what +
                         " cannot be applied: the role has no legal move");
    }
  }
  if (!problems.empty()) {
    std::string cause = "joint move not legal in our state: ";
    for (size_t i = 0; i < problems.size(); ++i) cause += (i ? "; " : "") + problems[i];
    LogError(cause);
    (*event)["resync"] = true;
  }
  if (std::find(joint.begin(), joint.end(), -1) != joint.end()) return false;
  return AdvanceWith(std::move(joint));
}

// GDL-II: we see our own last move and our percepts, not the others' moves. When the
// percepts carry (did ROLE MOVE) for every role (the default sees rule the Dresden server
// appends to GDL-I games) the joint move is known exactly; otherwise the other roles are
// assumed to have played their first legal move, which keeps a state that is only a
// guess (belief states are not tracked: a known limitation).
bool MatchSession::ApplyGdl2(const protocol::PlayRequest& request,
                             nlohmann::ordered_json* event) {
  if (!request.last_move) return false;  // turn 0: nothing happened yet
  const int n = machine_->num_roles();
  protocol::PlayRequest as_gdl1;
  as_gdl1.moves.resize(static_cast<size_t>(n));
  std::vector<bool> known(static_cast<size_t>(n), false);
  for (const kif::SExpr& p : request.percepts) {
    if (!p.is_list() || p.items.size() != 3 || !p.items[0].is_atom() || !p.items[1].is_atom()) {
      continue;
    }
    std::string head = p.items[0].atom;
    std::transform(head.begin(), head.end(), head.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (head != "did") continue;
    int r = FindRoleIndex(machine_->roles(), machine_->symbols(), p.items[1].atom);
    if (r < 0) continue;
    as_gdl1.moves[static_cast<size_t>(r)] = p.items[2];
    known[static_cast<size_t>(r)] = true;
  }
  as_gdl1.moves[static_cast<size_t>(role_)] = *request.last_move;
  known[static_cast<size_t>(role_)] = true;
  bool all_known = std::all_of(known.begin(), known.end(), [](bool b) { return b; });
  if (!all_known) {
    std::vector<reasoner::Move> legal;
    for (int r = 0; r < n; ++r) {
      if (known[static_cast<size_t>(r)]) continue;
      machine_->LegalMoves(state_, r, *workspace_, &legal);
      if (legal.empty()) return false;
      kif::Term t = machine_->MoveTerm(r, legal.front());
      kif::SExpr e;
      std::vector<kif::Diagnostic> ignored;
      kif::ParseOneSExpr(kif::ToString(t, machine_->symbols()), &e, &ignored);
      as_gdl1.moves[static_cast<size_t>(r)] = e;
    }
    (*event)["belief"] = "guessed";
  }
  (*event)["moves"] = RenderJointMove(as_gdl1.moves);
  return ApplyJointMove(as_gdl1, event);
}

void MatchSession::HandlePlay(const Job& job) {
  nlohmann::ordered_json event;
  const protocol::PlayRequest& req = job.request;
  bool gdl2 = req.turn.has_value();
  event["turn"] = gdl2 ? *req.turn : plays_;
  ++plays_;
  event["moves"] = gdl2 ? (req.last_move ? kif::ToString(*req.last_move) : "nil")
                        : RenderJointMove(req.moves);
  std::string move;
  MoveStats stats;
  bool searched = false;
  if (!machine_ || role_ < 0) {
    event["no_machine"] = true;
  } else {
    bool advanced = false;
    if (gdl2) {
      advanced = ApplyGdl2(req, &event);
    } else if (!req.no_moves) {
      advanced = ApplyJointMove(req, &event);
    } else if (turn_ > 0) {
      LogError("PLAY nil in the middle of the match; keeping our state");
    }
    if (!advanced) UpdateFallback();  // else AdvanceWith armed it
    bool terminal = machine_->IsTerminal(state_, *workspace_);
    if (!terminal) machine_->LegalMoves(state_, role_, *workspace_, &legal_);
    if (terminal || legal_.empty()) {
      LogError(terminal ? "PLAY in a state we think is terminal; answering the fallback"
                        : "no legal move for us in our state; answering the fallback");
    } else if (player_ && SteadyClock::now() < job.deadline && !job.reply->sent()) {
      const Deadline work_deadline = WorkDeadline(job);
      event["reserve_ms"] = MsBetween(work_deadline, job.deadline);
      reasoner::Move m = player_->SelectMove(state_, work_deadline, &stats);
      if (const double late = NoteOverrun(work_deadline, /*grow=*/true); late > 0) {
        event["overrun_ms"] = late;
      }
      if (std::find(legal_.begin(), legal_.end(), m) != legal_.end()) {
        move = RenderMove(*machine_, role_, m);
        searched = true;
      } else {
        LogError("policy " + std::string(player_->name()) + " chose an illegal move");
      }
    }
  }
  bool ours = job.reply->Send(searched ? move : fallback_->Get());
  std::string sent = job.reply->body();
  event["move"] = sent;
  event["time_ms"] = MsBetween(job.received, job.reply->sent_at());
  latency_.ObserveSent(job.deadline, job.reply->sent_at());
  event["margin_ms"] = std::chrono::duration<double, std::milli>(job.margin.margin).count();
  event["margin"] = job.margin.source;
  if (job.margin.gap_ms >= 0) event["referee_gap_ms"] = job.margin.gap_ms;
  event["fallback"] = !ours || !searched;
  if (!ours) event["late"] = true;
  if (searched) event["stats"] = ToJson(stats);
  log_.Write("play", std::move(event));
  if (!ours) spdlog::warn("match {}: the deadline passed first; sent the fallback {}", id_, sent);
}

void MatchSession::HandleEnd(const Job& job) {
  nlohmann::ordered_json event;
  const char* name = job.end == EndKind::kStop    ? "stop"
                     : job.end == EndKind::kAbort ? "abort"
                                                  : "expire";
  if (!job.reason.empty()) event["reason"] = job.reason;
  if (job.end == EndKind::kStop && machine_ && role_ >= 0) {
    const protocol::PlayRequest& req = job.request;
    event["moves"] = req.turn ? "gdl2" : RenderJointMove(req.moves);
    if (req.turn) {
      ApplyGdl2(req, &event);
    } else if (!req.no_moves && !req.moves.empty()) {
      ApplyJointMove(req, &event);
    }
    if (machine_->IsTerminal(state_, *workspace_)) {
      nlohmann::json goals = nlohmann::json::array();
      for (int r = 0; r < machine_->num_roles(); ++r) {
        goals.push_back(machine_->Goal(state_, r, *workspace_));
      }
      event["goals"] = goals;
      event["goal"] = goals[static_cast<size_t>(role_)];
    } else {
      event["terminal"] = false;
    }
  }
  event["turns"] = turn_;
  if (player_) {
    if (nlohmann::json summary = player_->Summary(); !summary.is_null()) event["models"] = summary;
    if (job.end != EndKind::kExpire) KeepOpponentExperience(&event);
  }
  log_.Write(name, std::move(event));
  spdlog::info("match {}: {} after {} turns", id_, name, turn_);
}

nlohmann::json MatchSession::StoredOpponentExperience(const std::string& kind, int* found) {
  nlohmann::json out = nlohmann::json::object();
  if (!options_.store || !machine_ || game_key_.empty()) return out;
  for (int r = 0; r < machine_->num_roles(); ++r) {
    if (r == role_) continue;
    const std::string role = kif::ToString(machine_->roles()[static_cast<size_t>(r)], machine_->symbols());
    std::optional<store::Document> doc;
    // The named opponent's own document first (experience_import.h), then the pooled one.
    if (kind.empty() && !options_.opponent_name.empty()) {
      doc = options_.store->Get(game_key_, role, store::OpponentModelKind(options_.opponent_name));
      if (doc && found != nullptr) ++*found;
    }
    if (!doc)
      doc = options_.store->Get(game_key_, role,
                                kind.empty() ? std::string(store::kOpponentModel) : kind);
    if (!doc) continue;
    nlohmann::json body = nlohmann::json::parse(doc->body, nullptr, /*allow_exceptions=*/false);
    if (!body.is_discarded()) out[role] = std::move(body);
  }
  return out;
}

// The opponents' moves of this match, appended to what the store holds for them (the
// player decides the format: Player::SaveExperience): to the pooled documents, and to the
// named opponent's when the operator named one.
void MatchSession::KeepOpponentExperience(nlohmann::ordered_json* event) {
  if (!options_.store || !machine_ || !player_ || game_key_.empty() || turn_ == 0) return;
  std::vector<std::string> kinds = {std::string(store::kOpponentModel)};
  if (!options_.opponent_name.empty())
    kinds.push_back(store::OpponentModelKind(options_.opponent_name));
  int kept = 0;
  for (const std::string& kind : kinds) {
    nlohmann::json updated = player_->SaveExperience(StoredOpponentExperience(kind, nullptr));
    if (!updated.is_object() || updated.empty()) continue;
    for (const auto& [role, body] : updated.items()) {
      kept += options_.store->Put(
                  store::Document{game_key_, role, kind, 1, body.dump(), game_name_, 0, 0})
                  ? 1
                  : 0;
    }
  }
  if (kept == 0) return;
  (*event)["stored"] = {{"opponent_models", kept}};
  if (!options_.opponent_name.empty()) (*event)["stored"]["opponent"] = options_.opponent_name;
}

}  // namespace ggp::agent
