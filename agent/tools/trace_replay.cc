#include "agent/tools/trace_replay.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "reasoner/factory/verify.h"

namespace ggp::agent::tools {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using reasoner::Move;
using reasoner::State;
using reasoner::StateMachine;

std::string Summary(const std::vector<std::string>& v, size_t limit = 6) {
  std::string s = "{";
  for (size_t i = 0; i < v.size() && i < limit; ++i) {
    if (i > 0) s += ", ";
    s += v[i];
  }
  if (v.size() > limit) s += ", ... (" + std::to_string(v.size()) + " in all)";
  return s + "}";
}

// Reads a JSON array of strings, sorted; false if it is not one.
bool StringSet(const json& j, std::vector<std::string>* out) {
  out->clear();
  if (!j.is_array()) return false;
  for (const json& e : j) {
    if (!e.is_string()) return false;
    out->push_back(e.get<std::string>());
  }
  std::sort(out->begin(), out->end());
  return true;
}

class Replayer {
 public:
  Replayer(const StateMachine& m, const ReplayBudget& budget, ReplayReport* report)
      : m_(m), budget_(budget), report_(*report), ws_(m.NewWorkspace()) {}

  void Run(const json& trace) {
    if (!trace.is_object() || !trace.contains("playouts") || !trace["playouts"].is_array()) {
      return Malformed("no playouts array");
    }
    const json& playouts = trace["playouts"];
    report_.playouts_total = static_cast<int>(playouts.size());
    for (const json& p : playouts) {
      if (p.is_object() && p.contains("steps") && p["steps"].is_array()) {
        report_.steps_total += static_cast<long>(p["steps"].size());
      }
    }
    if (!CheckRoles(trace)) return;
    start_ = Clock::now();
    for (size_t i = 0; i < playouts.size(); ++i) {
      if (!Playout(static_cast<int>(i) + 1, playouts[i])) return;
      ++report_.playouts_checked;
    }
  }

 private:
  void Malformed(const std::string& why) {
    report_.agrees = false;
    report_.error = "malformed trace: " + why;
  }

  void Differ(const std::string& what, std::string expected, std::string got, std::string diff = "") {
    report_.agrees = false;
    report_.difference = Difference{playout_, step_, what, std::move(expected), std::move(got),
                                    std::move(diff)};
  }

  bool CheckRoles(const json& trace) {
    std::vector<std::string> roles;
    if (!trace.contains("roles") || !trace["roles"].is_array()) {
      Malformed("no roles array");
      return false;
    }
    for (const json& r : trace["roles"]) roles.push_back(r.is_string() ? r.get<std::string>() : "?");
    std::vector<std::string> ours;
    for (int r = 0; r < m_.num_roles(); ++r) ours.push_back(kif::ToString(m_.role(r), m_.symbols()));
    if (roles != ours) {
      Differ("roles", Summary(roles), Summary(ours));
      return false;
    }
    return true;
  }

  bool OverBudget() {
    if (budget_.max_steps >= 0 && report_.steps_checked >= budget_.max_steps) {
      report_.stopped_by = "step budget";
      return true;
    }
    if (budget_.seconds > 0 &&
        std::chrono::duration<double>(Clock::now() - start_).count() >= budget_.seconds) {
      report_.stopped_by = "time budget";
      return true;
    }
    return false;
  }

  // Returns false to stop the replay (difference, malformed trace or budget).
  bool Playout(int number, const json& p) {
    playout_ = number;
    if (!p.is_object() || !p.contains("steps") || !p["steps"].is_array()) {
      Malformed("playout " + std::to_string(number) + " has no steps");
      return false;
    }
    m_.InitialState(&state_);
    const json& steps = p["steps"];
    for (size_t i = 0; i < steps.size(); ++i) {
      step_ = static_cast<int>(i);
      if (OverBudget()) return false;
      bool last = i + 1 == steps.size();
      int outcome = Step(steps[i], last);
      if (outcome < 0) return false;
      ++report_.steps_checked;
      if (outcome == 0) break;  // terminal or truncated: the playout is done
    }
    return true;
  }

  // 1: continue with the next step, 0: playout done, -1: stop (difference or malformed).
  int Step(const json& step, bool last) {
    if (!step.is_object() || !step.contains("state") || !step.contains("terminal") ||
        !step["terminal"].is_boolean()) {
      Malformed("step without state or terminal flag");
      return -1;
    }
    std::vector<std::string> expected, got;
    if (!StringSet(step["state"], &expected)) {
      Malformed("state is not a list of strings");
      return -1;
    }
    for (const kif::Term& t : m_.Fluents(state_)) got.push_back(kif::ToString(t, m_.symbols()));
    std::sort(got.begin(), got.end());
    if (expected != got) {
      Differ("state", Summary(expected), Summary(got), reasoner::DescribeSetDifference(expected, got));
      return -1;
    }
    bool terminal = step["terminal"].get<bool>();
    if (m_.IsTerminal(state_, *ws_) != terminal) {
      Differ("terminal", terminal ? "true" : "false", terminal ? "false" : "true");
      return -1;
    }
    if (terminal) return Goals(step) ? 0 : -1;
    if (step.contains("legal") && !Legal(step["legal"])) return -1;
    if (!step.contains("moves")) {
      if (!last) {
        Malformed("non-terminal step without moves before the end of the playout");
        return -1;
      }
      return 0;  // truncated playout
    }
    return Apply(step["moves"]) ? 1 : -1;
  }

  bool Legal(const json& legal) {
    if (!legal.is_array() || static_cast<int>(legal.size()) != m_.num_roles()) {
      Malformed("legal is not one list per role");
      return false;
    }
    std::vector<std::string> expected, got;
    for (int r = 0; r < m_.num_roles(); ++r) {
      if (!StringSet(legal[static_cast<size_t>(r)], &expected)) {
        Malformed("legal set is not a list of strings");
        return false;
      }
      m_.LegalMoves(state_, r, *ws_, &moves_);
      got.clear();
      for (Move mv : moves_) got.push_back(kif::ToString(m_.MoveTerm(r, mv), m_.symbols()));
      std::sort(got.begin(), got.end());
      if (expected != got) {
        Differ("legal moves of role " + kif::ToString(m_.role(r), m_.symbols()), Summary(expected),
               Summary(got), reasoner::DescribeSetDifference(expected, got));
        return false;
      }
    }
    return true;
  }

  bool Goals(const json& step) {
    if (!step.contains("goals")) return true;
    const json& goals = step["goals"];
    if (!goals.is_array() || static_cast<int>(goals.size()) != m_.num_roles()) {
      Malformed("goals is not one value per role");
      return false;
    }
    for (int r = 0; r < m_.num_roles(); ++r) {
      const json& g = goals[static_cast<size_t>(r)];
      if (g.is_null()) {
        (void)m_.Goal(state_, r, *ws_);  // anything goes, but it must not crash
        continue;
      }
      if (!g.is_number_integer()) {
        Malformed("goal is neither an integer nor null");
        return false;
      }
      int got = m_.Goal(state_, r, *ws_);
      if (got != g.get<int>()) {
        Differ("goal of role " + kif::ToString(m_.role(r), m_.symbols()), std::to_string(g.get<int>()),
               got == reasoner::kNoGoal ? "none" : std::to_string(got));
        return false;
      }
    }
    return true;
  }

  bool Apply(const json& moves) {
    if (!moves.is_array() || static_cast<int>(moves.size()) != m_.num_roles()) {
      Malformed("moves is not one move per role");
      return false;
    }
    joint_.assign(static_cast<size_t>(m_.num_roles()), 0);
    for (int r = 0; r < m_.num_roles(); ++r) {
      const json& mv = moves[static_cast<size_t>(r)];
      kif::Term term;
      std::vector<kif::Diagnostic> errors;
      if (!mv.is_string() ||
          !kif::ParseTerm(mv.get<std::string>(), *m_.shared_symbols(), &term, &errors)) {
        Malformed("unparsable move");
        return false;
      }
      std::optional<Move> id = m_.FindMove(r, term);
      if (!id) {
        Differ("move of role " + kif::ToString(m_.role(r), m_.symbols()), mv.get<std::string>(),
               "no such move");
        return false;
      }
      joint_[static_cast<size_t>(r)] = *id;
    }
    m_.NextState(state_, joint_, *ws_, &next_);
    std::swap(state_, next_);
    return true;
  }

  const StateMachine& m_;
  const ReplayBudget& budget_;
  ReplayReport& report_;
  std::unique_ptr<reasoner::Workspace> ws_;
  Clock::time_point start_;
  int playout_ = 0;
  int step_ = 0;
  State state_, next_;
  std::vector<Move> moves_, joint_;
};

}  // namespace

ReplayReport ReplayTrace(const StateMachine& machine, const json& trace, const ReplayBudget& budget) {
  ReplayReport report;
  Replayer(machine, budget, &report).Run(trace);
  return report;
}

std::string DescribeDifference(const Difference& d) {
  std::string s = "playout " + std::to_string(d.playout) + " step " + std::to_string(d.step) + ": " +
                  d.what + ": expected " + d.expected + " got " + d.got;
  if (!d.diff.empty()) s += " (" + d.diff + ")";
  return s;
}

}  // namespace ggp::agent::tools
