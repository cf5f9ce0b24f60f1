// Fuzz target: the GGP message parser and renderer (protocol/messages.h).
//
// The input is a message body as a match server sends it. For any input ParseRequest must
// return without a sanitizer report, name a reason when it refuses, and for every request
// it accepts, rendering and parsing again must give back the same request: the same verb,
// the same rendering (a fixpoint after one round), and the fields the player acts on
// (match id, role, rules, clocks, moves, GDL-II turn, last move and percepts).

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "protocol/messages.h"
#include "tests/fuzz/fuzz_check.h"

namespace ggp::testing {
namespace {

std::string Items(const std::vector<kif::SExpr>& items) {
  std::string s = "[";
  for (const kif::SExpr& e : items) s += kif::ToString(e) + ";";
  return s + "]";
}

// The fields of a request, printed; two requests the player treats alike print alike.
std::string Fields(const protocol::Request& request) {
  return std::visit(
      [](const auto& r) -> std::string {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, protocol::PreviewRequest>) {
          return Items(r.rules) + " " + std::to_string(r.preview_clock);
        } else if constexpr (std::is_same_v<T, protocol::StartRequest>) {
          return r.match_id + " " + kif::ToString(r.role) + " " + Items(r.rules) + " " +
                 std::to_string(r.start_clock) + " " + std::to_string(r.play_clock);
        } else if constexpr (std::is_base_of_v<protocol::PlayRequest, T>) {
          std::string s = r.match_id + " " + Items(r.moves) + (r.no_moves ? " none" : " some");
          if (r.turn) {
            s += " turn " + std::to_string(*r.turn) + " last " +
                 (r.last_move ? kif::ToString(*r.last_move) : std::string("-")) + " percepts " +
                 Items(r.percepts);
          }
          return s;
        } else if constexpr (std::is_same_v<T, protocol::AbortRequest>) {
          return r.match_id;
        } else {
          return "";
        }
      },
      request);
}

void CheckInput(std::string_view body) {
  protocol::Request request;
  std::string error;
  if (!protocol::ParseRequest(body, &request, &error)) {
    GGP_FUZZ_CHECK(!error.empty(), "refused without a reason");
    GGP_FUZZ_CHECK(!protocol::ParseRequest(body, &request, nullptr), "verdict depends on `error`");
    return;
  }
  GGP_FUZZ_CHECK(error.empty(), "accepted with an error: " + error);
  if (auto* play = std::get_if<protocol::PlayRequest>(&request)) {
    GGP_FUZZ_CHECK(play->no_moves == play->moves.empty(), "no_moves disagrees with the moves");
  }

  const std::string rendered = protocol::RenderRequest(request);
  protocol::Request again;
  std::string again_error;
  GGP_FUZZ_CHECK(protocol::ParseRequest(rendered, &again, &again_error),
                 "the rendering does not parse: " + rendered + "\n" + again_error);
  GGP_FUZZ_CHECK(again.index() == request.index(),
                 std::string("verb changed: ") + std::string(protocol::VerbOf(request)) + " -> " +
                     std::string(protocol::VerbOf(again)) + " in " + rendered);
  GGP_FUZZ_CHECK(Fields(again) == Fields(request), "fields changed through " + rendered + ":\n" +
                                                       Fields(request) + "\n" + Fields(again));
  GGP_FUZZ_CHECK(
      protocol::RenderRequest(again) == rendered,
      "rendering is not a fixpoint: " + rendered + " -> " + protocol::RenderRequest(again));
}

}  // namespace
}  // namespace ggp::testing

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ggp::testing::CheckInput(ggp::testing::AsText(data, size));
  return 0;
}
