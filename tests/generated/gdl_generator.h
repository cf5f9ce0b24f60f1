#pragma once
// A random GDL game generator for differential testing of the reasoner back ends.
//
// GenerateGame(seed) writes a complete game, deterministic for the seed, that is valid
// by construction (it passes gdl::Validate without errors) and well-formed as a game:
//  - 1-4 roles, turn-taking (a `control` fluent passed round by static facts) or
//    simultaneous moves;
//  - it terminates: a step counter (numbers 0..K, or nested successor terms) makes
//    `terminal` true by step K at the latest (sometimes already in the initial state);
//  - every role has a legal move in every non-terminal state: a fallback move that is
//    unconditional, or two fallback moves legal under a condition and its negation, next
//    to conditional legal rules;
//  - every role has goal rules (sometimes several values at once, or values read from
//    static facts).
// In between, the rules are random over a typed vocabulary (gdl_vocabulary.h, so
// grounding stays finite) and use on purpose what back ends get wrong: recursion over
// static facts and over the state (also mutual), stratified negation, `distinct`
// (variables used only there), `or` (also binding a variable in every alternative),
// nested function terms, zero-arity relations, numbers as symbols, relations defined by
// facts and rules, duplicate rules, unused relations, does of other roles in next, facts
// for keyword relations, empty-body rules, literals in any order, upper-case keywords,
// optional base/input catalogues.
//
// Thread safety: a pure function of the seed.

#include <cstdint>
#include <set>
#include <string>

namespace ggp::testing {

struct GeneratedGame {
  uint64_t seed = 0;
  std::string kif;  // the rules as KIF text, one item per line
  int roles = 0;
  int step_limit = 0;  // terminal holds after at most this many joint moves
  bool simultaneous = false;
  // What the game uses, for coverage checks: "negation", "distinct", "or", "or-binds",
  // "static-recursion", "view-recursion", "mutual-recursion", "turns", "simultaneous",
  // "noop-only-role", "complementary-fallback", "nested-functions", "peano-counter",
  // "zero-arity", "terminal-at-start", "facts-and-rules", "duplicate-rule",
  // "unused-relation", "does-view", "goal-table", "keyword-facts", "base", "input",
  // "upper-case", "shuffled", "name-clash", "double-negation", "whole-fluent-variables",
  // "function-recursion", "local-stratification" (negation
  // within a relation, stratified by a ground argument: validation warns, nothing else does).
  std::set<std::string> features;
};

GeneratedGame GenerateGame(uint64_t seed);

}  // namespace ggp::testing
