#include "reasoner/factory/split_machine.h"

namespace ggp::reasoner {
namespace {

SplitWorkspace& Cast(Workspace& ws) { return static_cast<SplitWorkspace&>(ws); }

}  // namespace

std::shared_ptr<const SplitMachine> SplitMachine::Create(
    std::shared_ptr<const propnet::PropnetMachine> net, std::shared_ptr<const ProverMachine> prover,
    bool terminal_in_net, std::string* why) {
  if (!net || !prover) {
    *why = "a half of the split machine is missing";
    return nullptr;
  }
  if (net->roles() != prover->roles() || &net->symbols() != &prover->symbols()) {
    *why = "the propnet and the prover are not machines of the same game";
    return nullptr;
  }
  std::vector<uint32_t> to_prover;
  to_prover.reserve(net->fluent_terms().size());
  for (const kif::Term& t : net->fluent_terms()) to_prover.push_back(prover->FluentIndexOf(t));
  return std::make_shared<const SplitMachine>(std::move(net), std::move(prover), terminal_in_net,
                                              std::move(to_prover));
}

SplitMachine::SplitMachine(std::shared_ptr<const propnet::PropnetMachine> net,
                           std::shared_ptr<const ProverMachine> prover, bool terminal_in_net,
                           std::vector<uint32_t> to_prover)
    : StateMachine(net->shared_symbols(), net->roles()),
      net_(std::move(net)),
      prover_(std::move(prover)),
      terminal_in_net_(terminal_in_net),
      to_prover_(std::move(to_prover)) {}

std::unique_ptr<Workspace> SplitMachine::NewWorkspace() const {
  auto ws = std::make_unique<SplitWorkspace>();
  ws->net = net_->NewWorkspace();
  ws->prover = prover_->NewWorkspace();
  return ws;
}

const State& SplitMachine::Converted(const State& s, SplitWorkspace& ws) const {
  if (ws.valid && ws.handed == s) return ws.converted;
  ws.handed = s;
  ws.converted.Clear(0);
  s.ForEach([&](uint32_t f) {
    if (f < to_prover_.size()) ws.converted.Set(to_prover_[f]);
  });
  ws.valid = true;
  return ws.converted;
}

bool SplitMachine::IsTerminal(const State& s, Workspace& ws) const {
  SplitWorkspace& w = Cast(ws);
  if (terminal_in_net_) return net_->IsTerminal(s, *w.net);
  return prover_->IsTerminal(Converted(s, w), *w.prover);
}

void SplitMachine::LegalMoves(const State& s, int role, Workspace& ws,
                              std::vector<Move>* out) const {
  net_->LegalMoves(s, role, *Cast(ws).net, out);
}

void SplitMachine::NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                             State* out) const {
  net_->NextState(s, joint, *Cast(ws).net, out);
}

int SplitMachine::Goal(const State& s, int role, Workspace& ws) const {
  SplitWorkspace& w = Cast(ws);
  return prover_->Goal(Converted(s, w), role, *w.prover);
}

PlayoutResult SplitMachine::RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws,
                                          State* end, std::vector<PlayoutMove>* moves,
                                          const std::atomic<bool>* stop) const {
  if (terminal_in_net_)
    return net_->RandomPlayout(s, max_steps, rng, *Cast(ws).net, end, moves, stop);
  return StateMachine::RandomPlayout(s, max_steps, rng, ws, end, moves, stop);
}

}  // namespace ggp::reasoner
