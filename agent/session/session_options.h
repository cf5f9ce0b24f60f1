#pragma once
// Settings of the player service (MatchManager) and of each match session it runs.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "agent/player/registry.h"
#include "agent/store/store.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent {

// Builds the state machine of a match (normally reasoner::CreateMachine). Called on the
// match's worker thread; may take up to the options' budget. Must not throw (exceptions
// are caught and reported as a failed build anyway).
using MachineBuilder =
    std::function<reasoner::MachineBuild(const gdl::Description&, const reasoner::MachineOptions&)>;
// Learns the board machine of a match over its built machine (normally
// reasoner::BuildBoardMachine). Called on a background thread of the match; returns within
// options.board_seconds or soon after options.cancel is set. Must be thread safe.
using BoardBuilder = std::function<reasoner::MachineBuild(
    const gdl::Description&, std::shared_ptr<const reasoner::StateMachine>,
    const reasoner::MachineOptions&)>;

struct SessionOptions {
  std::string name = "ggp-agent";          // INFO name (no spaces or parentheses)
  std::string log_dir = "logs";            // per-match event files; "" = none
  // The experience store shared by all matches (null: none). Learned board models are
  // read from it before a build and written after a verified one.
  std::shared_ptr<store::ExperienceStore> store;
  // The `serve --store` option as given: "" = <log_dir>/experience.sqlite, "none" = no
  // store, anything else a file; store::ResolveStorePath turns it into the file ("" for
  // none). `store` above is that file opened, or null if it could not be.
  std::string store_path;
  // The opponents' name when the operator knows it (`serve --opponent`; the GGP start
  // message names no one): their moves are also kept under the store's
  // "opponent-model:NAME" documents, which are read before the pooled ones.
  std::string opponent_name;
  // Replies are due at received + clock - margin (>= received). `margin` is the margin until
  // the match has measured its referee (reply_latency.h: then twice the shortest gap
  // between a reply and the next request, plus our lateness, at least `min_margin`), and
  // always with `fixed_margin`.
  std::chrono::milliseconds margin{1000};
  std::chrono::milliseconds min_margin{300};
  bool fixed_margin = false;
  // START: `ready` is held until the start deadline while the player thinks ahead
  // (Player::ThinksAhead: its search improves the first move), so the whole start clock is
  // thinking time; true answers as soon as the player has started.
  bool ready_early = false;
  // Short clocks keep most of their time: the margin never exceeds this share of the clock
  // (a 1 s play clock with a 1000 ms margin is answered at 750 ms, not at once).
  double max_margin_share = 0.25;
  std::string policy = "montecarlo";  // registry name (agent/player/registry.h)
  PlayerOptions player;               // passed to MakePlayer
  // Live matches at most: INFO says busy from here on and a START beyond it is answered
  // busy (nothing of it is built) unless a live match has gone silent for longer than its
  // clocks allow (it is then expired to make room). Matches still winding down after
  // their end (a build being cancelled, a search reaching its deadline) count against a
  // second cap of the same size.
  int max_matches = 4;
  std::string machine_backend = "auto";         // MachineOptions::backend
  size_t build_memory_bytes = size_t{4} << 30;  // MachineOptions::build_memory_bytes
  MachineBuilder builder;                       // required
  // The board learner run in the background from START (reasoner::BuildBoardMachine):
  // the search starts at once on the built machine and moves onto the board machine the
  // moment it is verified, keeping its tree (Player::SwitchMachine). Null: "auto" runs
  // the learner inside the build instead, before the search starts.
  BoardBuilder board_builder;
  // Silence after which a match is dropped: max(startclock, 10 x playclock) + this.
  std::chrono::seconds expiry_slack{120};
  // Silence after which a match may be expired early to make room for a new START at
  // capacity: startclock + 2 x playclock + this.
  std::chrono::seconds stale_slack{10};
  std::chrono::milliseconds tick{1000};  // how often expiry is checked
};

// `margin`, at most `max_share` of a `clock_seconds` clock.
inline std::chrono::steady_clock::duration CapMargin(std::chrono::steady_clock::duration margin,
                                                     double max_share, int clock_seconds) {
  using Duration = std::chrono::steady_clock::duration;
  const auto clock =
      std::chrono::duration_cast<Duration>(std::chrono::seconds(std::max(0, clock_seconds)));
  const auto share = std::chrono::duration_cast<Duration>(clock * std::max(0.0, max_share));
  return std::min<Duration>(margin, share);
}

// The configured margin kept before a reply of a `clock_seconds` clock is due:
// options.margin, at most options.max_margin_share of the clock. (A match measures its own
// margin once it can: reply_latency.h.)
inline std::chrono::steady_clock::duration EffectiveMargin(const SessionOptions& options,
                                                           int clock_seconds) {
  return CapMargin(options.margin, options.max_margin_share, clock_seconds);
}

}  // namespace ggp::agent
