// The letters of a transition as a short formula: a minimal sum of products found by
// Quine-McCluskey (prime implicants, essential ones first, then greedily the one covering most),
// printed deterministically ("p & !q | r"). Atoms whose flip never changes membership are left
// out first (they would be free in every prime implicant), so a transition that tests few atoms
// costs little whatever the alphabet. Where Quine-McCluskey would pass a work budget (functions
// of many atoms with very many implicants) the terms come from splitting on one atom at a time
// instead: still exact, not always the fewest.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace railyard::ltlf {

// A literal of a guard: the atom names[atom], or its negation.
struct GuardLiteral {
  std::uint32_t atom = 0;
  bool positive = true;
  bool operator==(const GuardLiteral&) const = default;
};
using GuardTerm = std::vector<GuardLiteral>;  // a conjunction, atoms ascending; empty: true

// The guard as a sum of products in print order: no term for "false", one empty term for "true".
// `member` and `minterms` as for guard_text below, over 2^atom_count letters.
std::vector<GuardTerm> guard_terms(std::span<const char> member,
                                   std::span<const std::uint32_t> minterms,
                                   std::uint32_t atom_count);

// "p & !q | r"; "true", "false".
std::string guard_text(const std::vector<GuardTerm>& terms, const std::vector<std::string>& names);

// `member[letter]` over 2^names.size() letters, bit j of a letter = names[j]. "true" when every
// letter is a member, "false" when none is.
std::string guard_text(const std::vector<char>& member, const std::vector<std::string>& names);

// The same with the members listed too (`minterms`: the letters whose member is 1, ascending),
// which spares a scan of every letter.
std::string guard_text(std::span<const char> member, std::span<const std::uint32_t> minterms,
                       const std::vector<std::string>& names);

}  // namespace railyard::ltlf
