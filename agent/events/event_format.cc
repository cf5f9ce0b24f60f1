#include "agent/events/event_format.h"

#include <cmath>
#include <cstdio>

#include "agent/events/event_format_internal.h"

namespace ggp::agent {
namespace {

using event_format_internal::Append;
using event_format_internal::Has;
using event_format_internal::Megabytes;
using event_format_internal::Num;
using event_format_internal::Number;
using event_format_internal::StatsDetails;
using event_format_internal::Str;

constexpr const char* kReset = "\x1b[0m";
constexpr const char* kDim = "\x1b[2m";
constexpr const char* kBold = "\x1b[1m";

const char* ColorOf(std::string_view event) {
  if (event == "start") return "\x1b[32m";   // green
  if (event == "play") return "\x1b[36m";    // cyan
  if (event == "stop") return "\x1b[34m";    // blue
  if (event == "error") return "\x1b[31m";   // red
  if (event == "board") return "\x1b[35m";   // magenta
  if (event == "abort" || event == "expire") return "\x1b[33m";  // yellow
  return "\x1b[35m";
}

// "2026-01-02T03:04:05.678Z" -> "03:04:05.678" (or with the date).
std::string TimeOf(const nlohmann::json& e, bool show_date) {
  std::string t = Str(e, "time");
  if (t.size() >= 23 && t[10] == 'T') {
    return show_date ? t.substr(0, 10) + " " + t.substr(11, 12) : t.substr(11, 12);
  }
  return t;
}

// "margin 300 ms (floor)": the reply margin of a start or play and how it was chosen.
std::string MarginDetails(const nlohmann::json& e) {
  if (std::isnan(Num(e, "margin_ms"))) return "";
  std::string s = "margin " + Number(Num(e, "margin_ms"), 0) + " ms";
  if (Has(e, "margin")) s += " (" + Str(e, "margin") + ")";
  return s;
}

std::string StartDetails(const nlohmann::json& e) {
  std::string s;
  if (Has(e, "role")) Append(&s, "as " + Str(e, "role"));
  if (Has(e, "game")) Append(&s, "game " + Str(e, "game"));
  if (Has(e, "start_clock") || Has(e, "play_clock")) {
    Append(&s, "clocks " + Str(e, "start_clock") + "/" + Str(e, "play_clock") + " s");
  }
  if (Has(e, "policy")) Append(&s, "policy " + Str(e, "policy"));
  if (auto it = e.find("machine"); it != e.end() && it->is_object()) {
    std::string m = "machine " + Str(*it, "backend");
    if (!std::isnan(Num(*it, "build_ms"))) m += " (" + Number(Num(*it, "build_ms"), 0) + " ms)";
    if (Has(*it, "reason")) m += ": " + Str(*it, "reason");
    Append(&s, m);
  }
  // "stored opponent models 1 (Alice: 1 own)": experience of earlier matches of the game,
  // and how much of it is the named opponent's own (serve --opponent).
  if (auto st = e.find("store"); st != e.end() && st->is_object() && Has(*st, "opponent_models")) {
    std::string text = "stored opponent models " + Str(*st, "opponent_models");
    if (Has(*st, "opponent"))
      text += " (" + Str(*st, "opponent") + ": " + Str(*st, "named_models") + " own)";
    Append(&s, text);
  }
  // "tree 11.5 GB (auto, of 23.0 GB available)": the search tree's memory budget.
  if (auto t = e.find("tree"); t != e.end() && t->is_object() && !std::isnan(Num(*t, "mb"))) {
    std::string text = "tree " + Megabytes(Num(*t, "mb"));
    if (!std::isnan(Num(*t, "available_mb"))) {
      text += " (auto, of " + Megabytes(Num(*t, "available_mb")) + " available";
      if (const double held = Num(*t, "held_mb"); !std::isnan(held) && held > 0) {
        text += ", " + Megabytes(held) + " held by other matches";
      }
      text += ")";
    }
    Append(&s, text);
  }
  if (!std::isnan(Num(e, "prepare_ms"))) {
    Append(&s, "prepared in " + Number(Num(e, "prepare_ms"), 0) + " ms");
  }
  if (!std::isnan(Num(e, "ready_held_ms"))) {
    Append(&s, "ready held " + Number(Num(e, "ready_held_ms"), 0) + " ms");
  }
  Append(&s, MarginDetails(e));
  return s;
}

std::string PlayDetails(const nlohmann::json& e) {
  std::string s;
  if (Has(e, "turn")) Append(&s, "turn " + Str(e, "turn"));
  if (Has(e, "moves")) Append(&s, "got " + Str(e, "moves"));
  if (Has(e, "move")) Append(&s, "ours " + Str(e, "move"));
  if (!std::isnan(Num(e, "time_ms"))) Append(&s, Number(Num(e, "time_ms"), 0) + " ms");
  if (auto it = e.find("fallback"); it != e.end() && it->is_boolean() && it->get<bool>()) {
    Append(&s, "(fallback)");
  }
  // "(search 92 ms late)": the player returned past its work deadline (the session keeps that
  // much more in reserve from then on, "reserve 142 ms" after the margin).
  if (const double late = Num(e, "overrun_ms"); late >= 0.5) {  // NaN when absent
    Append(&s, "(search " + Number(late, 0) + " ms late)");
  }
  if (auto it = e.find("stats"); it != e.end() && it->is_object()) Append(&s, StatsDetails(*it));
  std::string margin = MarginDetails(e);
  if (const double reserve = Num(e, "reserve_ms"); !margin.empty() && reserve > 50.5) {
    margin += ", reserve " + Number(reserve, 0) + " ms";
  }
  Append(&s, margin);
  return s;
}

std::string StopDetails(const nlohmann::json& e) {
  std::string s;
  if (Has(e, "goals")) Append(&s, "goals " + Str(e, "goals"));
  if (Has(e, "goal")) Append(&s, "ours " + Str(e, "goal"));
  if (Has(e, "turns")) Append(&s, Str(e, "turns") + " turns");
  // "kept 2 opponent documents (Alice)": what the store now holds of this match.
  if (auto st = e.find("stored"); st != e.end() && st->is_object() && Has(*st, "opponent_models")) {
    Append(&s, "kept " + Str(*st, "opponent_models") + " opponent documents" +
                   (Has(*st, "opponent") ? " (" + Str(*st, "opponent") + ")" : std::string()));
  }
  // "model mixture: oplayer 4 moves, log-likelihood -0.41 (uniform -1.39)".
  if (auto m = e.find("models"); m != e.end() && m->is_object()) {
    std::string text = "model " + Str(*m, "name") + ":";
    if (auto roles = m->find("roles"); roles != m->end() && roles->is_array()) {
      for (const nlohmann::json& r : *roles) {
        if (!r.is_object()) continue;
        text += " " + Str(r, "role") + " " + Str(r, "moves") + " moves, log-likelihood " +
                Number(Num(r, "mean_log_likelihood"), 2) + " (uniform " + Number(Num(r, "uniform"), 2) + ")";
      }
    }
    Append(&s, text);
  }
  return s;
}

// "onto the board machine at turn 2 (from propnet, tree of 353 nodes kept, 0.3 ms);
// learned in 17 ms: <learner's report>", or "not used: <why>; ...".
std::string BoardDetails(const nlohmann::json& e) {
  std::string s;
  auto flag = [&e](const char* key) {
    auto it = e.find(key);
    return it != e.end() && it->is_boolean() && it->get<bool>();
  };
  if (flag("swapped")) {
    std::string head = "onto the board machine at turn " + Str(e, "turn");
    std::string how = Has(e, "from") ? "from " + Str(e, "from") : "";
    if (auto p = e.find("player"); p != e.end() && p->is_object()) {
      if (auto kept = p->find("tree_kept"); kept != p->end() && kept->is_boolean()) {
        how += (how.empty() ? "" : ", ") +
               (kept->get<bool>() ? "tree of " + Str(*p, "nodes") + " nodes kept" : std::string("new tree"));
      }
    }
    if (!std::isnan(Num(e, "swap_ms"))) how += (how.empty() ? "" : ", ") + Number(Num(e, "swap_ms"), 1) + " ms";
    Append(&s, head + (how.empty() ? "" : " (" + how + ")") + ";");
  } else {
    Append(&s, "not used" + (Has(e, "why") ? ": " + Str(e, "why") : std::string()) + ";");
  }
  if (!std::isnan(Num(e, "learn_ms"))) Append(&s, "learner " + Number(Num(e, "learn_ms"), 0) + " ms:");
  if (Has(e, "report")) Append(&s, Str(e, "report"));
  return s;
}

std::string OtherDetails(const nlohmann::json& e) {
  nlohmann::json rest = nlohmann::json::object();
  for (auto it = e.begin(); it != e.end(); ++it) {
    if (it.key() != "time" && it.key() != "event" && it.key() != "match") rest[it.key()] = *it;
  }
  return rest.empty() ? "" : rest.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string FormatEvent(const nlohmann::json& e, const EventFormatOptions& options) {
  if (!e.is_object()) return e.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string event = Str(e, "event");
  std::string details;
  if (event == "start") {
    details = StartDetails(e);
  } else if (event == "play") {
    details = PlayDetails(e);
  } else if (event == "stop") {
    details = StopDetails(e);
  } else if (event == "board") {
    details = BoardDetails(e);
  } else if ((event == "error" || event == "abort" || event == "expire") &&
             (Has(e, "cause") || Has(e, "reason"))) {
    details = Has(e, "cause") ? Str(e, "cause") : Str(e, "reason");
  } else {
    details = OtherDetails(e);
  }

  std::string padded = event;
  if (!details.empty() && padded.size() < 6) padded.resize(6, ' ');
  std::string out;
  if (options.color) {
    out = std::string(kDim) + TimeOf(e, options.show_date) + kReset + " " + kBold +
          Str(e, "match") + kReset + " " + ColorOf(event) + padded + kReset;
  } else {
    out = TimeOf(e, options.show_date) + " " + Str(e, "match") + " " + padded;
  }
  if (!details.empty()) out += " " + details;
  return out;
}

std::optional<std::string> FormatEventLine(std::string_view line,
                                           const EventFormatOptions& options) {
  size_t first = line.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  nlohmann::json e = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!e.is_object()) {
    size_t last = line.find_last_not_of(" \t\r\n");
    return std::string(line.substr(first, last - first + 1));
  }
  return FormatEvent(e, options);
}

}  // namespace ggp::agent
