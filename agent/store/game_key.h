#pragma once
// The key under which the experience store files what the agent learned of a game: a
// stable 128-bit hash of the game's rules and of our role, written as 32 lower-case hex
// digits. The same game sent again (by another server, reformatted, rules shuffled) maps
// to the same key, so a later match finds what an earlier one stored.
//
// The key is a function of a canonical text (CanonicalGameText):
//   - the rules are normalised (gdl::Normalize, idempotent, so normalised and raw rules
//     give the same key; if normalisation refuses a hostile `or` expansion the rules are
//     taken as given);
//   - each rule is printed by this file's own printer, not gdl::ToString, so a change of
//     the project's print style cannot orphan stored documents: variables are renamed by
//     first occurrence (?0, ?1, ...; head first), body literals are sorted by their print
//     with variables masked (ties keep their order), single spaces;
//   - the printed rules are sorted and duplicates dropped;
//   - the order of the roles (the joint-move order of the protocol, which stored models
//     index) and the given role text are part of the key.
// Invariant to: the order of rules in the file, whitespace, line breaks, comments, keyword
// case (ROLE = role), variable names, the order of body literals (except between literals
// that differ only in their variables), duplicate rules, `or` written out or not.
// Not invariant to: any other change of a rule (constants, relation names, arities, the
// case of non-keyword symbols, which the reasoner keeps), the relative order of the
// (role ...) facts, or the role. A false match would need a 128-bit hash collision; a
// stored model is verified before use anyway.
//
// Stability: keys are written to disk. Changing the canonical text or the hash orphans
// every stored document; such a change must bump kGameKeyFormat (which is hashed in).
// game_key_test.cc pins a few values.
//
// Pure functions. Thread safe: they only read the rules and their symbol table (whose
// reads may run concurrently with interning, symbol_table.h). Never throw except
// std::bad_alloc.

#include <string>
#include <string_view>

#include "reasoner/gdl/description.h"

namespace ggp::agent::store {

inline constexpr int kGameKeyFormat = 1;

// The key of `role` (its term text, e.g. "white", as kif::ToString prints it) in the game
// of `normalised_rules`.
std::string GameKey(const gdl::Description& normalised_rules, std::string_view role);

// The rules alone, for every role: GameKey(rules, ""). For callers that predate the role
// in the key (agent/session); new code passes the role.
std::string GameKey(const gdl::Description& rules);

// The text GameKey hashes: a format line, the role line, the roles in order, then one
// canonical rule per line, sorted and unique. For tests and for debugging a key mismatch.
std::string CanonicalGameText(const gdl::Description& rules, std::string_view role);

// One rule in the canonical print described above, e.g. "(<= (p ?0) (q ?0 ?1) (r ?1))".
std::string CanonicalRule(const gdl::Rule& rule, const kif::SymbolTable& symbols);

// A 128-bit non-cryptographic hash of `bytes` (this file's own function: 64-bit words read
// little-endian, two lanes mixed with the splitmix64 finaliser), as 32 hex digits. The
// same on every platform and build.
std::string Hash128Hex(std::string_view bytes);

}  // namespace ggp::agent::store
