#pragma once
// The referee's decision on one seat's reply to PLAY, as ggp-base's GameServer makes it:
// the reply is kept only if it parses as one term that equals (structurally) a legal move
// of the role; otherwise the fallback move drawn before the request was sent is played
// and the error is recorded:
//
//   transport error        -> "TO" / "CE" (as the link reported it)
//   not one S-expression   -> "IL null"
//   parses, but not legal  -> "IL <reply in spaced KIF>"   e.g. "IL ( take 3 )"
//
// Equality is exact for non-keyword symbols (ggp-base), keywords ignore case; with
// `ignore_case` (Dresden) every atom is compared case-insensitively. A reply containing a
// variable is never legal. Thread safety: pure (the machine is only read).

#include <span>
#include <string>

#include "agent/runner/player_link.h"
#include "reasoner/kif/sexpr.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::runner {

struct Judgement {
  reasoner::Move move = 0;  // the move to play for the seat
  std::string error;        // "" when the reply was kept
};

Judgement JudgeReply(const LinkReply& reply, const reasoner::StateMachine& machine, int role,
                     std::span<const reasoner::Move> legal, reasoner::Move fallback,
                     bool ignore_case);

// True if `e` spells move term `t` (rules above).
bool SpellsTerm(const kif::SExpr& e, const kif::Term& t, const kif::SymbolTable& symbols,
                bool ignore_case);

}  // namespace ggp::agent::runner
