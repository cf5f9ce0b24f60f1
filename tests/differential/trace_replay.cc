#include "tests/differential/trace_replay.h"

#include <algorithm>
#include <set>
#include <vector>

namespace ggp::testing {
namespace {

using reasoner::Move;
using reasoner::State;

std::string Join(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : " ") + s;
  return out;
}

std::string Diff(const std::set<std::string>& ours, const std::set<std::string>& theirs) {
  std::set<std::string> extra, missing;
  std::set_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(),
                      std::inserter(extra, extra.end()));
  std::set_difference(theirs.begin(), theirs.end(), ours.begin(), ours.end(),
                      std::inserter(missing, missing.end()));
  return "extra {" + Join(extra) + "} missing {" + Join(missing) + "}";
}

}  // namespace

ReplayResult ReplayTrace(const reasoner::StateMachine& machine, const nlohmann::json& trace) {
  ReplayResult result;
  const kif::SymbolTable& symbols = machine.symbols();
  auto ws = machine.NewWorkspace();
  int n = machine.num_roles();
  auto fail = [&](int playout, int step, const std::string& what) {
    result.ok = false;
    result.mismatch = "playout " + std::to_string(playout) + " step " + std::to_string(step) + ": " + what;
  };
  int playout_index = 0;
  for (const auto& playout : trace.at("playouts")) {
    State s, next;
    machine.InitialState(&s);
    int step_index = 0;
    for (const auto& step : playout.at("steps")) {
      std::set<std::string> ours, theirs;
      for (const kif::Term& t : machine.Fluents(s)) ours.insert(kif::ToString(t, symbols));
      for (const auto& f : step.at("state")) theirs.insert(f.get<std::string>());
      if (ours != theirs) {
        fail(playout_index, step_index, "states differ: " + Diff(ours, theirs));
        return result;
      }
      bool terminal = machine.IsTerminal(s, *ws);
      if (terminal != step.at("terminal").get<bool>()) {
        fail(playout_index, step_index, std::string("terminal: ours ") + (terminal ? "true" : "false"));
        return result;
      }
      if (step.contains("legal")) {
        for (int r = 0; r < n; ++r) {
          std::vector<Move> moves;
          machine.LegalMoves(s, r, *ws, &moves);
          ours.clear();
          theirs.clear();
          for (Move m : moves) ours.insert(kif::ToString(machine.MoveTerm(r, m), symbols));
          for (const auto& m : step.at("legal").at(static_cast<size_t>(r))) theirs.insert(m.get<std::string>());
          if (ours != theirs) {
            fail(playout_index, step_index,
                 "legal moves of role " + std::to_string(r) + " differ: " + Diff(ours, theirs));
            return result;
          }
        }
      }
      if (step.contains("goals")) {
        for (int r = 0; r < n; ++r) {
          const auto& g = step.at("goals").at(static_cast<size_t>(r));
          if (g.is_null()) continue;
          int goal = machine.Goal(s, r, *ws);
          if (goal != g.get<int>()) {
            fail(playout_index, step_index,
                 "goal of role " + std::to_string(r) + ": ours " + std::to_string(goal) +
                     ", trace " + std::to_string(g.get<int>()));
            return result;
          }
        }
      }
      ++result.steps;
      if (!step.contains("moves")) break;
      std::vector<Move> joint;
      for (int r = 0; r < n; ++r) {
        std::string text = step.at("moves").at(static_cast<size_t>(r)).get<std::string>();
        kif::Term t;
        std::vector<kif::Diagnostic> errors;
        std::optional<Move> m;
        if (kif::ParseTerm(text, *machine.shared_symbols(), &t, &errors)) {
          m = machine.FindMove(r, t);
        }
        if (!m) {
          fail(playout_index, step_index, "move " + text + " of role " + std::to_string(r) + " unknown");
          return result;
        }
        joint.push_back(*m);
      }
      machine.NextState(s, joint, *ws, &next);
      std::swap(s, next);
      ++step_index;
    }
    ++playout_index;
    ++result.playouts;
  }
  return result;
}

}  // namespace ggp::testing
