#pragma once
// Player replies (protocol spec §2): the fixed reply words and the INFO reply, rendered by
// the player and parsed by the local match runner.
//
// Thread safety: pure functions over plain values.

#include <string>
#include <string_view>

namespace ggp::protocol {

inline constexpr std::string_view kReplyReady = "ready";      // START, PREVIEW, PING
inline constexpr std::string_view kReplyDone = "done";        // STOP
inline constexpr std::string_view kReplyAborted = "aborted";  // ABORT
inline constexpr std::string_view kReplyBusy = "busy";        // unknown match, bad request

// "((name NAME) (status available))", or "busy" as the status when !available; with a
// non-empty species "((name NAME) (status S) (species SPECIES))". `name` should contain
// no spaces or parentheses (it is written as is).
std::string RenderInfoReply(std::string_view name, bool available, std::string_view species = {});

// What a player said about itself. Empty strings for absent fields.
struct InfoReply {
  std::string name;
  std::string status;   // as sent ("available", "busy", ...)
  std::string species;
  // The status equals "available", ignoring case (the only status ggp-base schedules).
  bool available() const;
};

// Parses an INFO reply the way ggp-base does: a list of (key value) pairs in any order,
// keys compared in lower case, unknown pairs ignored; or a bare atom taken as the status.
// Values that are lists are kept in their printed form. Returns false (with a reason in
// `error`) for text that is not one S-expression or a list holding no (key value) pair.
bool ParseInfoReply(std::string_view body, InfoReply* out, std::string* error);

}  // namespace ggp::protocol
