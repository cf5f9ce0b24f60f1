#pragma once
// Renders match events (event_log.h) for a person, one line per event:
//
//   22:45:29.123 nim3.17 play   turn 2  got ((take 2) noop)  ours (take 1)  812 ms  4211 it  v 61.2
//
// Fields read per event (all optional; what is missing is left out):
//   start:  role, game, start_clock, play_clock, policy, machine {backend, reason, build_ms},
//           prepare_ms
//   play:   turn, moves (string: the joint move received, "nil" on the first turn), move
//           (string: our reply), time_ms, fallback (bool), stats (MoveStats JSON)
//   error:  cause
//   stop:   goals (array of ints, role order) or goal (ours), turns
//   abort, expire: reason
// Any other event shows its remaining fields as compact JSON. Lines that are not JSON
// objects are shown as they are.
//
// Colours (ANSI) only when asked (the caller checks that stdout is a terminal).
// Thread safety: pure functions.

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace ggp::agent {

struct EventFormatOptions {
  bool color = false;
  bool show_date = false;  // prefix the date (yyyy-mm-dd) to the time of day
};

std::string FormatEvent(const nlohmann::json& event, const EventFormatOptions& options);

// Parses one line of an event file and renders it; returns the line itself when it is not
// a JSON object, nullopt for a blank line.
std::optional<std::string> FormatEventLine(std::string_view line,
                                           const EventFormatOptions& options);

}  // namespace ggp::agent
