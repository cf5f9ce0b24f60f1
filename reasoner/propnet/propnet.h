#pragma once
// The immutable propositional network: components in topological order, flat arrays.
//
// Component kinds are implicit in their counters. Every component holds a 32-bit counter
// in the per-thread evaluator; its value is the counter's top bit. A gate's counter is
// `base + number of satisfied inputs`, where an input is satisfied when its source is
// true (or false, for an inverted input edge):
//   OR  with n inputs: base 0x7FFFFFFF      (true once one input is satisfied)
//   AND with n inputs: base 0x80000000 - n  (true when all are)
//   leaf (fluent, move input, constant): set directly, 0x80000000 true / 0x7FFFFFFF false.
// A change of a component's value passes on as +1/-1 to its outputs (differential
// propagation); a target changes only when its counter's top bit flips.
//
// Positive recursion in the ground rules gives cyclic strongly connected components
// (never through negation: the builder rejects that). Their members are contiguous in the
// order, flagged on the edges entering them (kSccEdge) and recomputed as a least fixpoint
// when any input changes; components outside cycles have scc_of == -1.
//
// Thread safety: immutable after construction; share freely.

#include <cstdint>
#include <utility>
#include <vector>

#include "reasoner/state.h"

namespace ggp::reasoner::propnet {

inline constexpr uint32_t kTrueCounter = 0x80000000u;
inline constexpr uint32_t kFalseCounter = 0x7FFFFFFFu;
inline constexpr uint32_t kInvertedEdge = 0x80000000u;   // on input and output edges
inline constexpr uint32_t kSccEdge = 0x40000000u;        // output edge into a cyclic SCC
inline constexpr uint32_t kDemuxEdge = 0x20000000u;      // pseudo-edge: demux id (see demux_*)
inline constexpr uint32_t kRecomputeEdge = 0x30000000u;  // pseudo-edge: a demuxed gate the
                                                         // source selects
inline constexpr uint32_t kNextEdge = 0x10000000u;       // pseudo-edge: target is the fluent
                                                         // whose `next` the source computes
inline constexpr uint32_t kLegalEdge = 0x08000000u;      // pseudo-edge: target is a bit of the
                                                         // legal bitset (legal_bit)
inline constexpr uint32_t kEdgeTargetMask = 0x07FFFFFFu;
inline constexpr uint32_t kSpecialKindMask = 0x38000000u;  // next, legal, demux or recompute
inline constexpr uint32_t kNoGuard = 0xFFFFFFFFu;
inline constexpr uint32_t kProgramPair = 0x80000000u;  // goal_program flags (Propnet)
inline constexpr uint32_t kProgramAnd = 0x40000000u;

struct Propnet {
  // ---- Topology (indices are components, in topological order) ----
  std::vector<uint32_t> base_counter;  // counter with no satisfied input (leaves: false)
  std::vector<uint8_t> is_leaf;        // fluent / move input / constant
  // Outputs of a component: edges[begin, special) are gates that read it, each
  // target << 1 | 1 if it reads it inverted; edges[special, end) are flagged:
  // kNextEdge | fluent whose `next` it computes, kLegalEdge | bit of the legal bitset
  // (legal_bit) that is its value, kSccEdge | target (| kInvertedEdge) for a target
  // inside a cyclic SCC, kDemuxEdge | demux and kRecomputeEdge | gate (below). The kind
  // of a flagged edge is (edge & kSpecialKindMask).
  struct Fanout {
    uint32_t begin, special, end;
    // Whether propagation pushes this component's flipping targets without a branch
    // (Evaluator's hot loop): set where its flips are hard to predict (PropnetMachine::
    // Build measures them on playouts).
    uint32_t branch_free = 0;
  };
  // Outputs into components that legal, terminal or next need ("main").
  std::vector<Fanout> fanout;  // size n
  std::vector<uint32_t> out_edges;
  // Outputs into components that only goals need, updated lazily (see goal_boundary).
  std::vector<Fanout> goal_fanout;  // size n
  std::vector<uint32_t> goal_edges;
  // Main components (leaves included) with goal-only outputs: the evaluator passes their
  // changes on to the goal-only part when a goal is asked.
  std::vector<uint32_t> goal_boundary;
  // The goal-only gates in topological order: when much of the boundary changed, the
  // evaluator recomputes them in one pass instead of propagating changes. goal_program is
  // that pass laid out for a sequential read, when no goal-only gate is in a cycle. A run
  // of gates of two inputs with consecutive ids (piece counting is mostly that) takes two
  // words, the first id | kProgramPair and the number of gates, then two per gate: its
  // inputs in in_edges form (component | kInvertedEdge if read inverted), the first
  // | kProgramAnd if the gate is an AND. Any other gate: its id, its base counter plus its
  // number of inverted inputs, its numbers of plain and of inverted inputs, then those
  // inputs' components (plain ones first).
  std::vector<uint32_t> goal_order;
  std::vector<uint32_t> goal_program;
  std::vector<uint32_t> in_begin;  // size n+1
  std::vector<uint32_t> in_edges;  // source | kInvertedEdge?
  std::vector<int32_t> scc_of;     // cyclic SCC id or -1; ids increase along the order
  std::vector<std::pair<uint32_t, uint32_t>> scc_range;  // [begin, end) per cyclic SCC
  uint32_t max_scc_size = 0;
  uint32_t const_true = 0;   // leaf that is always true
  uint32_t const_false = 0;  // leaf that is always false

  // ---- Interface ----
  uint32_t num_fluents = 0;
  std::vector<int32_t> fluent_base;   // fluent -> leaf component, -1 if nothing reads it
  std::vector<uint32_t> fluent_next;  // fluent -> component of (next f)
  // A move m of role r is legal iff component legal[r][m] holds and, when
  // legal_guarded[r][m], the role's guard literal legal_guard[r] (component, with
  // kInvertedEdge meaning "is false") holds too; kNoGuard: no guard.
  std::vector<std::vector<uint32_t>> legal;
  std::vector<uint32_t> legal_guard;
  std::vector<std::vector<uint8_t>> legal_guarded;
  // The evaluator keeps a bitset of the legal components' values: role r's move m is bit
  // legal_bit[r] + m (each role starts on a word boundary and has at least one word, so a
  // role without moves reads zeros). legal_guarded_words is the same layout with the
  // guarded moves set.
  std::vector<uint32_t> legal_bit;
  uint32_t legal_words = 0;
  std::vector<uint64_t> legal_guarded_words;
  std::vector<std::vector<int32_t>> input;  // role -> move -> leaf of (does r m), or -1
  // Per role: a leaf that is true when the role's move id is out of range. Exactly one
  // of a role's move leaves (or this one) is true once a joint move is set, which lets
  // the builder replace a disjunction over most of a role's moves by the negation of the
  // few others.
  std::vector<uint32_t> no_move;
  std::vector<std::vector<std::pair<int, uint32_t>>> goals;  // role -> (value, component)
  uint32_t terminal = 0;
  State initial;

  // ---- Selector groups and demultiplexed edges (demux.cc explains them) ----
  std::vector<int32_t> fluent_group;         // fluent -> group id, or -1
  std::vector<uint32_t> fluent_group_index;  // fluent -> its index among the group's members
  std::vector<std::vector<uint32_t>> group_members;  // group -> fluents
  // Fluents of groups that some demux reads: the evaluator tracks which one is true.
  std::vector<uint64_t> selector_words;
  // Demux d reads group demux_group[d]; while member k is the group's true fluent, a change
  // of the demux's source is passed on only to the gates demux_targets[demux_index[i]],
  // ..., demux_targets[demux_index[i + 1] - 1], where i = demux_index_begin[d] + k; each
  // is gate << 1 | 1 if the gate reads the source inverted. A demuxed gate is a two-input
  // AND of its selector and demux_partner[gate] (the source | kInvertedEdge?).
  std::vector<uint32_t> demux_group;
  std::vector<uint32_t> demux_index_begin;
  std::vector<uint32_t> demux_index;
  std::vector<uint32_t> demux_targets;
  std::vector<uint32_t> demux_partner;  // size n

  uint32_t num_components() const { return static_cast<uint32_t>(base_counter.size()); }
  size_t num_edges() const { return out_edges.size() + goal_edges.size(); }
};

}  // namespace ggp::reasoner::propnet
