#pragma once
// The protocol edge of a match: reading the server's move terms against our machine's
// moves, printing ours in the server's spelling, and guessing a move from the rules when
// there is no machine.
//
// Matching never interns new symbols into the machine's table (a back end may size
// tables by it): unknown atoms simply make the exact lookup fail.
//
// Thread safety: pure functions; the machine is only read (each caller passes its own
// workspace).

#include <optional>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/kif/sexpr.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

// How one server move was matched.
enum class MoveMatch {
  kExact,            // same spelling, legal in our state
  kIgnoringCase,     // legal in our state, equal only ignoring case (Dresden)
  kKnownButIllegal,  // the machine can name it, but it is not legal in our state
  kUnknown,          // neither: no move of this role looks like it
};

struct MatchedMove {
  MoveMatch match = MoveMatch::kUnknown;
  reasoner::Move move = -1;  // valid unless kUnknown
};

// Matches the server's move `e` for `role` against `legal` (our legal moves of that role
// in our state): exact spelling first, then ignoring case, then any move the machine can
// name.
MatchedMove MatchMove(const reasoner::StateMachine& machine, int role, const kif::SExpr& e,
                      const std::vector<reasoner::Move>& legal);

// The term of `e` over the existing symbols of `symbols`, or nullopt if some atom is not
// interned there (it then names no move of the game).
std::optional<kif::Term> FindTerm(const kif::SExpr& e, const kif::SymbolTable& symbols);

// True if term `t` and expression `e` are equal ignoring the case of atoms.
bool EqualsIgnoringCase(const kif::Term& t, const kif::SExpr& e, const kif::SymbolTable& symbols);

// Our move as the reply text: the machine's term printed with the match's symbols, which
// keep the rules' spelling (upper case for Dresden).
std::string RenderMove(const reasoner::StateMachine& machine, int role, reasoner::Move m);

// "((take 2) noop)" for a joint move as received; "nil" for none.
std::string RenderJointMove(const std::vector<kif::SExpr>& moves);

// A move to answer with when there is no machine (broken rules, unknown role): the first
// ground move of a (legal R M) fact or rule head whose R is our role (or a variable), in
// the rules' spelling; else the first ground legal move of anyone; else "noop".
std::string GuessMoveFromRules(const gdl::Description& d, const std::string& role);

// The index of `role` (as the server spelled it) among `roles`: exact spelling first,
// then ignoring case; -1 if absent.
int FindRoleIndex(const std::vector<kif::Term>& roles, const kif::SymbolTable& symbols,
                  const std::string& role);

}  // namespace ggp::agent
