// The letters of a transition as a short formula: a minimal sum of products found by
// Quine-McCluskey (prime implicants, essential ones first, then greedily the one covering most),
// printed deterministically ("p & !q | r").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace railyard::ltlf {

// `member[letter]` over 2^names.size() letters, bit j of a letter = names[j]. "true" when every
// letter is a member, "false" when none is.
std::string guard_text(const std::vector<char>& member, const std::vector<std::string>& names);

}  // namespace railyard::ltlf
