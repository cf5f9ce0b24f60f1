#pragma once
// Internal to the propnet builder: the circuit before layout. BuildGraph turns a ground
// program into AND/OR gates over leaves (fluents, move inputs, two constants), after
// constant folding; LayOut simplifies it (single-input gates, parts no output needs),
// orders it topologically with cyclic SCCs contiguous and emits the flat Propnet.
//
// Thread safety: single-threaded build structures.

#include <cstdint>
#include <string>
#include <vector>

#include "reasoner/ground/budget.h"
#include "reasoner/ground/ground_program.h"
#include "reasoner/kif/term.h"
#include "reasoner/propnet/propnet.h"

namespace ggp::reasoner::propnet {

struct Graph {
  enum Kind : uint8_t { kLeaf, kOr, kAnd };
  std::vector<uint8_t> kind;
  std::vector<std::vector<uint32_t>> inputs;  // source | kInvertedEdge
  uint32_t const_false = 0;
  uint32_t const_true = 1;

  // Outputs and leaves, as node ids.
  std::vector<int32_t> fluent_base;  // -1: no such leaf
  std::vector<uint32_t> fluent_next;
  std::vector<std::vector<uint32_t>> legal;
  std::vector<std::vector<int32_t>> input;  // every move has a leaf after BuildGraph
  std::vector<uint32_t> no_move;            // per role: leaf true when no valid move is set
  std::vector<std::vector<std::pair<int, uint32_t>>> goals;
  uint32_t terminal = 0;
  State initial;

  // Boundary terms.
  std::vector<kif::Term> fluent_terms;
  std::vector<std::vector<kif::Term>> move_terms;

  uint32_t AddNode(Kind k) {
    kind.push_back(k);
    inputs.emplace_back();
    return static_cast<uint32_t>(kind.size() - 1);
  }
};

// Returns false with `*error` set if the program cannot be turned into a circuit or the
// budget runs out.
bool BuildGraph(const ground::GroundProgram& program, ground::Budget& budget, Graph* out,
                std::string* error);

// Simplification passes (simplify.cc), run by LayOut:
// Simplify merges nodes until nothing changes (single-input gates, duplicate inputs,
// structurally equal gates) and returns each node's representative; `merged` records
// merges across calls. ComplementMoveDisjunctions rewrites disjunctions over most of a
// role's move leaves as the negation of the others. ExtractLegalGuards takes each role's
// most common legal-gate input out of the gates into a guard checked by LegalMoves.
std::vector<uint32_t> Simplify(Graph& g, std::vector<uint32_t>& merged);
void ComplementMoveDisjunctions(Graph& g, const std::vector<uint32_t>& merged);
void ExtractLegalGuards(Graph& g, std::vector<uint32_t>& root, std::vector<uint32_t>* guard,
                        std::vector<std::vector<uint8_t>>* guarded);

// Finds selector groups among the fluents and plans demultiplexed edges into the gates
// that read them (demux.cc); fills the net's group and demux fields and returns, per
// component, whether it is a demuxed gate (BuildFanout then routes its inputs specially)
// and each demux's source.
struct DemuxPlan {
  // Per component: 0, or 1 + the position among its inputs of a demuxed gate's selector.
  std::vector<uint8_t> selector_input;
  std::vector<uint32_t> source;  // per demux: the component whose changes it routes
};
DemuxPlan PlanDemux(const std::vector<uint8_t>& main, Propnet* net);

// Fills net->fanout, out_edges, goal_fanout, goal_edges, goal_boundary, legal_bit,
// legal_words and legal_guarded_words (fanout.cc) from the ordered inputs, SCCs,
// fluent_next, legal and legal_guarded; `main[c]`: legal, terminal or next need c.
void BuildFanout(const std::vector<uint8_t>& main, const DemuxPlan& demux, Propnet* net);

// Consumes `graph`.
// `keep_legal` false: the legal outputs are laid out as constant false and the gates only
// they need are dropped (a net for next/terminal/goal whose legal moves come from elsewhere,
// e.g. reasoner/board/hybrid_machine.h); move numbering is unchanged.
bool LayOut(Graph& graph, ground::Budget& budget, Propnet* out, std::string* error,
            bool keep_legal = true);

}  // namespace ggp::reasoner::propnet
