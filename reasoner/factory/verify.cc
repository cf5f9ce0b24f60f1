#include "reasoner/factory/verify.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

namespace ggp::reasoner {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> FluentStrings(const StateMachine& m, const State& s) {
  std::vector<std::string> out;
  for (const kif::Term& t : m.Fluents(s)) out.push_back(kif::ToString(t, m.symbols()));
  return Sorted(std::move(out));
}

std::vector<std::string> MoveStrings(const StateMachine& m, int role,
                                     const std::vector<Move>& moves) {
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (Move mv : moves) out.push_back(kif::ToString(m.MoveTerm(role, mv), m.symbols()));
  return Sorted(std::move(out));
}

std::string RoleName(const StateMachine& m, int role) {
  return kif::ToString(m.role(role), m.symbols());
}

std::string Join(const std::vector<std::string>& v, size_t limit) {
  std::string s;
  for (size_t i = 0; i < v.size() && i < limit; ++i) {
    if (i > 0) s += ", ";
    s += v[i];
  }
  if (v.size() > limit) s += ", ... (" + std::to_string(v.size() - limit) + " more)";
  return s;
}

// One playout's comparison; returns the first difference.
class Comparer {
 public:
  Comparer(const StateMachine& ref, const StateMachine& cand)
      : ref_(ref), cand_(cand), ref_ws_(ref.NewWorkspace()), cand_ws_(cand.NewWorkspace()) {}

  std::optional<std::string> CompareState(const State& rs, const State& cs, bool* terminal,
                                          const VerifyOptions& o) {
    auto rf = FluentStrings(ref_, rs);
    auto cf = FluentStrings(cand_, cs);
    if (rf != cf) return "states differ: " + DescribeSetDifference(rf, cf);
    bool rt = ref_.IsTerminal(rs, *ref_ws_);
    bool ct = cand_.IsTerminal(cs, *cand_ws_);
    if (rt != ct) {
      return std::string("terminal differs: expected ") + (rt ? "true" : "false") + " got " +
             (ct ? "true" : "false");
    }
    *terminal = rt;
    if (rt || o.goals_everywhere) {
      for (int r = 0; r < ref_.num_roles(); ++r) {
        int rg = ref_.Goal(rs, r, *ref_ws_);
        int cg = cand_.Goal(cs, r, *cand_ws_);
        if (rg != cg) {
          return "goal of role " + RoleName(ref_, r) + " differs: expected " + std::to_string(rg) +
                 " got " + std::to_string(cg);
        }
      }
    }
    if (rt) return std::nullopt;
    ref_legal_.resize(static_cast<size_t>(ref_.num_roles()));
    for (int r = 0; r < ref_.num_roles(); ++r) {
      auto& moves = ref_legal_[static_cast<size_t>(r)];
      ref_.LegalMoves(rs, r, *ref_ws_, &moves);
      cand_.LegalMoves(cs, r, *cand_ws_, &cand_moves_);
      auto rl = MoveStrings(ref_, r, moves);
      auto cl = MoveStrings(cand_, r, cand_moves_);
      if (rl != cl) {
        return "legal moves of role " + RoleName(ref_, r) +
               " differ: " + DescribeSetDifference(rl, cl);
      }
    }
    return std::nullopt;
  }

  // Picks a random joint move from the reference's legal sets (computed by CompareState)
  // and advances both machines. Returns false (with `why`) if it cannot.
  bool Advance(std::mt19937_64& rng, State* rs, State* cs, std::string* why) {
    int n = ref_.num_roles();
    ref_joint_.assign(static_cast<size_t>(n), 0);
    cand_joint_.assign(static_cast<size_t>(n), 0);
    for (int r = 0; r < n; ++r) {
      const auto& moves = ref_legal_[static_cast<size_t>(r)];
      if (moves.empty()) {
        *why = "role " + RoleName(ref_, r) + " has no legal move in a non-terminal state";
        return false;
      }
      Move m = moves[rng() % moves.size()];
      ref_joint_[static_cast<size_t>(r)] = m;
      std::optional<Move> cm = cand_.FindMove(r, ref_.MoveTerm(r, m));
      if (!cm) {
        *why = "candidate cannot name move " + kif::ToString(ref_.MoveTerm(r, m), ref_.symbols()) +
               " of role " + RoleName(ref_, r);
        return false;
      }
      cand_joint_[static_cast<size_t>(r)] = *cm;
    }
    ref_.NextState(*rs, ref_joint_, *ref_ws_, &ref_next_);
    cand_.NextState(*cs, cand_joint_, *cand_ws_, &cand_next_);
    std::swap(*rs, ref_next_);
    std::swap(*cs, cand_next_);
    return true;
  }

 private:
  const StateMachine& ref_;
  const StateMachine& cand_;
  std::unique_ptr<Workspace> ref_ws_, cand_ws_;
  std::vector<std::vector<Move>> ref_legal_;
  std::vector<Move> cand_moves_, ref_joint_, cand_joint_;
  State ref_next_, cand_next_;
};

// The candidate's RandomPlayout against StateMachine::RandomPlayout over its own queries.
std::optional<std::string> CompareMachinePlayouts(const StateMachine& m, const VerifyOptions& o) {
  State start, fast_end, generic_end;
  m.InitialState(&start);
  auto ws = m.NewWorkspace();
  std::vector<PlayoutMove> fast_moves, generic_moves;
  for (int p = 0; p < o.machine_playouts; ++p) {
    const uint64_t seed = o.seed * 7919u + static_cast<uint64_t>(p);
    Rng fast_rng(seed), generic_rng(seed);
    fast_moves.clear();
    generic_moves.clear();
    const PlayoutResult fast =
        m.RandomPlayout(start, o.max_steps, fast_rng, *ws, &fast_end, &fast_moves, nullptr);
    const PlayoutResult generic = m.StateMachine::RandomPlayout(
        start, o.max_steps, generic_rng, *ws, &generic_end, &generic_moves, nullptr);
    const std::string where = "machine playout " + std::to_string(p + 1) + ": ";
    if (fast.steps != generic.steps || fast.terminal != generic.terminal ||
        fast.stuck != generic.stuck) {
      return where + "ends after " + std::to_string(fast.steps) + " steps (terminal " +
             std::to_string(fast.terminal) + ", stuck " + std::to_string(fast.stuck) +
             "), the generic loop after " + std::to_string(generic.steps) + " (terminal " +
             std::to_string(generic.terminal) + ", stuck " + std::to_string(generic.stuck) + ")";
    }
    for (size_t i = 0; i < fast_moves.size() && i < generic_moves.size(); ++i) {
      if (fast_moves[i].move != generic_moves[i].move ||
          fast_moves[i].choices != generic_moves[i].choices) {
        return where + "move " + std::to_string(i) + " differs from the generic loop's";
      }
    }
    if (fast_moves.size() != generic_moves.size()) return where + "records a different move count";
    if (!(fast_end == generic_end)) return where + "final states differ";
  }
  return std::nullopt;
}

}  // namespace

std::string DescribeSetDifference(const std::vector<std::string>& expected,
                                  const std::vector<std::string>& got, size_t limit) {
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  std::string s =
      "expected " + std::to_string(expected.size()) + " got " + std::to_string(got.size());
  if (!missing.empty()) s += "; missing {" + Join(missing, limit) + "}";
  if (!extra.empty()) s += "; extra {" + Join(extra, limit) + "}";
  if (missing.empty() && extra.empty() && expected != got) s += "; duplicates differ";
  return s;
}

std::optional<std::string> VerifyAgainst(const StateMachine& reference,
                                         const StateMachine& candidate,
                                         const VerifyOptions& options, VerifyStats* stats) {
  VerifyStats local;
  VerifyStats& st = stats != nullptr ? *stats : local;
  st = VerifyStats();
  if (reference.num_roles() != candidate.num_roles()) {
    return "role counts differ: expected " + std::to_string(reference.num_roles()) + " got " +
           std::to_string(candidate.num_roles());
  }
  for (int r = 0; r < reference.num_roles(); ++r) {
    if (RoleName(reference, r) != RoleName(candidate, r)) {
      return "role " + std::to_string(r) + " differs: expected " + RoleName(reference, r) +
             " got " + RoleName(candidate, r);
    }
  }
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                         options.seconds > 0 ? options.seconds : 1e9));
  // First, as it is quick and the step-by-step comparison below may run out of time.
  if (std::optional<std::string> diff = CompareMachinePlayouts(candidate, options)) return diff;
  std::mt19937_64 rng(options.seed);
  Comparer cmp(reference, candidate);
  State rs, cs;
  for (int p = 0; p < options.playouts; ++p) {
    reference.InitialState(&rs);
    candidate.InitialState(&cs);
    for (int step = 0;; ++step) {
      if (Clock::now() >= deadline || (options.cancel != nullptr && options.cancel->load())) {
        st.timed_out = true;
        return std::nullopt;
      }
      bool terminal = false;
      std::optional<std::string> diff = cmp.CompareState(rs, cs, &terminal, options);
      ++st.steps;
      if (diff)
        return "playout " + std::to_string(p + 1) + " step " + std::to_string(step) + ": " + *diff;
      if (terminal || step >= options.max_steps) break;
      std::string why;
      if (!cmp.Advance(rng, &rs, &cs, &why)) {
        // The reference itself is stuck (bad rules): nothing more to compare here.
        if (why.rfind("candidate", 0) == 0) {
          return "playout " + std::to_string(p + 1) + " step " + std::to_string(step) + ": " + why;
        }
        break;
      }
    }
    ++st.playouts;
  }
  return std::nullopt;
}

}  // namespace ggp::reasoner
