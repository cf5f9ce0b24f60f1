#include "reasoner/board/learn_game.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "reasoner/board/board_machine.h"
#include "reasoner/board/learn_internal.h"
#include "reasoner/board/move_patterns.h"
#include "reasoner/factory/verify.h"

namespace ggp::reasoner::board {
namespace {

// Learns every piece type's DFA into `game`, trying the path hypotheses in order.
std::optional<std::string> LearnPieces(const Recognition& rec, const std::vector<SimGame>& games,
                                       const BoardLearnOptions& options, Clock::time_point deadline,
                                       BoardGame* game, std::vector<PieceReport>* reports) {
  std::vector<TrainingData> data;
  for (PathHypothesis h : kHypotheses) data.push_back(TrainingFromGames(rec, games, h));
  game->dfa.assign(game->pieces.size(), Dfa());
  for (size_t k = 0; k < game->pieces.size(); ++k) {
    PieceReport report;
    report.name = game->pieces[k].name;
    const auto begin = Clock::now();
    for (size_t h = 0; h < data.size(); ++h) {
      if (Clock::now() > deadline || (options.cancel != nullptr && options.cancel->load())) {
        return "out of time learning " + report.name;
      }
      LearnResult r = LearnDfa(static_cast<int>(k), data[h], options.learn);
      if (r.dfa) {
        game->dfa[k] = std::move(*r.dfa);
        report.hypothesis = HypothesisName(kHypotheses[h]);
        report.states = game->dfa[k].num_states();
        report.failure.clear();
        break;
      }
      report.failure += std::string(report.failure.empty() ? "" : "; ") + HypothesisName(kHypotheses[h]) +
                        ": " + r.reason;
    }
    report.ms = MsSince(begin);
    reports->push_back(report);
    if (!report.failure.empty()) return "no DFA for " + report.name + " (" + report.failure + ")";
  }
  return std::nullopt;
}

}  // namespace

BoardLearnResult LearnBoardMachine(const gdl::Description& rules,
                                   const std::shared_ptr<const StateMachine>& reference,
                                   const BoardLearnOptions& options) {
  BoardLearnResult result;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(options.seconds));
  const bool hybrid_allowed = static_cast<bool>(options.hybrid_rules);
  BoardGame game;
  std::vector<SimGame> games;
  SimulateOptions so;
  so.max_plies = options.max_plies;
  so.seed = options.seed;
  so.cancel = options.cancel;
  if (options.known != nullptr) {
    game = *options.known;
    result.fit = game.moves_only ? Fit::kMovesOnly : Fit::kFits;
    if (game.moves_only) {  // the hybrid's turn fluent is found in recorded play
      if (!hybrid_allowed) {
        result.reason = "known moves-only model, but no rules for a hybrid machine";
        return result;
      }
      so.games = std::min(options.games, 5);
      so.seconds = 0.1 * options.seconds;
      games = Simulate(*reference, so);
      result.simulate_ms = MsSince(start);
    }
  } else {
    // A few games decide whether it is a board game at all (cheap for the games that are
    // not); the rest are recorded only for those that fit.
    so.games = std::min(options.games, 5);
    so.seconds = 0.1 * options.seconds;
    games = Simulate(*reference, so);
    result.simulate_ms = MsSince(start);
    auto t = Clock::now();
    Recognition rec = Recognise(rules, games);
    auto learnable = [&] {
      return rec.fit == Fit::kFits || (rec.fit == Fit::kMovesOnly && hybrid_allowed);
    };
    if (learnable() && options.games > so.games) {
      t = Clock::now();
      so.games = options.games - so.games;
      so.seconds = 0.3 * options.seconds;
      so.seed = options.seed + 1;
      std::vector<SimGame> more = Simulate(*reference, so);
      for (SimGame& g : more) games.push_back(std::move(g));
      result.simulate_ms += MsSince(t);
      t = Clock::now();
      rec = Recognise(rules, games);
    }
    result.recognise_ms = MsSince(t);
    result.fit = rec.fit;
    if (!learnable()) {
      result.reason = std::string(rec.fit == Fit::kNo ? "not a board game: " : "moves-only board game: ") + rec.reason;
      return result;
    }
    t = Clock::now();
    game = rec.game;
    std::optional<std::string> failed = LearnPieces(rec, games, options, deadline, &game, &result.pieces);
    result.learn_ms = MsSince(t);
    if (failed) {
      result.reason = *failed;
      return result;
    }
    if (rec.fit == Fit::kMovesOnly) MarkMovesOnly(&game);
  }
  result.game = game;
  if (game.moves_only) {
    FinishHybrid(reference, options, game, games, deadline, &result);
    return result;
  }
  const auto t = Clock::now();
  std::shared_ptr<BoardMachine> machine;
  try {
    machine = std::make_shared<BoardMachine>(game, reference->shared_symbols(), reference->roles());
  } catch (const std::invalid_argument& e) {
    result.reason = std::string("no board machine for the model: ") + e.what();
    return result;
  }
  const int max_steps = game.max_plies > 0 ? game.max_plies + 1 : options.max_plies;
  const bool verified = VerifyLearned(*reference, machine, options, max_steps, deadline, &result);
  result.verify_ms = MsSince(t);
  if (verified) {
    result.reason += "; simulate " + std::to_string(static_cast<int>(result.simulate_ms)) +
                     " ms, recognise " + std::to_string(static_cast<int>(result.recognise_ms)) +
                     " ms, learn " + std::to_string(static_cast<int>(result.learn_ms)) + " ms, verify " +
                     std::to_string(static_cast<int>(result.verify_ms)) + " ms";
  }
  return result;
}

bool VerifyLearned(const StateMachine& reference, std::shared_ptr<const StateMachine> candidate,
                   const BoardLearnOptions& options, int max_steps, Clock::time_point deadline,
                   BoardLearnResult* result) {
  VerifyOptions vo;
  vo.playouts = options.verify_playouts;
  vo.max_steps = max_steps;
  vo.seconds = std::max(0.05, std::chrono::duration<double>(deadline - Clock::now()).count());
  vo.seed = static_cast<unsigned>(options.seed + 7);
  vo.cancel = options.cancel;
  VerifyStats stats;
  std::optional<std::string> difference = VerifyAgainst(reference, *candidate, vo, &stats);
  result->verified_playouts = stats.playouts;
  result->verified_states = stats.steps;
  const std::string learned = options.known != nullptr ? "known model" : "learned";
  const std::string what = std::string(candidate->backend()) + " machine";
  if (difference) {
    result->reason = learned + " " + what + " differs from " + std::string(reference.backend()) + ": " + *difference;
    return false;
  }
  const int min_playouts = std::min(10, options.verify_playouts);
  if (stats.playouts < min_playouts) {
    result->reason = "verification ran out of time after " + std::to_string(stats.playouts) + " playouts";
    return false;
  }
  result->machine = std::move(candidate);
  result->reason = learned + " and verified on " + std::to_string(stats.playouts) + " playouts (" +
                   std::to_string(stats.steps) + " states)";
  return true;
}

}  // namespace ggp::reasoner::board
