// Parsing of GGP request bodies (protocol spec §2) into typed Request values.

#include "protocol/messages.h"

#include <charconv>
#include <utility>

#include "reasoner/kif/sexpr.h"

namespace ggp::protocol {
namespace {

using kif::SExpr;

using kif::EqualsIgnoreCase;

// A short printable excerpt of an expression for error messages.
std::string Excerpt(const SExpr& e) {
  std::string s = kif::ToString(e);
  constexpr size_t kMax = 40;
  if (s.size() > kMax) s = s.substr(0, kMax) + "...";
  return "'" + s + "'";
}

// Reads a non-negative integer atom ("10", "+5" is rejected: clocks are plain digits).
bool ParseInteger(const SExpr& e, std::string_view what, int* out, std::string* error) {
  if (e.is_atom() && !e.atom.empty()) {
    const char* first = e.atom.data();
    const char* last = first + e.atom.size();
    int value = 0;
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec == std::errc() && ptr == last && value >= 0) {
      *out = value;
      return true;
    }
  }
  *error = std::string(what) + " is not a non-negative integer: " + Excerpt(e);
  return false;
}

bool ParseMatchId(const SExpr& msg, std::string_view verb, std::string* out, std::string* error) {
  if (msg.items.size() < 2) {
    *error = std::string(verb) + ": missing match id";
    return false;
  }
  const SExpr& id = msg.items[1];
  if (!id.is_atom()) {
    *error = std::string(verb) + ": match id must be an atom, got " + Excerpt(id);
    return false;
  }
  *out = id.atom;
  return true;
}

// Any atom (servers send `nil`/`NIL`) or the empty list means "nothing"; a list yields its
// items.
void ReadItemList(const SExpr& e, bool* nothing, std::vector<SExpr>* items) {
  if (e.is_atom() || e.items.empty()) {
    *nothing = true;
    items->clear();
    return;
  }
  *nothing = false;
  *items = e.items;
}

bool ParseRuleList(const SExpr& e, std::string_view verb, std::vector<SExpr>* rules,
                   std::string* error) {
  if (e.is_atom()) {
    if (EqualsIgnoreCase(e.atom, "nil")) {
      rules->clear();
      return true;
    }
    *error = std::string(verb) + ": rules must be a list, got the atom " + Excerpt(e);
    return false;
  }
  *rules = e.items;
  return true;
}

bool ParsePreview(const SExpr& msg, PreviewRequest* out, std::string* error) {
  if (msg.items.size() < 3) {
    *error = "preview expects (preview RULES CLOCK), got " + std::to_string(msg.items.size()) +
             " fields";
    return false;
  }
  return ParseRuleList(msg.items[1], "preview", &out->rules, error) &&
         ParseInteger(msg.items[2], "preview clock", &out->preview_clock, error);
}

bool ParseStart(const SExpr& msg, StartRequest* out, std::string* error) {
  if (!ParseMatchId(msg, "start", &out->match_id, error)) return false;
  if (msg.items.size() < 6) {
    *error = "start expects (start ID ROLE RULES STARTCLOCK PLAYCLOCK), got " +
             std::to_string(msg.items.size()) + " fields";
    return false;
  }
  out->role = msg.items[2];
  // Extra trailing fields are tolerated and ignored, as ggp-base does.
  return ParseRuleList(msg.items[3], "start", &out->rules, error) &&
         ParseInteger(msg.items[4], "start clock", &out->start_clock, error) &&
         ParseInteger(msg.items[5], "play clock", &out->play_clock, error);
}

// PLAY and STOP share their shape: (verb ID MOVES) or, GDL-II, (verb ID TURN LAST PERCEPTS).
bool ParsePlayLike(const SExpr& msg, std::string_view verb, PlayRequest* out,
                   std::string* error) {
  if (!ParseMatchId(msg, verb, &out->match_id, error)) return false;
  const size_t n = msg.items.size();
  if (n == 3) {
    ReadItemList(msg.items[2], &out->no_moves, &out->moves);
    return true;
  }
  if (n == 5) {
    int turn = 0;
    if (!ParseInteger(msg.items[2], std::string(verb) + " turn", &turn, error)) return false;
    out->turn = turn;
    const SExpr& last = msg.items[3];
    if (last.is_atom() && EqualsIgnoreCase(last.atom, "nil")) {
      out->last_move.reset();
    } else {
      out->last_move = last;
    }
    bool no_percepts = false;
    ReadItemList(msg.items[4], &no_percepts, &out->percepts);
    out->no_moves = true;  // GDL-II carries no joint move
    return true;
  }
  *error = std::string(verb) + " expects 3 fields (" + std::string(verb) +
           " ID MOVES) or 5 (GDL-II: " + std::string(verb) + " ID TURN LASTMOVE PERCEPTS), got " +
           std::to_string(n);
  return false;
}

}  // namespace

bool ParseRequest(std::string_view body, Request* out, std::string* error) {
  std::string ignored;
  if (error == nullptr) error = &ignored;
  SExpr msg;
  std::vector<kif::Diagnostic> diagnostics;
  if (!kif::ParseOneSExpr(body, &msg, &diagnostics)) {
    *error = "malformed message";
    if (!diagnostics.empty()) *error += ": " + kif::FormatDiagnostic(diagnostics.front());
    return false;
  }
  if (!msg.is_list()) {
    *error = "message is not a list: " + Excerpt(msg);
    return false;
  }
  if (msg.items.empty()) {
    *error = "empty message ()";
    return false;
  }
  if (!msg.items[0].is_atom()) {
    *error = "message verb is not an atom: " + Excerpt(msg.items[0]);
    return false;
  }
  const std::string& verb = msg.items[0].atom;
  if (EqualsIgnoreCase(verb, "info")) {
    *out = InfoRequest{};
    return true;
  }
  if (EqualsIgnoreCase(verb, "ping")) {
    *out = PingRequest{};
    return true;
  }
  if (EqualsIgnoreCase(verb, "preview")) {
    PreviewRequest r;
    if (!ParsePreview(msg, &r, error)) return false;
    *out = std::move(r);
    return true;
  }
  if (EqualsIgnoreCase(verb, "start")) {
    StartRequest r;
    if (!ParseStart(msg, &r, error)) return false;
    *out = std::move(r);
    return true;
  }
  if (EqualsIgnoreCase(verb, "play")) {
    PlayRequest r;
    if (!ParsePlayLike(msg, "play", &r, error)) return false;
    *out = std::move(r);
    return true;
  }
  if (EqualsIgnoreCase(verb, "stop")) {
    StopRequest r;
    if (!ParsePlayLike(msg, "stop", &r, error)) return false;
    *out = std::move(r);
    return true;
  }
  if (EqualsIgnoreCase(verb, "abort")) {
    AbortRequest r;
    if (!ParseMatchId(msg, "abort", &r.match_id, error)) return false;
    *out = std::move(r);
    return true;
  }
  *error = "unknown verb " + Excerpt(msg.items[0]);
  return false;
}

}  // namespace ggp::protocol
