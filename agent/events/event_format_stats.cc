// The search statistics of a play event as one line (event_format_internal.h).

#include "agent/events/event_format_internal.h"

namespace ggp::agent::event_format_internal {

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
        if (Has(*m, "self_play_games"))
          text += ", " + Str(*m, "self_play_games") + " stand-in games";
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

}  // namespace ggp::agent::event_format_internal
