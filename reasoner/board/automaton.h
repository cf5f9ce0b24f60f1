#pragma once
// Automaton operations of the learner (seed 001, Algorithm 2): the prefix tree of a set of
// patterns, minimisation to a canonical form, collapsing two states into an NFA, the
// subset construction back to a DFA and the generalising candidates (pairs of states to
// collapse).
//
// Pure functions over values; thread safe (the Scratch forms: one Scratch per thread).
// The Scratch forms reuse their working memory and output, so a loop over candidates stops
// allocating once it has seen its largest automaton.
// Costs: BuildPta O(total pattern length); Minimize O(r * n log n * degree) for r
// refinement rounds (r <= n); Determinize O(subsets * edges of a subset * log);
// GeneralizingCandidates O(n * states within k).

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "reasoner/board/dfa.h"

namespace ggp::reasoner::board {

// A nondeterministic automaton: state 0 starts; a state's edges may repeat a label.
struct Nfa {
  std::vector<std::vector<Dfa::Edge>> edges;
  std::vector<bool> accepting;
};

// Working memory of the Scratch forms below.
struct AutomatonScratch {
  // Subset construction: subsets as sorted state lists in one arena, hashed.
  std::vector<int> arena, slots;
  std::vector<uint32_t> subset_begin;
  std::vector<uint64_t> subset_hash;
  std::vector<Dfa::Edge> moves;
  // Minimisation.
  std::vector<uint8_t> live, alive;
  std::vector<int> stack, count, back, fill, states, block, next_block, sig, sig_begin, sig_end,
      order, rep, number, queue;
};

// The prefix tree acceptor of `patterns` (duplicates ignored): state 0 the root, one state
// per distinct prefix, accepting where a pattern ends.
Dfa BuildPta(const std::vector<Pattern>& patterns);

// The minimal DFA of the same language: unreachable states and dead states (non-accepting,
// nothing accepted from them) removed, equivalent states merged (partition refinement),
// states numbered breadth-first from the start taking edges in label order. Equal languages
// give equal (==) results. The empty language gives Dfa() (one non-accepting state).
Dfa Minimize(const Dfa& dfa);
void Minimize(const Dfa& dfa, AutomatonScratch* scratch, Dfa* out);  // `out` != &dfa

// Merges the two states into the smaller-numbered one (edges into either go to it, edges
// of both leave it, accepting if either is); later states move down by one. s == t copies.
Nfa Collapse(const Dfa& dfa, int s, int t);

// Subset construction from state 0 (reachable subsets only); nullopt once it would make
// more than `max_states` states.
std::optional<Dfa> Determinize(const Nfa& nfa, int max_states = 4096);

// Determinize(Collapse(dfa, s, t), max_states) into `out` without building the NFA (the
// same language; states numbered otherwise). False past the cap (`out` then undefined).
bool CollapseDeterminize(const Dfa& dfa, int s, int t, int max_states, AutomatonScratch* scratch,
                         Dfa* out);

// generalizingCandidates: the pairs (s, t), s < t, of equal acceptance whose undirected
// (geodesic) distance is between 1 and `k`, in increasing order.
std::vector<std::pair<int, int>> GeneralizingCandidates(const Dfa& dfa, int k);

}  // namespace ggp::reasoner::board
