#pragma once
// Automaton operations of the learner (seed 001, Algorithm 2): the prefix tree of a set of
// patterns, minimisation to a canonical form, collapsing two states into an NFA and the
// subset construction back to a DFA.
//
// Pure functions over values; thread safe.

#include <optional>
#include <vector>

#include "reasoner/board/dfa.h"

namespace ggp::reasoner::board {

// A nondeterministic automaton: state 0 starts; edges may repeat a label.
struct Nfa {
  std::vector<std::vector<Dfa::Edge>> edges;
  std::vector<bool> accepting;
};

// The prefix tree acceptor of `patterns` (duplicates ignored).
Dfa BuildPta(const std::vector<Pattern>& patterns);

// The minimal DFA of the same language: unreachable states and dead states (nothing
// accepted from them) removed, equivalent states merged, states numbered breadth-first
// from the start with edges in label order. Equal languages give equal (==) results.
Dfa Minimize(const Dfa& dfa);

// Merges state `t` into `s` (edges into t go to s, t's edges leave s, accepting if either).
Nfa Collapse(const Dfa& dfa, int s, int t);

// Subset construction; nullopt if it would exceed `max_states`.
std::optional<Dfa> Determinize(const Nfa& nfa, int max_states = 4096);

// Pairs (s, t), s < t, of equal acceptance within undirected distance `k`.
std::vector<std::pair<int, int>> GeneralizingCandidates(const Dfa& dfa, int k);

}  // namespace ggp::reasoner::board
