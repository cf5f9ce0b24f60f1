#include "agent/search/model_pretrain.h"

#include <algorithm>

#include "reasoner/random.h"

namespace ggp::agent::search {

PretrainRunner::PretrainRunner(std::shared_ptr<const reasoner::StateMachine> machine,
                               Deadline deadline, const PretrainOptions& options)
    : machine_(std::move(machine)), options_(options) {
  thread_ = std::thread([this, deadline] { Run(deadline); });
}

PretrainRunner::~PretrainRunner() { Stop(); }

void PretrainRunner::Stop() {
  stop_.store(true);
  if (thread_.joinable()) thread_.join();
}

std::vector<MatchMoves> PretrainRunner::Take() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<MatchMoves> out;
  out.swap(finished_);
  return out;
}

void PretrainRunner::Run(Deadline deadline) {
  const reasoner::StateMachine& m = *machine_;
  const int n = m.num_roles();
  std::unique_ptr<reasoner::Workspace> ws = m.NewWorkspace();
  reasoner::Rng rng(options_.seed * 0x9E3779B97F4A7C15ULL + 7);
  std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(n));
  std::vector<reasoner::Move> joint(static_cast<size_t>(n)), trial(static_cast<size_t>(n));
  reasoner::State state, next, after, end;
  const auto out_of_time = [&] { return stop_.load() || SteadyClock::now() >= deadline; };
  while (!out_of_time() && games_.load() < options_.max_games) {
    MatchMoves match;
    match.source = "self-play:montecarlo";
    m.InitialState(&state);
    bool broken = false;
    for (int ply = 0; ply < options_.max_plies && !m.IsTerminal(state, *ws) && !broken; ++ply) {
      for (int r = 0; r < n; ++r) {
        m.LegalMoves(state, r, *ws, &legal[static_cast<size_t>(r)]);
        if (legal[static_cast<size_t>(r)].empty()) broken = true;
      }
      if (broken) break;
      for (int r = 0; r < n; ++r) {
        const std::vector<reasoner::Move>& mine = legal[static_cast<size_t>(r)];
        if (mine.size() == 1) {
          joint[static_cast<size_t>(r)] = mine[0];
          continue;
        }
        double best = -1;
        int ties = 0;
        for (reasoner::Move candidate : mine) {
          double sum = 0;
          for (int k = 0; k < options_.playouts; ++k) {
            for (int o = 0; o < n; ++o) {
              const std::vector<reasoner::Move>& l = legal[static_cast<size_t>(o)];
              trial[static_cast<size_t>(o)] = o == r ? candidate : l[rng.Below(static_cast<uint32_t>(l.size()))];
            }
            m.NextState(state, trial, *ws, &after);
            m.RandomPlayout(after, options_.max_plies, rng, *ws, &end, nullptr, &stop_);
            sum += std::max(0, m.Goal(end, r, *ws));
          }
          // Reservoir choice among the moves tied for the best mean.
          if (sum > best) {
            best = sum;
            ties = 1;
            joint[static_cast<size_t>(r)] = candidate;
          } else if (sum == best && rng.Below(static_cast<uint32_t>(++ties)) == 0) {
            joint[static_cast<size_t>(r)] = candidate;
          }
        }
        if (out_of_time()) return;  // an unfinished game is not recorded
      }
      match.plies.push_back(JointMoveText(m, joint));
      m.NextState(state, joint, *ws, &next);
      std::swap(state, next);
    }
    if (match.plies.empty()) return;  // the game has no moves to learn from
    std::lock_guard<std::mutex> lock(mu_);
    finished_.push_back(std::move(match));
    games_.fetch_add(1);
  }
}

}  // namespace ggp::agent::search
