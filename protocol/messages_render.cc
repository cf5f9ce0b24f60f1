// Rendering of typed requests back to KIF text (the local match runner is the sender).

#include <type_traits>

#include "protocol/messages.h"

namespace ggp::protocol {
namespace {

void AppendList(const std::vector<kif::SExpr>& items, std::string* s) {
  s->push_back('(');
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s->push_back(' ');
    s->append(kif::ToString(items[i]));
  }
  s->push_back(')');
}

std::string RenderPlayLike(std::string_view verb, const PlayRequest& r) {
  std::string s = "(";
  s.append(verb).append(" ").append(r.match_id).append(" ");
  if (r.turn.has_value()) {
    s.append(std::to_string(*r.turn)).append(" ");
    s.append(r.last_move.has_value() ? kif::ToString(*r.last_move) : "nil").append(" ");
    // The first GDL-II turn carries `nil` for the percepts; later turns a (maybe empty) list.
    if (r.percepts.empty() && *r.turn == 0) {
      s.append("nil");
    } else {
      AppendList(r.percepts, &s);
    }
  } else if (r.no_moves || r.moves.empty()) {
    s.append("nil");
  } else {
    AppendList(r.moves, &s);
  }
  s.push_back(')');
  return s;
}

}  // namespace

std::string RenderRequest(const Request& request) {
  return std::visit(
      [](const auto& r) -> std::string {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, InfoRequest>) {
          return "(info)";
        } else if constexpr (std::is_same_v<T, PingRequest>) {
          return "(ping)";
        } else if constexpr (std::is_same_v<T, PreviewRequest>) {
          std::string s = "(preview ";
          AppendList(r.rules, &s);
          return s + " " + std::to_string(r.preview_clock) + ")";
        } else if constexpr (std::is_same_v<T, StartRequest>) {
          std::string s = "(start " + r.match_id + " " + kif::ToString(r.role) + " ";
          AppendList(r.rules, &s);
          return s + " " + std::to_string(r.start_clock) + " " + std::to_string(r.play_clock) + ")";
        } else if constexpr (std::is_same_v<T, StopRequest>) {
          return RenderPlayLike("stop", r);
        } else if constexpr (std::is_same_v<T, PlayRequest>) {
          return RenderPlayLike("play", r);
        } else {
          static_assert(std::is_same_v<T, AbortRequest>);
          return "(abort " + r.match_id + ")";
        }
      },
      request);
}

std::string_view VerbOf(const Request& request) {
  static constexpr std::string_view kVerbs[] = {"info", "ping", "preview", "start",
                                                "play", "stop", "abort"};
  static_assert(std::variant_size_v<Request> == std::size(kVerbs));
  return kVerbs[request.index()];
}

}  // namespace ggp::protocol
