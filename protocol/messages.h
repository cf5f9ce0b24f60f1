#pragma once
// GGP wire messages (protocol spec §2) as typed values, parsed from and rendered to KIF.
//
// Parsing is tolerant in the ways real servers need: verbs in any case, `nil`/`NIL`/`()`
// for "no moves", extra trailing START fields ignored, any whitespace, comments stripped.
// Atoms keep their exact spelling (match ids, roles, moves are opaque tokens).
//
// Thread safety: pure functions over plain values.

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "reasoner/kif/sexpr.h"

namespace ggp::protocol {

struct InfoRequest {};
struct PingRequest {};
struct PreviewRequest {
  std::vector<kif::SExpr> rules;  // the rule items
  int preview_clock = 0;
};
struct StartRequest {
  std::string match_id;
  kif::SExpr role;
  std::vector<kif::SExpr> rules;  // the rule items, in order
  int start_clock = 0;            // seconds
  int play_clock = 0;             // seconds
};
// PLAY and STOP. GDL-I, `(play ID MOVES)`: `moves` holds one term per role in role order,
// or is empty with `no_moves` set when MOVES is any atom (`nil`, `NIL`) or `()`.
// GDL-II, `(play ID TURN LASTMOVE PERCEPTS)`: `turn` is set, `last_move` is the executed
// move of our role (nullopt for `nil`), `percepts` the perceived terms (empty for `nil` or
// `()`); `moves` stays empty and `no_moves` is true, so test `turn` first.
struct PlayRequest {
  std::string match_id;
  bool no_moves = false;
  std::vector<kif::SExpr> moves;
  std::optional<int> turn;                 // GDL-II only
  std::optional<kif::SExpr> last_move;     // GDL-II only (nullopt for NIL)
  std::vector<kif::SExpr> percepts;        // GDL-II only
};
struct StopRequest : PlayRequest {};
struct AbortRequest {
  std::string match_id;
};

using Request = std::variant<InfoRequest, PingRequest, PreviewRequest, StartRequest, PlayRequest,
                             StopRequest, AbortRequest>;

// Parses one message body. On failure returns false and sets `error` to a one-line reason
// that names what was wrong (for the log); the caller answers `busy` (spec §6).
// Accepted shapes (verb in any case; clocks and TURN are non-negative decimal integers):
//   (info) (ping) (preview RULES CLOCK ...) (start ID ROLE RULES SC PC ...) (abort ID ...)
//   (play ID MOVES) (play ID TURN LASTMOVE PERCEPTS), and the same two for stop.
// RULES is one list whose items are the rules (or `nil` for none); ID must be an atom.
// `error` may be null.
bool ParseRequest(std::string_view body, Request* out, std::string* error);

// Renders a request as a server sends it (ggp-base style spacing is not reproduced; the
// canonical single-space form is used): "(play m1 ((mark 1 1) noop))". Verbs are lower
// case; no moves render as `nil`; GDL-II turn 0 renders `(play ID 0 nil nil)`, later turns
// with empty percepts render them as `()`. Parsing the rendered text gives back the same
// request (with `no_moves` set whenever `moves` is empty).
std::string RenderRequest(const Request& r);

// The verb of a request in lower case ("info", "start", ...), for logs.
std::string_view VerbOf(const Request& r);

}  // namespace ggp::protocol
