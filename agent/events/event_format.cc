#include "agent/events/event_format.h"

#include <cmath>
#include <cstdio>

namespace ggp::agent {
namespace {

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

std::string Str(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  if (it == e.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

bool Has(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  return it != e.end() && !it->is_null();
}

std::string Number(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

double Num(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  return it != e.end() && it->is_number() ? it->get<double>() : NAN;
}

// "2026-01-02T03:04:05.678Z" -> "03:04:05.678" (or with the date).
std::string TimeOf(const nlohmann::json& e, bool show_date) {
  std::string t = Str(e, "time");
  if (t.size() >= 23 && t[10] == 'T') {
    return show_date ? t.substr(0, 10) + " " + t.substr(11, 12) : t.substr(11, 12);
  }
  return t;
}

void Append(std::string* out, const std::string& text) {
  if (text.empty()) return;
  if (!out->empty()) out->append("  ");
  out->append(text);
}

// "margin 300 ms (floor)": the reply margin of a start or play and how it was chosen.
std::string MarginDetails(const nlohmann::json& e) {
  if (std::isnan(Num(e, "margin_ms"))) return "";
  std::string s = "margin " + Number(Num(e, "margin_ms"), 0) + " ms";
  if (Has(e, "margin")) s += " (" + Str(e, "margin") + ")";
  return s;
}

// "512 MB", "11.5 GB".
std::string Megabytes(double mb) {
  return mb >= 1024 ? Number(mb / 1024, 1) + " GB" : Number(mb, 0) + " MB";
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

// "509613 it (548k/s)  43423 nodes  depth 20  v 61.3 proven  share 78%": what the search
// saw, each part only when the policy reported it.
std::string StatsDetails(const nlohmann::json& stats) {
  std::string s;
  const double iterations = Num(stats, "iterations");
  if (!std::isnan(iterations) && iterations > 0) {
    std::string it = Number(iterations, 0) + " it";
    const double rate = Num(stats, "iterations_per_s");
    if (!std::isnan(rate) && rate >= 0) {
      it += " (" + (rate >= 10000 ? Number(rate / 1000, 0) + "k" : Number(rate, 0)) + "/s)";
    }
    Append(&s, it);
  }
  const double nodes = Num(stats, "nodes");
  if (!std::isnan(nodes) && nodes > 0) {
    std::string text = Number(nodes, 0) + " nodes";
    // Links made to nodes reached before by another move order (MCTS transpositions).
    if (auto extra = stats.find("extra"); extra != stats.end() && extra->is_object()) {
      const double links = Num(*extra, "transpositions");
      if (!std::isnan(links) && links > 0) text += " (" + Number(links, 0) + " transpositions)";
    }
    // "(tree full)": the tree reached its memory budget; the search goes on without
    // adding nodes until moves are played and the collector frees what they cut off.
    if (auto extra = stats.find("extra"); extra != stats.end() && extra->is_object()) {
      const double bytes = Num(*extra, "tree_bytes"), limit = Num(*extra, "tree_limit");
      if (!std::isnan(bytes) && !std::isnan(limit) && limit > 0 && bytes >= limit)
        text += " (tree full)";
    }
    Append(&s, text);
  }
  const double depth = Num(stats, "max_depth");
  if (!std::isnan(depth) && depth > 0) Append(&s, "depth " + Number(depth, 0));
  const double value = Num(stats, "value");
  if (!std::isnan(value) && value >= 0) {
    auto proven = stats.find("proven");
    const bool is_proven = proven != stats.end() && proven->is_boolean() && proven->get<bool>();
    Append(&s, "v " + Number(value, 1) + (is_proven ? " proven" : ""));
  }
  const double share = Num(stats, "visit_share");
  if (!std::isnan(share) && share >= 0) Append(&s, "share " + Number(share * 100, 0) + "%");
  // "model bayes (12 seen): next (mark 2 2) 0.41, (mark 1 1) 0.2, ...": the opponent model
  // and its likeliest replies to our move.
  if (auto extra = stats.find("extra"); extra != stats.end() && extra->is_object()) {
    if (auto m = extra->find("model"); m != extra->end() && m->is_object()) {
      std::string text = "model " + Str(*m, "name");
      if (Has(*m, "observed")) {
        // "(40 seen, 3 stored matches, 12 stand-in games, trust 0.8)": where the moves it
        // learned from came from besides this match, and how far it beats uniform.
        text += " (" + Str(*m, "observed") + " seen";
        if (auto st = m->find("stored"); st != m->end() && st->is_object() && Has(*st, "matches")) {
          text += ", " + Str(*st, "matches") + " stored matches";
        }
        if (Has(*m, "self_play_games")) text += ", " + Str(*m, "self_play_games") + " stand-in games";
        if (Has(*m, "trust")) text += ", trust " + Number(Num(*m, "trust"), 2);
        text += ")";
      }
      if (auto next = m->find("next"); next != m->end() && next->is_array() && !next->empty()) {
        text += ": next";
        for (size_t i = 0; i < next->size(); ++i) {
          const nlohmann::json& e = (*next)[i];
          if (!e.is_array() || e.size() != 2) continue;
          text += (i ? ", " : " ") + (e[0].is_string() ? e[0].get<std::string>() : e[0].dump()) +
                  " " + (e[1].is_number() ? Number(e[1].get<double>(), 2) : e[1].dump());
        }
      }
      Append(&s, text);
    }
    // "puzzle 100 proven (64 moves, 84 states, 3 cut by goal bounds)": the single-role
    // solver's best line.
    if (auto pz = extra->find("puzzle"); pz != extra->end() && pz->is_object()) {
      auto flag = [&pz](const char* key) {
        auto it = pz->find(key);
        return it != pz->end() && it->is_boolean() && it->get<bool>();
      };
      const double v = Num(*pz, "value");
      std::string text = "puzzle " + (std::isnan(v) || v < 0 ? std::string("-") : Number(v, 0));
      if (flag("proven")) text += " proven";
      text += " (" + Str(*pz, "line") + " moves, " + Str(*pz, "states") + " states";
      if (flag("pruning")) text += ", dead ends cut";
      if (const double cuts = Num(*pz, "bound_cuts"); !std::isnan(cuts) && cuts >= 0) {
        text += ", " + Number(cuts, 0) + " cut by goal bounds";
      }
      text += flag("played") ? ", played)" : ")";
      Append(&s, text);
    }
    // "endgame 100 exact, played (2195456 states, 1316 ms, 3100000 while waiting)" or
    // "endgame unsolved (...)":
    // the ending's alpha-beta search, where it ran this move.
    if (auto eg = extra->find("endgame"); eg != extra->end() && eg->is_object()) {
      auto flag = [&eg](const char* key) {
        auto it = eg->find(key);
        return it != eg->end() && it->is_boolean() && it->get<bool>();
      };
      std::string text =
          "endgame " + (flag("solved")
                            ? Str(*eg, "value") + (flag("exact") ? " exact" : " guaranteed")
                            : std::string("unsolved"));
      if (flag("played")) text += ", played";
      text += " (" + Str(*eg, "states") + " states, " + Number(Num(*eg, "ms"), 0) + " ms";
      // How far an unsolved try got, and the share of the move's time it had.
      if (!flag("solved") && Has(*eg, "root_done"))
        text += ", " + Str(*eg, "root_done") + " moves done";
      if (Has(*eg, "share")) text += ", share " + Number(Num(*eg, "share"), 3);
      // States searched on the opponents' time since our last move.
      if (Has(*eg, "pondered")) text += ", " + Str(*eg, "pondered") + " while waiting";
      Append(&s, text + ")");
    }
    // "threats to depth 7: 2 moves lost (18432 states, 210 ms)", "threats to depth 5: win
    // (...)", "threats to depth 9: none (...)": the short forced lines checked this move.
    if (auto th = extra->find("threats"); th != extra->end() && th->is_object()) {
      const auto won = th->find("won");
      const double lost = Num(*th, "lost");
      // A check that only applied what was proven while the opponent chose has no depth.
      std::string text =
          Num(*th, "depth") >= 0 ? "threats to depth " + Str(*th, "depth") + ": " : "threats: ";
      if (won != th->end() && won->is_boolean() && won->get<bool>()) {
        text += "win";
      } else if (lost > 0) {
        text += Number(lost, 0) + (lost == 1 ? " move lost" : " moves lost");
      } else {
        text += "none";
      }
      text += " (";
      // Losses the proof-number search found past the depth: "2 moves lost (1 deeper, ...".
      if (const double deep = Num(*th, "deep_lost"); deep > 0)
        text += Number(deep, 0) + " deeper, ";
      // Losses proven on the opponent's time (threat_ponder): "(1 pondered, ...".
      if (const double pondered = Num(*th, "pondered"); pondered > 0)
        text += Number(pondered, 0) + " pondered, ";
      text += Str(*th, "states") + " states, " + Number(Num(*th, "ms"), 0) + " ms";
      if (Has(*th, "ponder_ms")) {
        text += ", " + Number(Num(*th, "ponder_ms"), 0) + " ms and " + Str(*th, "ponder_states") +
                " states while waiting";
      }
      text += ")";
      Append(&s, text);
    }
    // "strength weaker (regret 0.153, drop 0.21 over 10, contempt -0.6)": the
    // opponent-strength estimate (seed 002), its features and the contempt factor it set;
    // "strength ? (4 seen)" before. Logs without the value drop omit it.
    if (auto st = extra->find("strength"); st != extra->end() && st->is_object()) {
      const std::string estimate = Str(*st, "estimate");
      const double regret = Num(*st, "mean_regret");
      const double drop = Num(*st, "value_drop");
      const double contempt = Num(*st, "contempt");
      std::string text = "strength " + (estimate == "unknown" ? "?" : estimate);
      if (estimate == "unknown") {
        text += " (" + Str(*st, "decisions") + " seen)";
      } else if (!std::isnan(regret) && !std::isnan(contempt)) {
        text += " (regret " + Number(regret, 3) +
                (std::isnan(drop) ? std::string() : ", drop " + Number(drop, 2)) + " over " +
                Str(*st, "decisions") + ", contempt " + Number(contempt, 1) + ")";
      }
      Append(&s, text);
    }
  }
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
