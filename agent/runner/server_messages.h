#pragma once
// The text of the messages the match runner sends, in the style of the server it imitates:
//
//   ggp-base:  ( START id role ( ( role a ) ... ) 10 5 )   ( PLAY id NIL )
//              ( PLAY id ( ( take 2 ) noop ) )              ( STOP id ... )   ( ABORT id )
//   Dresden:   (START id ROLE ((ROLE A) ...) 10 5)          (PLAY id NIL)
//              (PLAY id ((TAKE 2) NOOP))                    (STOP id ...)     (ABORT id)
//
// Dresden style prints atoms as they are: the runner upper-cases the rules before loading
// them in that mode, so everything the machine prints is upper case already.
// Thread safety: pure functions.

#include <span>
#include <string>
#include <vector>

#include "reasoner/kif/sexpr.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::runner {

enum class ServerStyle { kGgpBase, kDresden };

std::string StartMessage(ServerStyle style, const std::string& match_id, const std::string& role,
                         const std::vector<kif::SExpr>& rules, int start_clock, int play_clock);

// PLAY (`verb` "PLAY") or STOP ("STOP") with the joint move `joint` (role order), or NIL
// when `joint` is empty.
std::string TurnMessage(ServerStyle style, const std::string& verb, const std::string& match_id,
                        const reasoner::StateMachine& machine,
                        std::span<const reasoner::Move> joint);

std::string AbortMessage(ServerStyle style, const std::string& match_id);

// One move printed as the match record stores it (spaced) or as the style sends it.
std::string MoveText(ServerStyle style, const reasoner::StateMachine& machine, int role,
                     reasoner::Move move);

}  // namespace ggp::agent::runner
