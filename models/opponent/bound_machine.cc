#include "models/opponent/bound_machine.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace ggp::models {
namespace {

constexpr std::string_view kPairs[][2] = {
    {"up", "down"}, {"left", "right"}, {"north", "south"}, {"east", "west"}};

bool IsLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

// `name` with every direction word swapped: a whole word of the spelling ("up", "UP",
// "moveUp", "move_up", "upLeft" -> "downRight"), found case-insensitively where it starts
// and ends at a word boundary (the spelling's ends, a non-letter, or a camel-case capital),
// written in the case of what it replaces. Other text is copied.
std::string MirrorSpelling(std::string_view name) {
  std::string out;
  size_t i = 0;
  while (i < name.size()) {
    bool swapped = false;
    const bool starts_word = i == 0 || !IsLetter(name[i - 1]) || IsUpper(name[i]);
    for (const auto& pair : kPairs) {
      for (int side = 0; side < 2 && starts_word && !swapped; ++side) {
        const std::string_view word = pair[side];
        if (name.size() - i < word.size()) continue;
        bool match = true;
        for (size_t k = 0; k < word.size() && match; ++k) {
          match = std::tolower(static_cast<unsigned char>(name[i + k])) == word[k];
        }
        const size_t after = i + word.size();
        if (!match || (after < name.size() && IsLetter(name[after]) && !IsUpper(name[after]))) {
          continue;
        }
        // Case of the replaced word: all capitals, a leading capital, or lower case.
        bool all_upper = true;
        for (size_t k = 0; k < word.size(); ++k) all_upper = all_upper && IsUpper(name[i + k]);
        std::string other(pair[1 - side]);
        for (size_t k = 0; k < other.size(); ++k) {
          if (all_upper || (k == 0 && IsUpper(name[i]))) {
            other[k] = static_cast<char>(std::toupper(static_cast<unsigned char>(other[k])));
          }
        }
        out += other;
        i = after;
        swapped = true;
      }
    }
    if (!swapped) out += name[i++];
  }
  return out;
}

bool MirrorInto(const kif::Term& t, const kif::SymbolTable& symbols, kif::Term* out) {
  *out = t;
  if (!t.is_variable) {
    const std::string_view name = symbols.Name(t.symbol);
    const std::string mirrored = MirrorSpelling(name);
    if (mirrored != name) {
      const std::optional<kif::SymbolId> id = symbols.Find(mirrored);
      if (!id) return false;
      out->symbol = *id;
    }
  }
  for (size_t i = 0; i < t.args.size(); ++i) {
    if (!MirrorInto(t.args[i], symbols, &out->args[i])) return false;
  }
  return true;
}

}  // namespace

std::optional<kif::Term> MirrorTerm(const kif::Term& t, const kif::SymbolTable& symbols) {
  kif::Term out;
  if (!MirrorInto(t, symbols, &out)) return std::nullopt;
  return out;
}

struct BoundMachine::Scratch {
  std::unique_ptr<reasoner::Workspace> ws;
  reasoner::State next, end;
  std::vector<reasoner::Move> joint;
  std::vector<std::vector<reasoner::Move>> legal;  // per role
  reasoner::Rng rng;
};

BoundMachine::BoundMachine(std::shared_ptr<const reasoner::StateMachine> machine, int role)
    : machine_(std::move(machine)), role_(role) {}

BoundMachine::~BoundMachine() = default;

std::unique_ptr<BoundMachine::Scratch> BoundMachine::Acquire() const {
  uint64_t serial = 0;
  {
    std::lock_guard<std::mutex> lock(pool_mu_);
    if (!pool_.empty()) {
      std::unique_ptr<Scratch> s = std::move(pool_.back());
      pool_.pop_back();
      return s;
    }
    serial = ++scratches_made_;
  }
  auto s = std::make_unique<Scratch>();
  s->ws = machine_->NewWorkspace();
  s->rng.Seed(0x5EED0003ULL * serial + static_cast<uint64_t>(role_));
  const size_t roles = static_cast<size_t>(machine_->num_roles());
  s->joint.resize(roles);
  s->legal.resize(roles);
  return s;
}

void BoundMachine::Release(std::unique_ptr<Scratch> s) const {
  std::lock_guard<std::mutex> lock(pool_mu_);
  pool_.push_back(std::move(s));  // capacity kept: grows only with the number of scratches
}

bool BoundMachine::Rewards(const reasoner::State& s, std::span<const reasoner::Move> legal,
                           int simulations, int max_steps, std::span<float> q) const {
  std::fill(q.begin(), q.end(), 0.0f);
  std::unique_ptr<Scratch> x = Acquire();
  const int roles = machine_->num_roles();
  bool ok = true;
  for (int r = 0; r < roles && ok; ++r) {
    if (r == role_) continue;
    machine_->LegalMoves(s, r, *x->ws, &x->legal[static_cast<size_t>(r)]);
    ok = !x->legal[static_cast<size_t>(r)].empty();
  }
  const int sims = std::max(1, simulations);
  for (size_t i = 0; ok && i < legal.size(); ++i) {
    double sum = 0;
    for (int k = 0; k < sims; ++k) {
      for (int r = 0; r < roles; ++r) {
        const std::vector<reasoner::Move>& l = x->legal[static_cast<size_t>(r)];
        x->joint[static_cast<size_t>(r)] =
            r == role_ ? legal[i]
                       : l[l.size() == 1 ? 0 : x->rng.Below(static_cast<uint32_t>(l.size()))];
      }
      machine_->NextState(s, x->joint, *x->ws, &x->next);
      machine_->RandomPlayout(x->next, max_steps, x->rng, *x->ws, &x->end, nullptr, nullptr);
      const int goal = machine_->Goal(x->end, role_, *x->ws);
      sum += goal < 0 ? 0.0 : goal / 100.0;
    }
    q[i] = static_cast<float>(sum / sims);
  }
  if (ok) playouts_.fetch_add(static_cast<int64_t>(legal.size()) * sims, std::memory_order_relaxed);
  Release(std::move(x));
  return ok;
}

int64_t BoundMachine::playouts() const { return playouts_.load(std::memory_order_relaxed); }

reasoner::Move BoundMachine::Echo(int from, reasoner::Move m, bool mirror) const {
  if (from < 0 || from >= machine_->num_roles() || m < 0) return -1;
  const size_t f = static_cast<size_t>(from), id = static_cast<size_t>(m);
  auto& table = echo_[mirror ? 1 : 0];
  {
    std::shared_lock<std::shared_mutex> lock(echo_mu_);
    if (f < table.size() && id < table[f].size() && table[f][id] != kUnknown) return table[f][id];
  }
  // A miss: name the move (this builds terms), then remember it.
  reasoner::Move target = -1;
  const kif::Term term = machine_->MoveTerm(from, m);
  std::optional<kif::Term> wanted = mirror ? MirrorTerm(term, machine_->symbols()) : term;
  if (wanted) {
    if (const std::optional<reasoner::Move> found = machine_->FindMove(role_, *wanted))
      target = *found;
  }
  std::unique_lock<std::shared_mutex> lock(echo_mu_);
  if (table.size() <= f) table.resize(f + 1);
  if (table[f].size() <= id) table[f].resize(id + 1, kUnknown);
  table[f][id] = target;
  return target;
}

}  // namespace ggp::models
