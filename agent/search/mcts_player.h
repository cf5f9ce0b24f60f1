#pragma once
// "mcts": the Player behind MctsSearch (see mcts_search.h for the algorithm).
//
// Lifecycle (player.h): Start builds the tree at the initial state and starts pondering on
// the process-wide SearchPool, returning at once; SelectMove lets the search run until
// `deadline - decision_margin` (or until the choice is proven) and answers from the tree,
// leaving the search running (pondering); Advance re-roots the tree on the joint move
// actually played (the discarded part is freed in the background) and resumes; Finish
// stops the search and hands the tree to the collector. SwitchMachine carries the tree
// over to a faster machine of the same game.
//
// Settings: mcts_settings.h.
//
// Threading: calls are serialised by the session (player.h); the search itself runs on
// the pool's workers.

#include <cstdint>
#include <deque>
#include <memory>
#include <span>

#include "agent/player/player.h"
#include "agent/player/registry.h"
#include "agent/search/background_thread.h"
#include "agent/search/endgame_solver.h"
#include "agent/search/heuristic.h"
#include "agent/search/mcts_search.h"
#include "agent/search/mcts_settings.h"
#include "agent/search/model_pretrain.h"
#include "agent/search/model_prior.h"
#include "agent/search/nrpa.h"
#include "agent/search/policies.h"
#include "agent/search/proof_number.h"
#include "agent/search/puzzle_solver.h"
#include "agent/search/search_params.h"
#include "agent/search/strength.h"
#include "agent/search/threat_search.h"
#include "models/opponent/opponent_model.h"

namespace ggp::agent::search {

class MctsPlayer final : public Player {
 public:
  // `pool` null: SearchPool::Global(). Null prior / playout: uniform.
  explicit MctsPlayer(const PlayerOptions& options, SearchPool* pool = nullptr,
                      std::shared_ptr<const MovePrior> prior = nullptr,
                      std::shared_ptr<const PlayoutPolicy> playout = nullptr);
  ~MctsPlayer() override;

  std::string_view name() const override { return params_.mast ? "mast" : "mcts"; }
  void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
             const reasoner::State& initial, Deadline deadline) override;
  reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                            MoveStats* stats) override;
  void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) override;
  // The next move of the best line known (single role: solver, NRPA) that starts with
  // joint, else our most visited move at the tree's child for joint (mcts_player_puzzle.cc).
  reasoner::Move FallbackAfter(std::span<const reasoner::Move> joint) const override;
  // The search runs and the root is not proven.
  bool ThinksAhead() const override;
  // Rebuilds the tree over `machine` (MctsSearch::AdoptTree), or starts a fresh one at
  // `current` if the machines disagree; resumes pondering either way. Always true.
  bool SwitchMachine(std::shared_ptr<const reasoner::StateMachine> machine,
                     const reasoner::State& current, nlohmann::json* report) override;
  // The opponent models' scores over the match: per opponent role, the mean
  // log-likelihood of its real moves under the model (and under each part of a mixture)
  // next to uniform's. Null without a model.
  nlohmann::json Summary() const override;
  // The moves of earlier matches (model_experience.h) are replayed into the models at Start
  // and at SwitchMachine, with this match's moves so far; this match is added on Save.
  void LoadExperience(const nlohmann::json& per_role) override;
  nlohmann::json SaveExperience(const nlohmann::json& stored_per_role) const override;
  void Finish() override;

  // The running search (null before Start and after Finish). For tests.
  MctsSearch* search() { return search_.get(); }
  // The opponent-strength estimate of this match (observed whether or not "strength" acts
  // on it). Control thread.
  const StrengthEstimator& strength() const { return strength_; }
  // The opponent model in use ("uniform": none) and the trust in role r's (0..1).
  const std::string& model_name() const { return model_name_; }
  double model_trust(int role) const { return TrustIn(role); }
  // The contempt the search uses now.
  double contempt() const { return params_.contempt; }
  // Single-role games: a line is known that nothing can beat, the puzzle solver's proven
  // one or one reaching 100 (as ThinksAhead, callable while the player thinks).
  bool PuzzleSettled() const;

 private:
  // Opponent models (params "model"): one per opponent role, observed on every Advance
  // and published to the search's prior as a snapshot.
  // Creates the models afresh and replays the stored matches and this match's plies into
  // them. `keep_scores`: the match's scores so far stay (a change of machine).
  void StartModels(bool keep_scores = false);
  void ObserveOpponents(std::span<const reasoner::Move> joint);
  nlohmann::json ModelReport(const Decision& d) const;

  // Single-role games (mcts_player_puzzle.cc): the solver and NRPA, and the choice
  // between their lines and the search's.
  void StartPuzzle(const reasoner::State& root);
  void AdvancePuzzle(reasoner::Move m, const reasoner::State& next);
  void UsePuzzleLine(const reasoner::State& state, Decision* d, MoveStats* stats);
  // Sets `d` to the line's first move if it is legal in `state`.
  bool PlayLine(const reasoner::State& state, std::span<const reasoner::Move> line, int value,
                bool proven, Decision* d);
  std::unique_ptr<PuzzleSolver> puzzle_;
  std::unique_ptr<NrpaSearch> nrpa_;
  bool use_puzzle_ = true;
  int puzzle_mb_ = 256;
  bool puzzle_best_first_ = true;  // PuzzleSolver::Options::best_first
  bool puzzle_exclusions_ = true;  // PuzzleSolver::Options::exclusions
  int64_t puzzle_slice_ = PuzzleSolver::Options{}.depth_first_slice;
  bool use_nrpa_ = true;
  int nrpa_level_ = 3;
  bool nrpa_near_misses_ = true;  // NrpaSearch::Options::near_misses

  // Endings (mcts_player_endgame.cc, params "endgame"): whether random games from `state`
  // all end within endgame_plies_; the solver's try, which sets `d` when its move is played.
  bool InEnding(const reasoner::State& state);
  bool TryEndgame(const reasoner::State& state, Deadline decide_at, Decision* d, MoveStats* stats);
  // Where the solver proved `value`, short of a win, at the root and we alone choose there:
  // solves each of our moves by `until` and proves those worth less in the tree (as
  // losses), so that the search picks among the moves that keep `value` the one that
  // gives the opponent most chances to err. Returns how many keep it, or -1 (nothing
  // handed over) where a move could not be settled. Search paused; control thread.
  int KeepMovesWorth(const reasoner::State& state, int value, Deadline until);
  void MakeEndgameSolver();
  // After our answer in a state of an ending where we had a single legal move (the
  // opponents choose; the referee's next message comes when they have): the solver runs
  // from `state` on endgame_thread_ in the search's place (paused) until
  // StopEndgamePonder, which joins it and, if `resume`, restarts the search. Control thread.
  void PonderEndgame(const reasoner::State& state);
  // Stops what runs on endgame_thread_ (the endgame solver's or the threats' ponder).
  void StopEndgamePonder(bool resume);
  std::unique_ptr<EndgameSolver> endgame_;  // made on first use; reset with the machine
  BackgroundThread endgame_thread_;         // stopped before endgame_ changes
  bool endgame_pondering_ = false;
  int64_t pondered_states_ = 0;  // written by the ponder body, read after the join
  // The share of the move's time the next try gets: endgame_share_ halved for each of the
  // last tries in a row that finished not one of the root's children (the ending is still
  // out of reach: random games end sooner than good play does), down to an eighth.
  double EndgameShareNow() const;
  int endgame_misses_ = 0;
  bool use_endgame_ = true;
  bool endgame_keep_ = true;  // params "endgame_keep": KeepMovesWorth where it applies
  double endgame_share_ = 0.5;
  int endgame_plies_ = 24;
  int endgame_mb_ = 64;
  reasoner::Rng endgame_rng_{1};

  // Short threats (mcts_player_threats.cc, params "threats"): where we alone choose in a
  // two-role game, the search pauses for up to threat_share_ of the move's time while a
  // ThreatSearch, deepening two plies at a time up to threat_depth_, looks for a win we
  // can force and, among our most visited moves, for those after which the opponent can
  // force its win; what it proves goes into the tree (MctsSearch::ProveRootMove). True
  // if it recorded a proof.
  struct ThreatReport {
    int depth = -1;  // the deepest depth checked in full; -1: no check ran
    int lost = 0;    // our moves proven lost
    int deep_lost = 0;  // of them, by the proof-number search (past the depth)
    int pondered = 0;   // of them, proven while the opponent chose (threat_ponder)
    double ponder_ms = 0;       // the proofs' time while the opponent chose, since our last move
    int64_t ponder_states = 0;  // and the states they expanded
    bool won = false;
    int64_t states = 0;
    double ms = 0;
    nlohmann::json Json() const;
  };
  // Whether the check applies at the search's root now (two roles, we alone choose).
  bool ThreatsApply() const;
  // Checks until `until`, adding to `report`; true if it recorded a proof.
  bool TryThreats(const reasoner::State& state, Deadline until, ThreatReport* report);
  // The second look's budget, past the decision time (within decision_margin_ms).
  static constexpr std::chrono::milliseconds kThreatConfirm{5};
  // After the deepening, the proof-number search looks past its depth for the opponent's
  // forced win after the move the search would play (the first of `order`, by visits, not
  // proven), and after the next one while each is proven lost; returns how many it proved.
  int ProveDeepLosses(const reasoner::State& state, Deadline until,
                      std::span<const uint32_t> order);
  // Threats on the opponent's time (mcts_player_threat_ponder.cc): after our answer in a
  // state where the opponent alone chooses, endgame_thread_ alternates with the search
  // (threat_ponder_ of each round's time for proofs_, the rest for the search) until
  // StopEndgamePonder. Each round reads the paused tree for the jobs: the states after
  // the opponent's most visited replies and our most visited answers in them; an answer
  // after which the opponent can force its win goes to ponder_lost_. Control thread.
  void PonderThreats();
  // The body on endgame_thread_ (the search is paused during the proofs only).
  void PonderThreatsBody();
  // At our move: our moves at the root whose states ponder_lost_ holds are proven lost in
  // the tree (and leave it); returns how many. A state whose child the tree has not made
  // yet stays for a later call. Control thread, the ponder stopped.
  int ApplyPonderedLosses(const reasoner::State& state);
  double threat_ponder_ = 0;
  bool threat_pondering_ = false;
  std::unique_ptr<reasoner::Workspace> ponder_ws_;  // the ponder body's
  std::vector<reasoner::State> ponder_lost_;        // written by the body, read after the join
  int64_t ponder_states_ = 0;                       // likewise: states df-pn expanded
  double ponder_ms_ = 0;                            // likewise: time spent proving
  std::unique_ptr<ThreatSearch> threats_;  // made on first use; reset with the machine
  // With threats_, where threat_pn_ > 0 or threat_ponder_ > 0.
  std::unique_ptr<ProofNumberSearch> proofs_;
  double threat_pn_ = 0;  // 0.5 measured: 41.7% in self-play at 10/2 s (24 matches)
  bool use_threats_ = true;
  double threat_share_ = 0.2;
  int threat_depth_ = 15;
  int threat_moves_ = 3;
  reasoner::Rng mix_rng_{1};  // draws mixed moves (MctsSearch::MixFor)

  // The learned evaluation (params "heuristic"): learned in Start on games of two or more
  // roles, bound to the machine; SwitchMachine declines other machines while it is used.
  void LearnHeuristic(const reasoner::State& initial, Deadline deadline);
  // params_ with the playout cutoff the heuristic earned (search_cutoff_).
  SearchParams SearchParamsNow() const;
  HeuristicUse heuristic_use_ = HeuristicUse::kStrong;
  double heuristic_seconds_ = 2.0;
  double cutoff_r2_ = 0.2;
  double greedy_lift_ = 101;  // "greedy_lift": above 100, no greedy check
  double heuristic_from_ = HeuristicOptions{}.sample_from;
  int search_cutoff_ = 0;
  std::shared_ptr<const Heuristic> heuristic_;
  nlohmann::json heuristic_report_;

  SearchParams params_;
  // Params "model" as given; "auto" (the default) is "mixture" in games where roles move at
  // the same time (read from a random game at Start) and "uniform" elsewhere: where the
  // opponent answers our move the tree sees its reply; where it moves with us, only a model
  // knows what it will do (SearchParams::simultaneous_follow).
  std::string model_setting_;
  std::string model_name_;  // in use for this match; "uniform": no prior hook at all
  std::shared_ptr<ModelPrior> model_prior_;
  std::vector<std::unique_ptr<models::OpponentModel>> models_;  // per role (ours: null)
  std::vector<uint32_t> features_;
  // The last joint move observed (ObserveOpponents), for the models' context; cleared by
  // StartModels (new match or new machine: ids change).
  std::vector<reasoner::Move> last_joint_;
  reasoner::State before_;
  struct ModelScore {
    long long moves = 0;
    double model = 0, uniform = 0;  // sums of log-likelihoods
    std::vector<double> parts;      // a mixture's components
    // Per move of the last kTrustWindow: the share of uniform's surprise at the real move
    // that the model explains, 1 - log P_model(move) / log (1/k), k legal moves (1 when
    // it was certain of it, 0 when it was no better than uniform, below 0 when worse).
    std::deque<double> recent;
  };
  // The trust in role r's model (MovePrior::Trust): the mean of those shares, clamped to
  // 0..1 (k = 10 and P_model(move) = 0.8 every time: 0.9).
  double TrustIn(int role) const;
  std::vector<ModelScore> scores_;  // per role
  nlohmann::json stored_experience_;  // LoadExperience's {role text: body}
  std::vector<std::vector<std::string>> plies_;  // this match's joint moves as text
  nlohmann::json replayed_;  // what StartModels replayed, for the play lines
  // Start-clock stand-in games (params "pretrain"), and those already replayed.
  bool pretrain_ = false;
  bool valve_ = true;  // params "valve": a single model is mixed with uniform (mixture.h)
  std::unique_ptr<PretrainRunner> pretrainer_;
  std::vector<MatchMoves> self_play_;
  void TakeSelfPlay();
  std::vector<float> scratch_;
  SearchPool* pool_;
  std::shared_ptr<const MovePrior> prior_;
  std::shared_ptr<const PlayoutPolicy> playout_;
  // Params "model_playouts" (only without a given playout policy): playout_ becomes a
  // ModelPlayout over model_prior_ whenever the models start (WireModelPlayouts).
  void WireModelPlayouts();
  bool model_playouts_ = false;
  double model_playout_epsilon_ = 0.2;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> workspace_;  // for the fallback move
  std::unique_ptr<MctsSearch> search_;
  int role_ = 0;
  int64_t iterations_at_last_decision_ = 0;
  SteadyClock::time_point last_decision_time_{};  // or the search's start
  bool use_strength_ = false;    // params "strength"
  double base_contempt_ = 0;     // params "contempt": the contempt at the start of a match
  StrengthEstimator strength_;
};

}  // namespace ggp::agent::search
