#include "agent/runner/server_messages.h"

#include "agent/runner/kif_style.h"

namespace ggp::agent::runner {
namespace {

std::string Print(ServerStyle style, const kif::SExpr& e) {
  return style == ServerStyle::kGgpBase ? SpacedKif(e) : kif::ToString(e);
}

// "( a b )" / "(a b)" from already printed items.
std::string List(ServerStyle style, const std::vector<std::string>& items) {
  std::string s = style == ServerStyle::kGgpBase ? "( " : "(";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s += ' ';
    s += items[i];
  }
  return s + (style == ServerStyle::kGgpBase ? " )" : ")");
}

}  // namespace

std::string MoveText(ServerStyle style, const reasoner::StateMachine& machine, int role,
                     reasoner::Move move) {
  const kif::Term t = machine.MoveTerm(role, move);
  return style == ServerStyle::kGgpBase ? SpacedKif(t, machine.symbols())
                                        : kif::ToString(t, machine.symbols());
}

std::string StartMessage(ServerStyle style, const std::string& match_id, const std::string& role,
                         const std::vector<kif::SExpr>& rules, int start_clock, int play_clock) {
  std::vector<std::string> printed;
  printed.reserve(rules.size());
  for (const kif::SExpr& r : rules) printed.push_back(Print(style, r));
  return List(style, {"START", match_id, role, List(style, printed), std::to_string(start_clock),
                      std::to_string(play_clock)});
}

std::string TurnMessage(ServerStyle style, const std::string& verb, const std::string& match_id,
                        const reasoner::StateMachine& machine,
                        std::span<const reasoner::Move> joint) {
  if (joint.empty()) return List(style, {verb, match_id, "NIL"});
  std::vector<std::string> moves;
  for (size_t r = 0; r < joint.size(); ++r) {
    moves.push_back(MoveText(style, machine, static_cast<int>(r), joint[r]));
  }
  return List(style, {verb, match_id, List(style, moves)});
}

std::string AbortMessage(ServerStyle style, const std::string& match_id) {
  return List(style, {"ABORT", match_id});
}

}  // namespace ggp::agent::runner
