#pragma once
// A playout race between two machines of one game: is the reference (normally the prover)
// clearly faster than the candidate (a propnet or split machine that has just been
// verified)? A propnet is not always the faster machine. Where the fluents are many-argument
// tuples (pancakes88: a fluent per order of eight pancakes, 40,320 of them, each flip an
// input of 40,320 gates), one step of the net touches more gates than the prover touches
// facts, and the prover runs the same playouts many times over.
//
// Method: the candidate plays random playouts from the initial state, in chunks of
// `chunk_steps` joint moves, until it has played `steps` joint moves or for `seconds`,
// whichever comes first (a fast net is done in a few milliseconds); then the reference plays random
// playouts from the same seed (its moves are numbered its own way, so the games differ, but not
// their kind) until it has played as many joint moves, and loses as soon as it cannot do that
// within the candidate's time divided by `margin`. So the race costs at most about
// seconds * (1 + 1 / margin), plus one chunk of each machine.
//
// Blocking: runs on the calling thread. Thread safety: creates its own workspaces; the
// machines are only read, so they may be in use by other threads at the same time.

#include <atomic>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct RaceOptions {
  long steps = 2000;     // the candidate's share of the race: joint moves ...
  double seconds = 0.2;  // ... or wall time, whichever comes first
  double margin = 2.0;   // the reference wins when at least this many times faster
  int chunk_steps = 4;   // joint moves between clock checks
  int max_steps = 1000;  // joint moves per playout at most
  unsigned seed = 1;     // randomness of the playouts (the same for both)
  // Not owned; when set (from any thread) the race stops and the candidate keeps its place.
  const std::atomic<bool>* cancel = nullptr;
};

struct RaceResult {
  int playouts = 0;                 // playouts the candidate played to their end
  long steps = 0;                   // joint moves the candidate played
  double candidate_seconds = 0;     // the candidate's time for them
  long reference_steps = 0;         // joint moves the reference played (<= steps + a chunk)
  double reference_seconds = 0;     // the reference's time (up to where it stopped)
  bool reference_finished = false;  // the reference played as many joint moves
  bool reference_faster = false;    // ... and within candidate_seconds / margin

  // Steps per second of the candidate and of the reference (over what each played).
  double CandidateRate() const;
  double ReferenceRate() const;
};

RaceResult RaceMachines(const StateMachine& candidate, const StateMachine& reference,
                        const RaceOptions& options);

}  // namespace ggp::reasoner
